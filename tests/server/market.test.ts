import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURATION_SERVICE as P } from '../../src/shared/api/configuration';
import { MARKETS } from '../../src/shared/constants';
import {
  marketSchema,
  newMarketSchema,
  type Market,
  type NewMarket,
} from '../../src/server/market/marketRecords';
import { MARKET_NAMES } from '../../src/server/seed/reviewCorpus';
import { bearerOf, ENGINES, startTestServer, type TestServer } from '../support/testServer';

interface Refusal {
  error: string;
  error_description: string;
}

describe.each(ENGINES)('market routes on %s', (engine) => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    auth = await bearerOf(server, 'reviewer3');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = (options: InjectOptions) =>
    server.app.inject({ ...options, headers: { ...auth, ...(options.headers ?? {}) } });
  const get = async <T>(url: string) =>
    (await call({ method: 'GET', url: `${P}${url}` })).json<T>();
  const send = (method: 'POST' | 'DELETE', url: string, payload: object) =>
    call({ method, url: `${P}${url}`, payload });
  const allMarkets = () => get<Market[]>('/get-markets-includes-');
  const market = async (uniqueName: string) =>
    (await allMarkets()).find((m) => m.uniqueName === uniqueName);
  const queued = async (marketId: number) =>
    (
      await server.context.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM new_markets WHERE market_id = $1',
        [marketId],
      )
    )[0]!.n;
  const catalogueSize = async () =>
    (await server.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM markets'))[0]!.n;

  it('answers 401 without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${P}/get-markets-includes-` });
    expect(res.statusCode).toBe(401);
  });

  describe('catalogue', () => {
    it('lists every market for the empty includes text: the 13 of SPEC.md 9 and others', async () => {
      const res = await call({ method: 'GET', url: `${P}/get-markets-includes-` });
      expect(res.statusCode).toBe(200);
      const all = res.json<Market[]>();
      expect(all.length).toBe(await catalogueSize());
      expect(all.length).toBeGreaterThanOrEqual(35);
      for (const m of all) expect(marketSchema.parse(m)).toEqual(m);
      const uniqueNames = all.map((m) => m.uniqueName);
      for (const code of MARKETS) expect(uniqueNames).toContain(code.toLowerCase());
      // The markets news items name are catalogue markets.
      const names = all.map((m) => m.name);
      for (const name of MARKET_NAMES) expect(names).toContain(name);
      expect(all.filter((m) => m.unwantedUsages.length > 0).length).toBeGreaterThan(5);
      expect(all.every((m) => m.tags.length > 0)).toBe(true);
      // By name, in any case.
      const lower = names.map((n) => n.toLowerCase());
      expect(lower).toEqual([...lower].sort());
      // A blank text is the empty text.
      expect(await get<Market[]>('/get-markets-includes-%20%20')).toEqual(all);
    });

    it('finds by name or unique name, case-insensitively, wildcards taken literally', async () => {
      const byName = await get<Market[]>('/get-markets-includes-KRAK');
      expect(byName.map((m) => m.uniqueName)).toContain('kraken');
      for (const m of byName) expect(`${m.name} ${m.uniqueName}`.toLowerCase()).toContain('krak');
      // 'okex' is only in OKX's unique name; '.com' only in Crypto.com's name.
      expect((await get<Market[]>('/get-markets-includes-okex')).map((m) => m.name)).toEqual([
        'OKX',
      ]);
      expect((await get<Market[]>('/get-markets-includes-.com')).map((m) => m.uniqueName)).toEqual([
        'cryptocom',
      ]);
      // '_' and '%' are not wildcards.
      expect((await get<Market[]>('/get-markets-includes-gate_')).map((m) => m.name)).toEqual([
        'Gate.io',
      ]);
      expect(await get<Market[]>('/get-markets-includes-e_e')).toEqual([]);
      expect(await get<Market[]>('/get-markets-includes-%25')).toEqual([]);
    });

    it('update sets name and flags and adds unwanted usages and tags; free-text flags are read', async () => {
      const before = (await market('kraken'))!;
      expect(before.unwantedUsages.length).toBeGreaterThan(0);
      const res = await send('POST', '/update-market', {
        marketId: before.marketId,
        uniqueName: 'kraken',
        name: 'Kraken Pro',
        search: 'TRUE',
        active: 'false',
        unwantedUsages: ['kraken rum', ' ', before.unwantedUsages[0]],
        tags: ['custody', 'cex'],
      });
      expect(res.statusCode).toBe(200);
      const after = res.json<Market>();
      expect(after).toEqual({
        ...before,
        name: 'Kraken Pro',
        search: true,
        active: false,
        unwantedUsages: [...before.unwantedUsages, 'kraken rum'].sort(),
        tags: [...new Set([...before.tags, 'custody'])].sort(),
      });
      expect(await market('kraken')).toEqual(after);
    });

    it('update refuses bad flags (400) and an unknown market (404), writing nothing', async () => {
      const before = (await market('bitstamp'))!;
      const body = {
        marketId: before.marketId,
        uniqueName: 'bitstamp',
        name: 'Changed',
        search: true,
        active: true,
        tags: ['changed'],
      };
      const bad = await send('POST', '/update-market', { ...body, search: 'yes', active: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Refusal>().error_description).toMatch(
        /search: search must be true or false.*active: active must be true or false/,
      );
      const missing = await send('POST', '/update-market', { ...body, name: ' ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Refusal>().error_description).toContain('name is required');
      // Both keys name the market: the right unique name with another market's id is unknown.
      const otherId = (await market('binance'))!.marketId;
      const unknown = await send('POST', '/update-market', { ...body, marketId: otherId });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toContain('"bitstamp"');
      const noSuch = await send('POST', '/update-market', { ...body, uniqueName: 'no-such' });
      expect(noSuch.statusCode).toBe(404);
      expect(await market('bitstamp')).toEqual(before);
    });

    it('removes one tag and one unwanted usage; 404 for an unknown market or entry', async () => {
      const before = (await market('coinbase'))!;
      const key = { marketId: before.marketId, uniqueName: 'coinbase' };
      const tag = before.tags[1]!;
      const lessTag = await send('DELETE', '/delete-tag-of-market', { ...key, tag });
      expect(lessTag.statusCode).toBe(200);
      expect(lessTag.json<Market>().tags).toEqual(before.tags.filter((t) => t !== tag));
      const usage = before.unwantedUsages[0]!;
      const lessUsage = await send('DELETE', '/delete-unwanted-usage-of-market', {
        ...key,
        unwantedUsage: usage,
      });
      expect(lessUsage.statusCode).toBe(200);
      expect(lessUsage.json<Market>().unwantedUsages).toEqual(
        before.unwantedUsages.filter((u) => u !== usage),
      );
      expect(await market('coinbase')).toEqual(lessUsage.json<Market>());

      const again = await send('DELETE', '/delete-tag-of-market', { ...key, tag });
      expect(again.statusCode).toBe(404);
      expect(again.json<Refusal>().error_description).toBe(
        `Market "coinbase" has no tag "${tag}".`,
      );
      const usageAgain = await send('DELETE', '/delete-unwanted-usage-of-market', {
        ...key,
        unwantedUsage: usage,
      });
      expect(usageAgain.statusCode).toBe(404);
      expect(usageAgain.json<Refusal>().error_description).toContain('has no unwanted usage');
      const unknown = await send('DELETE', '/delete-tag-of-market', {
        ...key,
        uniqueName: 'no-such-market',
        tag: 'cex',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toMatch(/^No market with market id/);
      const unknownUsage = await send('DELETE', '/delete-unwanted-usage-of-market', {
        ...key,
        marketId: key.marketId + 100_000,
        unwantedUsage: 'x',
      });
      expect(unknownUsage.statusCode).toBe(404);
      const noBody = await send('DELETE', '/delete-tag-of-market', {});
      expect(noBody.statusCode).toBe(400);
      expect(await market('coinbase')).toEqual(lessUsage.json<Market>());
    });

    it('check-market-image answers from the stored results, false for an unknown name', async () => {
      const stored = async (has: boolean) =>
        (
          await server.context.db.query<{ unique_name: string }>(
            'SELECT unique_name FROM market_images WHERE has_image = $1 ORDER BY unique_name LIMIT 1',
            [has],
          )
        )[0]!.unique_name;
      expect(await get<boolean>(`/check-market-image?uniqueName=${await stored(true)}`)).toBe(true);
      expect(await get<boolean>(`/check-market-image?uniqueName=${await stored(false)}`)).toBe(
        false,
      );
      expect(await get<boolean>('/check-market-image?uniqueName=binance')).toBe(true);
      expect(await get<boolean>('/check-market-image?uniqueName=nothing-here')).toBe(false);
      const none = await call({ method: 'GET', url: `${P}/check-market-image` });
      expect(none.statusCode).toBe(400);
      expect(none.json<Refusal>().error_description).toContain('uniqueName');
    });
  });

  describe('new markets', () => {
    const saveBody = (m: NewMarket, overrides: Record<string, unknown> = {}) => ({
      marketId: m.marketId,
      name: m.name,
      uniqueName: m.uniqueName,
      search: m.search,
      active: m.active,
      unwantedUsages: [],
      tags: [],
      ...overrides,
    });

    it('lists the queue newest first, each with the catalogue markets of the same name', async () => {
      const queue = await get<NewMarket[]>('/get-new-markets');
      expect(queue.length).toBeGreaterThanOrEqual(35);
      for (const m of queue) expect(newMarketSchema.parse(m)).toEqual(m);
      const times = queue.map((m) => m.detectTime);
      expect(times).toEqual([...times].sort().reverse());
      const catalogue = await allMarkets();
      for (const m of queue)
        expect(m.sameMarketNameList, m.name).toEqual(
          catalogue.filter((c) => c.name.toLowerCase() === m.name.toLowerCase()),
        );
      const withSame = queue.filter((m) => m.sameMarketNameList.length > 0);
      expect(withSame.length).toBeGreaterThanOrEqual(5);
      // Some are the same name in another case; some only look alike ('Binance US') and have none.
      expect(withSame.some((m) => m.name !== m.sameMarketNameList[0]!.name)).toBe(true);
      const lookAlikes = queue.filter(
        (m) =>
          m.sameMarketNameList.length === 0 &&
          catalogue.some((c) => m.name.startsWith(`${c.name} `)),
      );
      expect(lookAlikes.length).toBeGreaterThanOrEqual(5);
    });

    it('save (POST /save-new-currency with the market body) moves it into the catalogue', async () => {
      const [first] = await get<NewMarket[]>('/get-new-markets');
      const before = await catalogueSize();
      const res = await send('POST', '/save-new-currency', {
        ...saveBody(first!),
        name: `${first!.name} Saved`,
        search: 'False',
        active: 'TRUE',
        unwantedUsages: ['not this', 'not this'],
        tags: ['cex'],
      });
      expect(res.statusCode).toBe(200);
      const saved = marketSchema.parse(res.json());
      expect(saved).toMatchObject({
        marketId: first!.marketId,
        uniqueName: first!.uniqueName,
        name: `${first!.name} Saved`,
        search: false,
        active: true,
        unwantedUsages: ['not this'],
        tags: ['cex'],
      });
      expect(await queued(first!.marketId)).toBe(0);
      expect((await get<NewMarket[]>('/get-new-markets')).map((m) => m.marketId)).not.toContain(
        first!.marketId,
      );
      expect(await market(first!.uniqueName)).toEqual(saved);
      expect(await catalogueSize()).toBe(before + 1);
      const again = await send('POST', '/save-new-currency', saveBody(first!));
      expect(again.statusCode).toBe(404);
      expect(again.json<Refusal>().error_description).toBe(
        `No new market with market id ${first!.marketId}.`,
      );
    });

    it('a save that clashes with the catalogue is refused (409) and nothing moves', async () => {
      const [, pick] = await get<NewMarket[]>('/get-new-markets');
      const before = await allMarkets();
      const byName = await send(
        'POST',
        '/save-new-currency',
        saveBody(pick!, { uniqueName: 'binance' }),
      );
      expect(byName.statusCode).toBe(409);
      expect(byName.json<Refusal>()).toEqual({
        error: 'duplicate',
        error_description: 'A market with unique name "binance" is already in the catalogue.',
      });
      // The same exchange detected again under a provider id the catalogue already has.
      const binance = before.find((m) => m.uniqueName === 'binance')!;
      await server.context.db.query(
        `INSERT INTO new_markets (market_id, name, unique_name, search, active, detect_time)
         VALUES ($1, 'Binance', 'binance-again', false, true, now())`,
        [binance.marketId],
      );
      const again = (await get<NewMarket[]>('/get-new-markets')).find(
        (m) => m.uniqueName === 'binance-again',
      )!;
      expect(again.sameMarketNameList.map((m) => m.uniqueName)).toContain('binance');
      const byId = await send('POST', '/save-new-currency', saveBody(again));
      expect(byId.statusCode).toBe(409);
      expect(byId.json<Refusal>().error_description).toBe(
        `A market with market id ${binance.marketId} is already in the catalogue.`,
      );
      expect(await queued(pick!.marketId)).toBe(1);
      expect(await queued(binance.marketId)).toBe(1);
      expect(await allMarkets()).toEqual(before);
    });

    it('refuses a bad body with 400 naming the market fields, and the market stays queued', async () => {
      const [, , pick] = await get<NewMarket[]>('/get-new-markets');
      const before = await catalogueSize();
      const badFlag = await send(
        'POST',
        '/save-new-currency',
        saveBody(pick!, { active: 'maybe' }),
      );
      expect(badFlag.statusCode).toBe(400);
      expect(badFlag.json<Refusal>().error_description).toContain(
        'active: active must be true or false',
      );
      const partial = await send('POST', '/save-new-currency', {
        marketId: pick!.marketId,
        name: pick!.name,
      });
      expect(partial.statusCode).toBe(400);
      const said = partial.json<Refusal>().error_description;
      for (const field of ['uniqueName', 'search', 'active']) expect(said).toContain(field);
      expect(said).not.toContain('currencyId');
      const unknown = await send('POST', '/save-new-currency', saveBody(pick!, { marketId: 1 }));
      expect(unknown.statusCode).toBe(404);
      expect(await queued(pick!.marketId)).toBe(1);
      expect(await catalogueSize()).toBe(before);
    });
  });
});
