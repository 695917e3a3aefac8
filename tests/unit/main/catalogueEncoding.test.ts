/**
 * docs/performance.md, The server and the catalogue: through Node's http (browser mode) core reads
 * the catalogue's bytes as sent and decodes them itself (contentDecoding.ts), in one call instead
 * of axios's 16 KiB stream. Every Content-Encoding a provider may send still reads, an unknown one
 * is a clear error, and a failure's message survives; through a fetch (Electron's net.fetch) the
 * body comes decoded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCatalogue } from '../../../src/main/core/catalogue/conditionalRead';
import { ChunkPool } from '../../../src/main/core/catalogue/chunkPool';
import { toBridgeError } from '../../../src/main/core/bridgeFailure';
import {
  ContentDecodingError,
  decodeContentInChunks,
} from '../../../src/main/core/api/contentDecoding';
import type { Currency } from '../../../src/shared/api/records';

/** What ran inside withRoomToGrow (youngGeneration.ts), and what it gave back. */
const roomToGrow = vi.hoisted(() => ({ results: [] as unknown[] }));
vi.mock('../../../src/main/core/youngGeneration', () => ({
  withRoomToGrow: <T>(work: () => T): T => {
    const result = work();
    roomToGrow.results.push(result);
    return result;
  },
}));

const CURRENCIES = Array.from({ length: 120 }, (_, i) => ({
  currencyId: i + 1,
  name: `Coin ${i + 1} ✓`,
  uniqueName: `coin-${i + 1}`,
  rank: i + 1,
}));
const JSON_TEXT = JSON.stringify(CURRENCIES);
/** A list of some 3 MB: inflated in several 1 MiB chunks, records cut between them. */
const LARGE = Array.from({ length: 12_000 }, (_, i) => ({
  currencyId: i + 1,
  name: `Large coin ${i + 1} "quoted" \\ [ü]`,
  uniqueName: `large-${i + 1}`,
  website: [`https://large-${i + 1}.example`],
  socials: { twitter: `https://x.com/large${i + 1}`, reddit: null },
  padding: 'x'.repeat(180),
}));

type Answer = { status: number; encoding?: string; body: Buffer };
const ANSWERS: Record<string, () => Answer> = {
  gzip: () => ({ status: 200, encoding: 'gzip', body: zlib.gzipSync(JSON_TEXT) }),
  'x-gzip': () => ({ status: 200, encoding: 'x-gzip', body: zlib.gzipSync(JSON_TEXT) }),
  deflate: () => ({ status: 200, encoding: 'deflate', body: zlib.deflateSync(JSON_TEXT) }),
  'raw-deflate': () => ({ status: 200, encoding: 'deflate', body: zlib.deflateRawSync(JSON_TEXT) }),
  br: () => ({ status: 200, encoding: 'br', body: zlib.brotliCompressSync(JSON_TEXT) }),
  'gzip-then-br': () => ({
    status: 200,
    encoding: 'gzip, br',
    body: zlib.brotliCompressSync(zlib.gzipSync(JSON_TEXT)),
  }),
  plain: () => ({ status: 200, body: Buffer.from(`\ufeff${JSON_TEXT}`) }),
  large: () => ({ status: 200, encoding: 'gzip', body: zlib.gzipSync(JSON.stringify(LARGE)) }),
  zstd: () => ({ status: 200, encoding: 'zstd', body: Buffer.from('not for us') }),
  'charset-as-coding': () => ({ status: 200, encoding: 'utf-8', body: Buffer.from(JSON_TEXT) }),
  'cut-short': () => ({
    status: 200,
    encoding: 'gzip',
    body: zlib.gzipSync(JSON_TEXT).subarray(0, 200),
  }),
  broken: () => ({ status: 200, encoding: 'gzip', body: Buffer.from('not gzip at all') }),
  failed: () => ({
    status: 503,
    encoding: 'gzip',
    body: zlib.gzipSync(JSON.stringify({ message: 'The catalogue is being rebuilt.' })),
  }),
};

