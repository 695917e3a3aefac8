import { describe, expect, it } from 'vitest';
import { MARKETS } from '../../src/shared/constants';
import {
  marketSchema,
  newMarketSchema,
  type Market,
  type NewMarket,
} from '../../src/server/market/marketRecords';
import { MARKET_NAMES } from '../../src/server/seed/reviewCorpus';
import { type CallId, type CallParts, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

interface Refusal {
  error: string;
  error_description: string;
}

describe.each(ENGINES)('market routes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer3' });
  const call = api.call;
  const get = async <T>(id: CallId, parts?: CallParts) => (await call(id, parts)).json<T>();
  const allMarkets = () => get<Market[]>('markets.getMarketsIncludes', { params: { text: '' } });
  const market = async (uniqueName: string) =>
    (await allMarkets()).find((m) => m.uniqueName === uniqueName);
  const queued = async (marketId: number) =>
    (
      await api.server.context.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM new_markets WHERE market_id = $1',
        [marketId],
      )
    )[0]!.n;
  const catalogueSize = async () =>
    (await api.server.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM markets'))[0]!
      .n;

  describe('catalogue', () => {
    it('lists every market for the empty includes text: the 13 of SPEC.md 9 and others', async () => {
      const res = await call('markets.getMarketsIncludes', { params: { text: '' } });
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
      expect(await get<Market[]>('markets.getMarketsIncludes', { params: { text: '  ' } })).toEqual(
        all,
      );
    });

    it('finds by name or unique name, case-insensitively, wildcards taken literally', async () => {
      const byName = await get<Market[]>('markets.getMarketsIncludes', {
        params: { text: 'KRAK' },
      });
      expect(byName.map((m) => m.uniqueName)).toContain('kraken');
      for (const m of byName) expect(`${m.name} ${m.uniqueName}`.toLowerCase()).toContain('krak');
      // 'okex' is only in OKX's unique name; '.com' only in Crypto.com's name.
      expect(
        (await get<Market[]>('markets.getMarketsIncludes', { params: { text: 'okex' } })).map(
          (m) => m.name,
        ),
      ).toEqual(['OKX']);
      expect(
        (await get<Market[]>('markets.getMarketsIncludes', { params: { text: '.com' } })).map(
          (m) => m.uniqueName,
        ),
      ).toEqual(['cryptocom']);
      // '_' and '%' are not wildcards.
      expect(
        (await get<Market[]>('markets.getMarketsIncludes', { params: { text: 'gate_' } })).map(
          (m) => m.name,
        ),
      ).toEqual(['Gate.io']);
      expect(
        await get<Market[]>('markets.getMarketsIncludes', { params: { text: 'e_e' } }),
      ).toEqual([]);
      expect(await get<Market[]>('markets.getMarketsIncludes', { params: { text: '%' } })).toEqual(
        [],
      );
    });

    it('update sets name and flags and adds unwanted usages and tags; free-text flags are read', async () => {
      const before = (await market('kraken'))!;
      expect(before.unwantedUsages.length).toBeGreaterThan(0);
      const res = await call('markets.updateMarket', {
        body: {
          marketId: before.marketId,
          uniqueName: 'kraken',
          name: 'Kraken Pro',
          search: 'TRUE',
          active: 'false',
          unwantedUsages: ['kraken rum', ' ', before.unwantedUsages[0]],
          tags: ['custody', 'cex'],
        },
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
      const bad = await call('markets.updateMarket', {
        body: { ...body, search: 'yes', active: 'no' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Refusal>().error_description).toMatch(
        /search: search must be true or false.*active: active must be true or false/,
      );
      const missing = await call('markets.updateMarket', { body: { ...body, name: ' ' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Refusal>().error_description).toContain('name is required');
      // Both keys name the market: the right unique name with another market's id is unknown.
      const otherId = (await market('binance'))!.marketId;
      const unknown = await call('markets.updateMarket', { body: { ...body, marketId: otherId } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toContain('"bitstamp"');
      const noSuch = await call('markets.updateMarket', {
        body: { ...body, uniqueName: 'no-such' },
      });
      expect(noSuch.statusCode).toBe(404);
      expect(await market('bitstamp')).toEqual(before);
    });

    it('removes one tag and one unwanted usage; 404 for an unknown market or entry', async () => {
      const before = (await market('coinbase'))!;
      const key = { marketId: before.marketId, uniqueName: 'coinbase' };
      const tag = before.tags[1]!;
      const lessTag = await call('markets.deleteTagOfMarket', { body: { ...key, tag } });
      expect(lessTag.statusCode).toBe(200);
      expect(lessTag.json<Market>().tags).toEqual(before.tags.filter((t) => t !== tag));
      const usage = before.unwantedUsages[0]!;
      const lessUsage = await call('markets.deleteUnwantedUsageOfMarket', {
        body: {
          ...key,
          unwantedUsage: usage,
        },
      });
      expect(lessUsage.statusCode).toBe(200);
      expect(lessUsage.json<Market>().unwantedUsages).toEqual(
        before.unwantedUsages.filter((u) => u !== usage),
      );
      expect(await market('coinbase')).toEqual(lessUsage.json<Market>());

      const again = await call('markets.deleteTagOfMarket', { body: { ...key, tag } });
      expect(again.statusCode).toBe(404);
      expect(again.json<Refusal>().error_description).toBe(
        `Market "coinbase" has no tag "${tag}".`,
      );
      const usageAgain = await call('markets.deleteUnwantedUsageOfMarket', {
        body: {
          ...key,
          unwantedUsage: usage,
        },
      });
      expect(usageAgain.statusCode).toBe(404);
      expect(usageAgain.json<Refusal>().error_description).toContain('has no unwanted usage');
      const unknown = await call('markets.deleteTagOfMarket', {
        body: {
          ...key,
          uniqueName: 'no-such-market',
          tag: 'cex',
        },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<Refusal>().error_description).toMatch(/^No market with market id/);
      const unknownUsage = await call('markets.deleteUnwantedUsageOfMarket', {
        body: {
          ...key,
          marketId: key.marketId + 100_000,
          unwantedUsage: 'x',
        },
      });
      expect(unknownUsage.statusCode).toBe(404);
      const noBody = await call('markets.deleteTagOfMarket', { body: {} });
      expect(noBody.statusCode).toBe(400);
      expect(await market('coinbase')).toEqual(lessUsage.json<Market>());
    });

    it('check-market-image answers from the stored results, false for an unknown name', async () => {
      const stored = async (has: boolean) =>
        (
          await api.server.context.db.query<{ unique_name: string }>(
            'SELECT unique_name FROM market_images WHERE has_image = $1 ORDER BY unique_name LIMIT 1',
            [has],
          )
        )[0]!.unique_name;
      expect(
        await get<boolean>('markets.checkMarketImage', {
          query: { uniqueName: await stored(true) },
        }),
      ).toBe(true);
      expect(
        await get<boolean>('markets.checkMarketImage', {
          query: { uniqueName: await stored(false) },
        }),
      ).toBe(false);
      expect(
        await get<boolean>('markets.checkMarketImage', { query: { uniqueName: 'binance' } }),
      ).toBe(true);
      expect(
        await get<boolean>('markets.checkMarketImage', { query: { uniqueName: 'nothing-here' } }),
      ).toBe(false);
      const none = await call('markets.checkMarketImage');
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
      const queue = await get<NewMarket[]>('markets.getNewMarkets');
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
      const [first] = await get<NewMarket[]>('markets.getNewMarkets');
      const before = await catalogueSize();
      const res = await call('markets.saveNewMarket', {
        body: {
          ...saveBody(first!),
          name: `${first!.name} Saved`,
          search: 'False',
          active: 'TRUE',
          unwantedUsages: ['not this', 'not this'],
          tags: ['cex'],
        },
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
      expect(
        (await get<NewMarket[]>('markets.getNewMarkets')).map((m) => m.marketId),
      ).not.toContain(first!.marketId);
      expect(await market(first!.uniqueName)).toEqual(saved);
      expect(await catalogueSize()).toBe(before + 1);
      const again = await call('markets.saveNewMarket', { body: saveBody(first!) });
      expect(again.statusCode).toBe(404);
      expect(again.json<Refusal>().error_description).toBe(
        `No new market with market id ${first!.marketId}.`,
      );
    });

    it('a save that clashes with the catalogue is refused (409) and nothing moves', async () => {
      const [, pick] = await get<NewMarket[]>('markets.getNewMarkets');
      const before = await allMarkets();
      const byName = await call('markets.saveNewMarket', {
        body: saveBody(pick!, { uniqueName: 'binance' }),
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json<Refusal>()).toEqual({
        error: 'duplicate',
        error_description: 'A market with unique name "binance" is already in the catalogue.',
      });
      // The same exchange detected again under a provider id the catalogue already has.
      const binance = before.find((m) => m.uniqueName === 'binance')!;
      await api.server.context.db.query(
        `INSERT INTO new_markets (market_id, name, unique_name, search, active, detect_time)
         VALUES ($1, 'Binance', 'binance-again', false, true, now())`,
        [binance.marketId],
      );
      const again = (await get<NewMarket[]>('markets.getNewMarkets')).find(
        (m) => m.uniqueName === 'binance-again',
      )!;
      expect(again.sameMarketNameList.map((m) => m.uniqueName)).toContain('binance');
      const byId = await call('markets.saveNewMarket', { body: saveBody(again) });
      expect(byId.statusCode).toBe(409);
      expect(byId.json<Refusal>().error_description).toBe(
        `A market with market id ${binance.marketId} is already in the catalogue.`,
      );
      expect(await queued(pick!.marketId)).toBe(1);
      expect(await queued(binance.marketId)).toBe(1);
      expect(await allMarkets()).toEqual(before);
    });

    it('refuses a bad body with 400 naming the market fields, and the market stays queued', async () => {
      const [, , pick] = await get<NewMarket[]>('markets.getNewMarkets');
      const before = await catalogueSize();
      const badFlag = await call('markets.saveNewMarket', {
        body: saveBody(pick!, { active: 'maybe' }),
      });
      expect(badFlag.statusCode).toBe(400);
      expect(badFlag.json<Refusal>().error_description).toContain(
        'active: active must be true or false',
      );
      const partial = await call('markets.saveNewMarket', {
        body: {
          marketId: pick!.marketId,
          name: pick!.name,
        },
      });
      expect(partial.statusCode).toBe(400);
      const said = partial.json<Refusal>().error_description;
      for (const field of ['uniqueName', 'search', 'active']) expect(said).toContain(field);
      expect(said).not.toContain('currencyId');
      const unknown = await call('markets.saveNewMarket', {
        body: saveBody(pick!, { marketId: 1 }),
      });
      expect(unknown.statusCode).toBe(404);
      expect(await queued(pick!.marketId)).toBe(1);
      expect(await catalogueSize()).toBe(before);
    });
  });
});
