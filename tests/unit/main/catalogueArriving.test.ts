/**
 * The catalogue read as it arrives (conditionalRead.ts, contentDecoding.ts's decodeArrivingInChunks,
 * arrivingBody.ts; docs/performance.md, The server and the catalogue): our server sends it while it
 * reads it, and core inflates and scans each part while the next is on its way, through Node's
 * http and through a fetch alike. A body that breaks off is a clear failure, never a shorter list;
 * a failure's own message and the refresh-and-retry on 401 stay as for every call.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import axios from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BodyCutError,
  ContentDecodingError,
  decodeArrivingInChunks,
} from '../../../src/main/core/api/contentDecoding';
import { createApiClient } from '../../../src/main/core/api/apiClient';
import { UNREACHABLE_MESSAGE, toBridgeError } from '../../../src/main/core/bridgeFailure';
import { ChunkPool } from '../../../src/main/core/catalogue/chunkPool';
import { readCatalogue } from '../../../src/main/core/catalogue/conditionalRead';
import { ListScan } from '../../../src/main/core/catalogue/listScan';
import type { Currency } from '../../../src/shared/api/records';

const RECORDS = Array.from({ length: 3000 }, (_, i) => ({
  currencyId: i + 1,
  name: `Arriving coin ${i + 1} ✓`,
  uniqueName: `arriving-${i + 1}`,
  rank: i + 1,
  padding: 'y'.repeat(120),
}));
const TEXT = JSON.stringify(RECORDS);
/** Where the first part ends: inside a record, as a batch's bytes may. */
const CUT = Math.floor(TEXT.length / 3) + 7;

/** A promise and its resolver. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A gzip stream of `text` written in two parts; the first is flushed before the second is read. */
async function gzipParts(text: string, cut: number): Promise<[Buffer, Buffer]> {
  const zipper = zlib.createGzip();
  const out: Buffer[] = [];
  zipper.on('data', (chunk: Buffer) => out.push(chunk));
  zipper.write(text.slice(0, cut));
  await new Promise<void>((done) => zipper.flush(zlib.constants.Z_SYNC_FLUSH, () => done()));
  const first = Buffer.concat(out.splice(0));
  const ended = new Promise((done) => zipper.on('end', done));
  zipper.end(text.slice(cut));
  await ended;
  return [first, Buffer.concat(out)];
}

describe('decodeArrivingInChunks: a body handed over as it arrives', () => {
  it('gzip: the first part is inflated and taken before the second has arrived', async () => {
    const [first, rest] = await gzipParts(TEXT, CUT);
    const taken = signal();
    const chunks: Buffer[] = [];
    async function* arriving() {
      yield first;
      // Were nothing taken until the body's end, this would never go on (the test times out).
      await taken.promise;
      yield rest;
    }
    await decodeArrivingInChunks(arriving(), 'gzip', (chunk) => {
      chunks.push(chunk);
      taken.resolve();
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).toString()).toBe(TEXT);
  });

  it('no coding: each piece taken as it comes; another coding decoded once all has come', async () => {
    const pieces = [Buffer.from(TEXT.slice(0, CUT)), Buffer.from(TEXT.slice(CUT))];
    const taken: Buffer[] = [];
    async function* arriving() {
      yield pieces[0]!;
      expect(taken).toEqual([pieces[0]]);
      yield pieces[1]!;
    }
    await decodeArrivingInChunks(arriving(), undefined, (chunk) => taken.push(chunk));
    expect(taken).toEqual(pieces);

    const brotli = zlib.brotliCompressSync(TEXT, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    const whole: Buffer[] = [];
    async function* twoHalves() {
      yield brotli.subarray(0, 100);
      yield brotli.subarray(100);
    }
    await decodeArrivingInChunks(twoHalves(), 'br', (chunk) => whole.push(chunk));
    expect(whole.map((chunk) => chunk.toString())).toEqual([TEXT]);
  });

  it('a body that breaks off fails as cut; a bad body and the taker fail as they are', async () => {
    const [first] = await gzipParts(TEXT, CUT);
    async function* breaking() {
      yield first;
      throw new Error('aborted');
    }
    await expect(decodeArrivingInChunks(breaking(), 'gzip', () => undefined)).rejects.toThrow(
      BodyCutError,
    );
    async function* once(body: Buffer) {
      yield body;
    }
    await expect(
      decodeArrivingInChunks(once(Buffer.from('not gzip at all')), 'gzip', () => undefined),
    ).rejects.toThrow(ContentDecodingError);
    const taker = new Error('no room');
    let stopped = false;
    async function* endless() {
      try {
        yield first;
        for (;;) {
          await new Promise((resolve) => setImmediate(resolve));
          yield Buffer.alloc(0);
        }
      } finally {
        stopped = true;
      }
    }
    await expect(
      decodeArrivingInChunks(endless(), 'gzip', () => {
        throw taker;
      }),
    ).rejects.toBe(taker);
    // The body is let go of, not read on.
    expect(stopped).toBe(true);
  });
});

let server: Server | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = null;
});

