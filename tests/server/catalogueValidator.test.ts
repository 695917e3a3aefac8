/**
 * get-currencies (and its search) answered with a validator and compressed when asked
 * (docs/performance.md, The server and the catalogue). The ETag is the catalogue's version, bumped
 * by every write of the currency routes, so a matching If-None-Match is answered 304 without a
 * query; the whole answer is built once per version; gzip only when Accept-Encoding takes it.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptsGzip, matchesTag } from '../../src/server/currency/catalogueAnswer';
import { catalogueChanged } from '../../src/server/currency/catalogueVersion';
import type { ServerCurrency } from '../../src/server/currency/currencyRecords';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

describe('validator and encoding headers', () => {
  it('If-None-Match: the tag, in a list, weak, or *', () => {
    expect(matchesTag('"cat-a-1"', '"cat-a-1"')).toBe(true);
    expect(matchesTag('"x", W/"cat-a-1"', '"cat-a-1"')).toBe(true);
    expect(matchesTag('*', '"cat-a-1"')).toBe(true);
    expect(matchesTag('"cat-a-2"', '"cat-a-1"')).toBe(false);
    expect(matchesTag(undefined, '"cat-a-1"')).toBe(false);
  });

  it('Accept-Encoding: gzip named or by *, never with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe.each(ENGINES)('get-currencies with a validator on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer2' });
  const CATALOGUE = '/configuration-service/dqc/get-currencies';
  const get = (url: string, headers: Record<string, string> = {}) =>
    api.inject({ method: 'GET', url, headers });
  /** The catalogue queries the server makes while `run` runs. */
  const catalogueQueries = async (run: () => Promise<unknown>) => {
    const spy = vi.spyOn(api.server.context.db, 'query');
    try {
      await run();
      return spy.mock.calls.filter(([sql]) => String(sql).includes('FROM currencies c')).length;
    } finally {
      spy.mockRestore();
    }
  };

  it('200 with an ETag, then 304 with no body and no query; the list is the same', async () => {
    const first = await get(CATALOGUE);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"cat-/);
    expect(first.headers['content-encoding']).toBeUndefined();
    const list = first.json<ServerCurrency[]>();
    expect(list.length).toBeGreaterThan(2000);

    let again = await get(CATALOGUE, { 'if-none-match': tag });
    expect(
      await catalogueQueries(async () => {
        again = await get(CATALOGUE, { 'if-none-match': tag });
      }),
    ).toBe(0);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    // The same version is served from what was built, without a query.
    let cached = first;
    expect(
      await catalogueQueries(async () => {
        cached = await get(CATALOGUE);
      }),
    ).toBe(0);
    expect(cached.json<ServerCurrency[]>()).toEqual(list);
  });

  it('gzip when Accept-Encoding takes it: the same list, several times smaller', async () => {
    const plain = await get(CATALOGUE);
    const zipped = await get(CATALOGUE, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await get(CATALOGUE, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a write of the currency routes moves the version on: the old tag gets the new list', async () => {
    const before = await get(CATALOGUE);
    const tag = before.headers.etag as string;
    const btc = before.json<ServerCurrency[]>().find((c) => c.uniqueName === 'bitcoin')!;
    expect(btc.tags.length).toBeGreaterThan(0);
    const removed = await api.call('currencies.deleteTagOfCurrency', {
      body: { uniqueName: 'bitcoin', tag: btc.tags[0]! },
    });
    expect(removed.statusCode).toBe(200);
    const after = await get(CATALOGUE, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    const changed = after.json<ServerCurrency[]>().find((c) => c.uniqueName === 'bitcoin')!;
    expect(changed.tags).not.toContain(btc.tags[0]);

    // A refused write moves it on too (nothing is lost by one extra full answer).
    const newer = after.headers.etag as string;
    await api.call('currencies.deleteTagOfCurrency', {
      body: { uniqueName: 'no-such-currency', tag: 'x' },
    });
    expect((await get(CATALOGUE, { 'if-none-match': newer })).statusCode).toBe(200);
  });

  it('a change made beside the routes is seen once catalogueChanged says so', async () => {
    const before = await get(CATALOGUE);
    const tag = before.headers.etag as string;
    await api.server.context.db.query(
      `UPDATE currencies SET name = 'Changed Beside' WHERE unique_name = 'ethereum'`,
    );
    catalogueChanged(api.server.context.db);
    const after = await get(CATALOGUE, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json<ServerCurrency[]>().find((c) => c.uniqueName === 'ethereum')!.name).toBe(
      'Changed Beside',
    );
  });

  it('the search has the same validator: 304 for the current version, its own list otherwise', async () => {
    const url = `${CATALOGUE}-includes-coin`;
    const first = await get(url, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"cat-/);
    const list = JSON.parse(gunzipSync(first.rawPayload).toString('utf8')) as ServerCurrency[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => /coin/i.test(`${c.currency} ${c.name} ${c.uniqueName}`))).toBe(true);
    const again = await get(url, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
  });
});
