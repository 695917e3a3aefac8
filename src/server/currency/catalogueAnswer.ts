import { promisify } from 'node:util';
import { gzip as gzipCallback, constants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { responseProblem } from '../http/checkResponse';
import { catalogueTag, catalogueVersion } from './catalogueVersion';

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
const compress = (json: string) => gzip(json, { level: constants.Z_BEST_SPEED });

interface CatalogueRequest {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A catalogue answer (get-currencies, or a search when `whole` is false) with its validator:
 * 304 and no work when If-None-Match names the current version; otherwise the list as JSON,
 * gzip-compressed when Accept-Encoding allows, with the version's ETag. The whole catalogue is
 * built (and compressed) once per version; a search is built on each miss, it is small. What is
 * built is checked against the declared response (checkResponse.ts) as every answer is.
 */
export async function sendCatalogue(
  request: CatalogueRequest,
  reply: FastifyReply,
  db: object,
  answer: { whole: boolean; response: z.ZodType; build(): Promise<unknown[]> },
): Promise<FastifyReply> {
  const state = catalogueVersion(db);
  // Read before the query: a write that lands meanwhile bumps past it, never under it.
  const version = state.version;
  const tag = catalogueTag(version);
  const validated = () =>
    reply.header('etag', tag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (matchesTag(request.headers['if-none-match'], tag)) return validated().code(304).send();

  const built =
    answer.whole && state.built?.version === version
      ? state.built
      : { version, json: buildJson(answer), gzip: null as Promise<Buffer> | null };
  if (answer.whole && state.version === version) state.built = built;
  const json = await built.json.catch((error: unknown) => {
    if (state.built === built) state.built = null;
    throw error;
  });

  void validated().type('application/json; charset=utf-8');
  if (json.length < COMPRESS_FROM || !acceptsGzip(request.headers['accept-encoding']))
    return reply.send(json);
  built.gzip ??= compress(json);
  const body = await built.gzip;
  return reply.header('content-encoding', 'gzip').send(body);
}

async function buildJson(answer: { response: z.ZodType; build(): Promise<unknown[]> }) {
  const list = await answer.build();
  const problem = responseProblem(answer.response, list);
  if (problem !== null)
    throw new Error(`The catalogue answered outside its declared response: ${problem}`);
  return JSON.stringify(list);
}
