import { PassThrough } from 'node:stream';
import { constants, createGzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { responseProblem } from '../http/checkResponse';
import {
  acceptsGzip,
  GZIP_OPTIONS,
  JSON_TYPE,
  matchesTag,
  outsideResponse,
  sendBuilt,
  withTag,
  type CatalogueRequest,
} from './catalogueAnswer';
import { catalogueTag, catalogueVersion, type BuiltAnswer } from './catalogueVersion';

/** The whole catalogue, read in batches in its order (currencyRepo.ts, eachCatalogueBatch). */
export interface WholeCatalogue {
  response: z.ZodType;
  read(take: (batch: unknown[]) => void): Promise<void>;
}

/**
 * GET get-currencies: the whole catalogue with its validator (catalogueAnswer.ts). 304 and no work
 * when If-None-Match names the current version; the version already built is sent as it was kept.
 * Otherwise the catalogue is sent as it is read, a batch at a time, each checked against the
 * declared response, so that the console inflates and scans one batch while the next is read
 * (docs/performance.md, The server and the catalogue). What was sent is kept for the version.
 *
 * A failure before the first batch is an error answer, as any call's. One after it (the database,
 * or a batch outside the declared response) cuts the answer off: the console sees a body that ended
 * early, never a shorter list taken for the whole one.
 */
export async function sendWholeCatalogue(
  request: CatalogueRequest,
  reply: FastifyReply,
  db: object,
  answer: WholeCatalogue,
): Promise<FastifyReply> {
  const state = catalogueVersion(db);
  // Read before the query: a write that lands meanwhile bumps past it, never under it.
  const version = state.version;
  const tag = catalogueTag(version);
  if (matchesTag(request.headers['if-none-match'], tag))
    return withTag(reply, tag).code(304).send();

  const kept = state.built?.version === version ? state.built : null;
  if (kept) {
    const built = await kept.whole.catch((error: unknown) => {
      if (state.built === kept) state.built = null;
      throw error;
    });
    return sendBuilt(request, withTag(reply, tag), built);
  }

  const sending = sendWhileRead(request, reply, answer, tag);
  const whole = sending.then(({ built, failure }) => built ?? Promise.reject(failure));
  // Nobody may wait on it; a failure is this request's to answer.
  whole.catch(() => undefined);
  const entry = { version, whole };
  // A request that comes meanwhile waits for this one's read rather than reading again.
  if (state.version === version) state.built = entry;
  // A rejection (zlib, or sending an empty catalogue) is the caller's error answer.
  const sent = await sending.catch((failure: unknown): Sent => ({
    built: null,
    outcome: 'not started',
    failure,
  }));
  if (sent.built) return reply;
  if (state.built === entry) state.built = null;
  if (sent.outcome === 'not started') throw sent.failure;
  // A cut-off is a server failure as any other, though its answer could only be cut short.
  if (sent.outcome === 'cut off')
    console.error('[server] the catalogue was cut off while it was sent', sent.failure);
  return reply;
}

/**
 * How a read and send ended: what was sent (null if it failed), and how a failure reached the
 * client: not started (nothing handed to Fastify; the caller's error answer), answered as an error
 * (handed over but no byte sent yet: Fastify answers the stream's error), or cut off.
 */
interface Sent {
  built: BuiltAnswer | null;
  outcome: 'sent' | 'not started' | 'answered as an error' | 'cut off';
  failure: unknown;
}

/** The catalogue read and sent batch by batch; settles once all of it is handed to the socket. */
async function sendWhileRead(
  request: CatalogueRequest,
  reply: FastifyReply,
  answer: WholeCatalogue,
  tag: string,
): Promise<Sent> {
  const gzipped = acceptsGzip(request.headers['accept-encoding']);
  const pieces: string[] = [];
  const zipped: Buffer[] = [];
  // The answer's body: a pass-through Fastify pipes to the socket. Written without waiting for the
  // socket to drain, so a slow reader never holds the read's transaction open; what waits is at
  // most the catalogue's 1.3 MB of gzip.
  const body = new PassThrough();
  // Fastify listens once it pipes the body, after its hooks: a read that fails before then must
  // not be an error nobody hears. Fastify still sees it (the stream is destroyed with it).
  body.on('error', () => undefined);
  const zipper = gzipped ? createGzip(GZIP_OPTIONS) : null;
  const zipEnded = zipper
    ? new Promise<void>((resolve, reject) => {
        zipper.on('data', (chunk: Buffer) => {
          zipped.push(chunk);
          body.write(chunk);
        });
        zipper.once('end', () => {
          body.end();
          resolve();
        });
        zipper.once('error', reject);
      })
    : Promise.resolve();
  // Awaited once the read has ended; a zlib failure meanwhile is not one nobody hears.
  zipEnded.catch(() => undefined);
  let started = false;
  const write = (text: string) => {
    if (!started) {
      started = true;
      // The validator's headers go with the list only, never with an error answer.
      void withTag(reply, tag).type(JSON_TYPE);
      if (zipper) void reply.header('content-encoding', 'gzip');
      void reply.send(body);
    }
    if (!zipper) return body.write(text);
    zipper.write(text);
    // Flushed, so that the console can inflate this batch before the next is read.
    zipper.flush(constants.Z_SYNC_FLUSH);
  };

  try {
    await answer.read((batch) => {
      const problem = responseProblem(answer.response, batch);
      if (problem !== null) throw outsideResponse(problem);
      if (batch.length === 0) return;
      const piece = (pieces.length === 0 ? '[' : ',') + JSON.stringify(batch).slice(1, -1);
      pieces.push(piece);
      write(piece);
    });
  } catch (failure) {
    zipper?.destroy();
    if (!started) return { built: null, outcome: 'not started', failure };
    // No byte sent yet: Fastify answers the body's error with the app's error answer, which
    // must not say it is gzip or name the version.
    const unsent = !reply.raw.headersSent;
    if (unsent) for (const name of LIST_HEADERS) reply.removeHeader(name);
    body.destroy(failure instanceof Error ? failure : new Error(String(failure)));
    return { built: null, outcome: unsent ? 'answered as an error' : 'cut off', failure };
  }
  if (!started) {
    // An empty catalogue: too short to compress, sent as a built answer is.
    const built = { json: '[]', gzip: null };
    await sendBuilt(request, withTag(reply, tag), built);
    return { built, outcome: 'sent', failure: null };
  }
  pieces.push(']');
  if (zipper) zipper.end(']');
  else body.end(']');
  await zipEnded;
  return {
    built: {
      json: pieces.join(''),
      gzip: zipper ? Promise.resolve(Buffer.concat(zipped)) : null,
    },
    outcome: 'sent',
    failure: null,
  };
}

/** The headers a list's answer is given once its first batch is sent. */
const LIST_HEADERS = ['content-encoding', 'content-type', 'etag', 'cache-control', 'vary'];