let server: Server;
let base: string;
/** The search text names the answer: get-currencies-includes-{kind}. */
function answer(request: IncomingMessage, response: ServerResponse) {
  const kind = decodeURIComponent(request.url ?? '').split('get-currencies-includes-')[1] ?? '';
  const made = ANSWERS[kind]?.() ?? { status: 404, body: Buffer.from('') };
  response.writeHead(made.status, {
    'content-type': 'application/json',
    ...(made.encoding ? { 'content-encoding': made.encoding } : {}),
  });
  response.end(made.body);
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const viaHttp = () => axios.create({ baseURL: base });
const viaFetch = () => axios.create({ baseURL: base, adapter: 'fetch', env: { fetch } });

async function namesOf(read: ReturnType<typeof readCatalogue>) {
  const answered = await read;
  if (answered.kind !== 'fresh') throw new Error('expected a full answer');
  return answered.rows.slice(0, answered.rows.length).map((row: Currency) => row.name);
}

const EXPECTED = CURRENCIES.map((c) => c.name);

describe.each([
  ['Node http (decoded by core)', viaHttp],
  ['fetch (decoded by fetch)', viaFetch],
])('the catalogue read through %s', (_, client) => {
  it.each(['gzip', 'x-gzip', 'deflate', 'br', 'plain'])('reads a %s answer whole', async (kind) => {
    expect(await namesOf(readCatalogue(client(), kind, null))).toEqual(EXPECTED);
  });

  it("keeps a failed answer's own message", async () => {
    const failure = await readCatalogue(client(), 'failed', null).catch((e: unknown) => e);
    expect(toBridgeError(failure)).toMatchObject({
      status: 503,
      message: 'The catalogue is being rebuilt.',
    });
  });
});

describe('codings only core decodes (Node http)', () => {
  it('reads deflate sent without its zlib header, and two codings in a row', async () => {
    expect(await namesOf(readCatalogue(viaHttp(), 'raw-deflate', null))).toEqual(EXPECTED);
    expect(await namesOf(readCatalogue(viaHttp(), 'gzip-then-br', null))).toEqual(EXPECTED);
  });

  it('reads a body whose coding it does not know as sent, as axios did', async () => {
    expect(await namesOf(readCatalogue(viaHttp(), 'charset-as-coding', null))).toEqual(EXPECTED);
  });

  it('says which coding it cannot read, and when a body is not what its coding says', async () => {
    const unknown = await readCatalogue(viaHttp(), 'zstd', null).catch((e: unknown) => e);
    expect(toBridgeError(unknown)).toEqual({
      status: 502,
      code: 'BAD_ANSWER',
      message:
        'The server sent an unreadable currency list (it is encoded as "zstd", which the console cannot read).',
    });
    const broken = await readCatalogue(viaHttp(), 'broken', null).catch((e: unknown) => e);
    expect(toBridgeError(broken).message).toBe(
      'The server sent an unreadable currency list (it is not valid gzip).',
    );
    // Cut short, gzip gives what it holds (as axios decoded it): half a list is not a list.
    const cut = await readCatalogue(viaHttp(), 'cut-short', null).catch((e: unknown) => e);
    expect(toBridgeError(cut).message).toBe('The server sent an unreadable currency list.');
  });
});

describe("the catalogue's read", () => {
  it('finds the records without parsing the list whole: nothing needs room to grow', async () => {
    roomToGrow.results.length = 0;
    expect(await namesOf(readCatalogue(viaHttp(), 'gzip', null))).toEqual(EXPECTED);
    expect(await namesOf(readCatalogue(viaFetch(), 'plain', null))).toEqual(EXPECTED);
    expect(roomToGrow.results).toHaveLength(0);
  });

  it('reads a body that is not a list whole, with room to grow, and says what it is', async () => {
    roomToGrow.results.length = 0;
    const cut = await readCatalogue(viaHttp(), 'cut-short', null).catch((e: unknown) => e);
    expect(toBridgeError(cut).message).toBe('The server sent an unreadable currency list.');
    expect(roomToGrow.results).toHaveLength(1);
  });

  it('reads a list of several megabytes inflated a chunk at a time, each record in order', async () => {
    const answered = await readCatalogue(viaHttp(), 'large', null);
    if (answered.kind !== 'fresh') throw new Error('expected a full answer');
    expect(answered.rows.length).toBe(LARGE.length);
    expect(answered.rows.slice(0, 2).map((row) => row.name)).toEqual([
      LARGE[0]!.name,
      LARGE[1]!.name,
    ]);
    expect(answered.rows.slice(LARGE.length - 1, LARGE.length)[0]!.name).toBe(LARGE.at(-1)!.name);
    expect(answered.rows.slice(0, LARGE.length).map((row) => row.uniqueName)).toEqual(
      LARGE.map((c) => c.uniqueName),
    );
  });
});

describe("the catalogue's memory, used again (chunkPool.ts)", () => {
  it.each([
    ['Node http', viaHttp],
    ['fetch', viaFetch],
  ])(
    'keeps a list read through %s in pooled chunks, given back when released',
    async (_, client) => {
      const pool = new ChunkPool();
      const answered = await readCatalogue(client(), 'large', null, pool);
      if (answered.kind !== 'fresh') throw new Error('expected a full answer');
      expect(answered.rows.length).toBe(LARGE.length);
      answered.rows.release?.();
      await new Promise((done) => setImmediate(done));
      // About 3 MB: three or four chunks of 1 MiB.
      expect(pool.size()).toBeGreaterThanOrEqual(3);
      const again = await readCatalogue(client(), 'large', null, pool);
      expect(pool.size()).toBe(0);
      if (again.kind !== 'fresh') throw new Error('expected a full answer');
      expect(again.rows.slice(LARGE.length - 1, LARGE.length)[0]!.name).toBe(LARGE.at(-1)!.name);
    },
  );
});

describe('decodeContentInChunks: a gzip body handed over as it is inflated', () => {
  const text = JSON.stringify(LARGE);
  const brotliFast = (body: string) =>
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });

  it('hands a large gzip body over in several chunks that make the whole, in order', async () => {
    const chunks: Buffer[] = [];
    await decodeContentInChunks(zlib.gzipSync(text), 'gzip', (chunk) => chunks.push(chunk));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).toString()).toBe(text);
  });

  it('hands any other coding over whole, and a body without one as it is', async () => {
    const chunks: Buffer[] = [];
    await decodeContentInChunks(brotliFast(text), 'br', (chunk) => chunks.push(chunk));
    expect(chunks.map((chunk) => chunk.toString())).toEqual([text]);
    const plain = Buffer.from('[1]');
    const taken: Buffer[] = [];
    await decodeContentInChunks(plain, undefined, (chunk) => taken.push(chunk));
    expect(taken).toEqual([plain]);
    expect(taken[0]).toBe(plain);
  });

  it('fails as decodeContent does on a body that is not gzip, and with what the taker threw', async () => {
    await expect(
      decodeContentInChunks(Buffer.from('not gzip at all'), 'gzip', () => undefined),
    ).rejects.toThrow(ContentDecodingError);
    const taker = new Error('no room');
    await expect(
      decodeContentInChunks(zlib.gzipSync(text), 'gzip', () => {
        throw taker;
      }),
    ).rejects.toBe(taker);
  });
});