async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  server = createServer(answer);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A server that sends a gzip answer's first part, then does `then` once core has scanned some of
 * it (ListScan.push watched), so that what follows happens while the body is arriving.
 */
async function firstPartThen(first: Buffer, then: (response: ServerResponse) => void) {
  const scanned = signal();
  const push = ListScan.prototype.push;
  vi.spyOn(ListScan.prototype, 'push').mockImplementation(function (this: ListScan, chunk) {
    push.call(this, chunk);
    scanned.resolve();
  });
  return serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.write(first);
    void scanned.promise.then(() => then(response));
  });
}

const viaHttp = (base: string) => axios.create({ baseURL: base });
const viaFetch = (base: string) =>
  axios.create({ baseURL: base, adapter: 'fetch', env: { fetch } });

async function namesOf(read: ReturnType<typeof readCatalogue>) {
  const answered = await read;
  if (answered.kind !== 'fresh') throw new Error('expected a full answer');
  return answered.rows.slice(0, answered.rows.length).map((row: Currency) => row.name);
}

describe.each([
  ['Node http (inflated by core)', viaHttp],
  ['fetch (inflated by fetch)', viaFetch],
])('readCatalogue through %s, as the answer arrives', (_, client) => {
  it('scans the first part while the rest is still on its way', async () => {
    const [first, rest] = await gzipParts(TEXT, CUT);
    // The rest only once core has scanned some of the first part.
    const base = await firstPartThen(first, (response) => response.end(rest));
    const pool = new ChunkPool();
    expect(await namesOf(readCatalogue(client(base), '', null, pool))).toEqual(
      RECORDS.map((record) => record.name),
    );
  });

  it('a body that breaks off is a failure to reach the server, never a shorter list', async () => {
    const [first] = await gzipParts(TEXT, CUT);
    // The connection breaks once core has read some of the body.
    const base = await firstPartThen(first, (response) => response.destroy());
    // Every piece pooled (smallest 0): what was read of the body comes back to the pool.
    const pool = new ChunkPool(24, 0);
    const failure = await readCatalogue(client(base), '', null, pool).catch(
      (error: unknown) => error,
    );
    expect(toBridgeError(failure)).toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
    expect(pool.size()).toBeGreaterThan(0);
  });
});

describe.each([
  ['Node http', (base: string) => axios.create({ baseURL: base, timeout: 300 })],
  [
    'fetch',
    (base: string) =>
      axios.create({ baseURL: base, timeout: 300, adapter: 'fetch', env: { fetch } }),
  ],
])('readCatalogue through %s given up while the body arrives', (_, client) => {
  it("fails as a call given up after the settings' timeout, not as a broken connection", async () => {
    const [first] = await gzipParts(TEXT, CUT);
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      // The rest never comes.
      response.write(first);
    });
    const failure = await readCatalogue(client(base), '', null).catch((error: unknown) => error);
    expect(toBridgeError(failure)).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});

describe('readCatalogue through the API client', () => {
  it('a 401 is refreshed and retried, and a failure keeps its own message', async () => {
    let asked = 0;
    const base = await serve((request, response) => {
      asked += 1;
      if (request.headers.authorization !== 'Bearer fresh') {
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: 'invalid_token' }));
      }
      if (request.url?.endsWith('-includes-down')) {
        response.writeHead(503, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return response.end(zlib.gzipSync(JSON.stringify({ message: 'Rebuilding the list.' })));
      }
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(zlib.gzipSync(TEXT));
    });
    let token = 'stale';
    const session: Parameters<typeof createApiClient>[1] & {
      refreshAccessToken: ReturnType<typeof vi.fn>;
    } = {
      accessToken: () => token,
      userId: () => 'user-1',
      isLogged: () => true,
      isStale: () => false,
      refreshAccessToken: vi.fn(async () => {
        token = 'fresh';
        return token;
      }),
      signOut: async () => {
        throw new Error('nobody is signed out here');
      },
    };
    const api = createApiClient(base, session);
    expect(await namesOf(readCatalogue(api, '', null))).toHaveLength(RECORDS.length);
    expect(session.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(asked).toBe(2);
    const failure = await readCatalogue(api, 'down', null).catch((error: unknown) => error);
    expect(toBridgeError(failure)).toMatchObject({ status: 503, message: 'Rebuilding the list.' });
  });
});
