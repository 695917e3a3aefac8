import { promisify } from 'node:util';
import { gzip as gzipCallback, constants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { responseProblem } from '../http/checkResponse';
import { catalogueTag, catalogueVersion, type BuiltAnswer } from './catalogueVersion';

const gzip = promisify(gzipCallback);

/** Answers smaller than this go uncompressed: gzip would cost more than it saves. */
const COMPRESS_FROM = 1024;

/** Whether If-None-Match names this tag (a list, a weak form of it, or *). */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((entry) => entry.trim().replace(/^W\//, ''))
    .some((entry) => entry === tag || entry === '*');
}

/** Whether Accept-Encoding takes gzip (named, or *, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzipQ: number | null = null;
  let anyQ: number | null = null;
  for (const entry of text.split(',')) {
    const [name, ...params] = entry.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') gzipQ = Number.isFinite(q) ? q : 0;
    if (name === '*') anyQ = Number.isFinite(q) ? q : 0;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}

/** Level 1: at 13 MB, the fastest level is already ten times smaller and several times quicker. */
export const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };
const compress = (json: string) => gzip(json, GZIP_OPTIONS);

/** The content type of every catalogue answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export interface CatalogueRequest {
  headers: Record<string, string | string[] | undefined>;
}

/** The validator's headers of a catalogue answer (200 and 304 alike). */
export const withTag = (reply: FastifyReply, tag: string) =>
  reply.header('etag', tag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');

/**
 * A catalogue answer built whole, sent as it is or gzip-compressed when Accept-Encoding allows and
 * it is large enough to gain from it.
 */
export async function sendBuilt(
  request: CatalogueRequest,
  reply: FastifyReply,
  built: BuiltAnswer,
): Promise<FastifyReply> {
  void reply.type(JSON_TYPE);
  if (built.json.length < COMPRESS_FROM || !acceptsGzip(request.headers['accept-encoding']))
    return reply.send(built.json);
  built.gzip ??= compress(built.json);
  const body = await built.gzip;
  return reply.header('content-encoding', 'gzip').send(body);
}

/** The error of a catalogue built outside its declared response: it is never sent. */
export const outsideResponse = (problem: string) =>
  new Error(`The catalogue answered outside its declared response: ${problem}`);

/**
 * A search in the catalogue (get-currencies-includes) with the catalogue's validator: 304 and no
 * work when If-None-Match names the current version; otherwise the list as JSON, gzip-compressed
 * when Accept-Encoding allows, with the version's ETag. A search is built on each miss, it is
 * small; the whole catalogue is sent as it is read (catalogueStream.ts). What is built is checked
 * against the declared response (checkResponse.ts) as every answer is.
 */
export async function sendCatalogue(
  request: CatalogueRequest,
  reply: FastifyReply,
  db: object,
  answer: { response: z.ZodType; build(): Promise<unknown[]> },
): Promise<FastifyReply> {
  // Read before the query: a write that lands meanwhile bumps past it, never under it.
  const tag = catalogueTag(catalogueVersion(db).version);
  if (matchesTag(request.headers['if-none-match'], tag))
    return withTag(reply, tag).code(304).send();
  const list = await answer.build();
  const problem = responseProblem(answer.response, list);
  if (problem !== null) throw outsideResponse(problem);
  return sendBuilt(request, withTag(reply, tag), { json: JSON.stringify(list), gzip: null });
}
