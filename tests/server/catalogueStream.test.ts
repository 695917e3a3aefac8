/**
 * The whole catalogue sent as it is read (catalogueStream.ts; docs/performance.md, The server and
 * the catalogue): each batch reaches the socket, gzip-flushed, before the next is read; what was
 * sent is kept for the version; a failure before the first batch is an error answer, one after it
 * cuts the body off so that no shorter list passes for the whole one. Over a real socket, since
 * Fastify's inject collects the whole body.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendWholeCatalogue } from '../../src/server/currency/catalogueStream';
import { catalogueChanged } from '../../src/server/currency/catalogueVersion';
import { eachCatalogueBatch, listCurrencies } from '../../src/server/currency/currencyRepo';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

const RESPONSE = z.array(z.object({ id: z.number() }));
const batchOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Currency ${from + i}` }));

/** A promise and its resolver, for a read that waits on what the client has seen. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let apps: FastifyInstance[] = [];
/** Requests the server has begun to handle. */
let requestsSeen = 0;
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

/** A server whose one route sends the catalogue `read` gives, keyed on `db`. */
async function serve(db: object, read: (take: (batch: unknown[]) => void) => Promise<void>) {
  const app = Fastify({ logger: false });
  apps.push(app);
  requestsSeen = 0;
  app.addHook('preHandler', async () => {
    requestsSeen += 1;
  });
  app.get('/catalogue', (request, reply) =>
    sendWholeCatalogue(request, reply, db, { response: RESPONSE, read }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/catalogue`;
}

function request(url: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject));
}

/** The whole body, or how it ended when it did not end well. */
function bodyOf(response: IncomingMessage): Promise<{ body: Buffer; cut: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve({ body: Buffer.concat(chunks), cut: !response.complete }));
    response.on('error', () => resolve({ body: Buffer.concat(chunks), cut: true }));
    response.on('aborted', () => resolve({ body: Buffer.concat(chunks), cut: true }));
  });
}

describe('the whole catalogue, sent as it is read', () => {
  it('gzip: the first batch can be inflated by the client before the second is read', async () => {
    const firstSeen = signal<string>();
    let reads = 0;
    const url = await serve({}, async (take) => {
      reads += 1;
      take(batchOf(1, 3));
      // The read goes on only once the client has inflated the first batch: were the answer
      // sent whole at the end, this would never happen and the test would time out.
      await firstSeen.promise;
      take(batchOf(4, 2));
    });
    const response = await request(url, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.etag).toMatch(/^"cat-/);
    const inflated: string[] = [];
    const ended = new Promise<void>((resolve) => {
      const gunzip = response.pipe(createGunzip());
      gunzip.on('data', (chunk: Buffer) => {
        inflated.push(chunk.toString('utf8'));
        firstSeen.resolve(inflated.join(''));
      });
      gunzip.on('end', resolve);
    });
    expect(await firstSeen.promise).toBe(JSON.stringify(batchOf(1, 3)).slice(0, -1));
    await ended;
    expect(JSON.parse(inflated.join(''))).toEqual([...batchOf(1, 3), ...batchOf(4, 2)]);

    // What was sent is kept for the version: the next request reads nothing. (Five short records
    // are too short to compress: a kept answer is sent as any built one, catalogueAnswer.ts.)
    const kept = await bodyOf(await request(url, { 'accept-encoding': 'gzip' }));
    expect(JSON.parse(kept.body.toString('utf8'))).toEqual([...batchOf(1, 3), ...batchOf(4, 2)]);
    expect(reads).toBe(1);
  });

  it('plain: each batch reaches the client before the next is read; an empty read is []', async () => {
    const firstSeen = signal();
    const url = await serve({}, async (take) => {
      take(batchOf(1, 2));
      await firstSeen.promise;
      take([]);
      take(batchOf(3, 1));
    });
    const response = await request(url);
    expect(response.headers['content-encoding']).toBeUndefined();
    const text: string[] = [];
    response.on('data', (chunk: Buffer) => {
      text.push(chunk.toString('utf8'));
      firstSeen.resolve();
    });
    await new Promise((resolve) => response.on('end', resolve));
    expect(text[0]).toBe('[{"id":1,"name":"Currency 1"},{"id":2,"name":"Currency 2"}');
    expect(JSON.parse(text.join(''))).toEqual([...batchOf(1, 2), ...batchOf(3, 1)]);

    const empty = await serve({}, async () => undefined);
    expect((await bodyOf(await request(empty))).body.toString('utf8')).toBe('[]');
  });

  it('a request that comes during the read waits for it, and gets the same list', async () => {
    const secondAsked = signal();
    let reads = 0;
    const url = await serve({}, async (take) => {
      reads += 1;
      take(batchOf(1, 2));
      await secondAsked.promise;
      take(batchOf(3, 2));
    });
    const first = await request(url, { 'accept-encoding': 'gzip' });
    const second = request(url);
    // The second request is in the server's hands once its headers have been parsed; the read
    // then goes on. Waiting on the server's own count of requests keeps this free of timing.
    await waitUntil(() => requestsSeen >= 2);
    secondAsked.resolve();
    const [a, b] = await Promise.all([bodyOf(first), second.then(bodyOf)]);
    expect(JSON.parse(gunzipSync(a.body).toString('utf8'))).toHaveLength(4);
    expect(JSON.parse(b.body.toString('utf8'))).toEqual([...batchOf(1, 2), ...batchOf(3, 2)]);
    expect(reads).toBe(1);
  });

  it('a failure before the first batch is an error answer; the next request reads again', async () => {
    let reads = 0;
    const url = await serve({}, async (take) => {
      reads += 1;
      if (reads === 1) throw new Error('the database went away');
      take(batchOf(1, 1));
    });
    const failed = await request(url);
    expect(failed.statusCode).toBe(500);
    await bodyOf(failed);
    const again = await bodyOf(await request(url));
    expect(JSON.parse(again.body.toString('utf8'))).toEqual(batchOf(1, 1));
    expect(reads).toBe(2);
  });

  it('a failure after the first batch cuts the body off: never a shorter list that reads whole', async () => {
    let reads = 0;
    const answered = signal();
    const url = await serve({}, async (take) => {
      reads += 1;
      take(batchOf(1, 2));
      if (reads > 1) return take(batchOf(3, 1));
      // Once the client has the answer's status: the failure comes in the middle of its body.
      await answered.promise;
      throw new Error('the database went away');
    });
    const cut = await request(url, { 'accept-encoding': 'gzip' });
    expect(cut.statusCode).toBe(200);
    const ended = bodyOf(cut);
    answered.resolve();
    const { body, cut: wasCut } = await ended;
    expect(wasCut).toBe(true);
    expect(() => JSON.parse(gunzipSync(body, { finishFlush: 2 }).toString('utf8'))).toThrow();
    // Nothing was kept for the version: the next request reads it again, whole.
    const again = await bodyOf(await request(url));
    expect(again.cut).toBe(false);
    expect(JSON.parse(again.body.toString('utf8'))).toHaveLength(3);
    expect(reads).toBe(2);
  });

  it('a failure before any byte left is an error answer: neither gzip nor the version', async () => {
    const url = await serve({}, async (take) => {
      take(batchOf(1, 2));
      throw new Error('the database went away');
    });
    const failed = await request(url, { 'accept-encoding': 'gzip' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-encoding']).toBeUndefined();
    expect(failed.headers.etag).toBeUndefined();
    const { body } = await bodyOf(failed);
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ statusCode: 500 });
  });

  it('a batch outside the declared response is never sent: the body is cut off before it', async () => {
    const answered = signal();
    const url = await serve({}, async (take) => {
      take(batchOf(1, 2));
      await answered.promise;
      take([{ id: 'three' }]);
    });
    const response = await request(url);
    expect(response.statusCode).toBe(200);
    const ended = bodyOf(response);
    answered.resolve();
    const { body, cut } = await ended;
    expect(cut).toBe(true);
    expect(body.toString('utf8')).not.toContain('three');
  });

  it('a new version is read again; the old tag gets it', async () => {
    const db = {};
    let reads = 0;
    const url = await serve(db, async (take) => {
      reads += 1;
      take(batchOf(reads * 10, 1));
    });
    const first = await request(url);
    const tag = first.headers.etag as string;
    await bodyOf(first);
    expect((await request(url, { 'if-none-match': tag })).statusCode).toBe(304);
    catalogueChanged(db);
    const after = await request(url, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(JSON.parse((await bodyOf(after)).body.toString('utf8'))).toEqual(batchOf(20, 1));
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(ENGINES)('the catalogue read in batches on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer2' });

  it('gives the list listCurrencies gives, in order, a batch at a time', async () => {
    const db = api.server.context.db;
    const batches: unknown[][] = [];
    // Between two batches the event loop turns (PGlite answers within one chain of promises), so
    // that the batch taken is compressed and written before the next is read.
    let turned = true;
    await eachCatalogueBatch(
      db,
      (batch) => {
        expect(turned).toBe(true);
        turned = false;
        setImmediate(() => (turned = true));
        batches.push(batch);
      },
      500,
    );
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.slice(0, -1).every((batch) => batch.length === 500)).toBe(true);
    expect(batches.flat()).toEqual(await listCurrencies(db));
  });
});
