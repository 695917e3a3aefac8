import { describe, expect, it } from 'vitest';
import { NEW_CURRENCY_PAGE_SIZE } from '../../src/shared/constants';
import {
  currencySchema,
  newCurrencySchema,
  newVersionCurrencySchema,
  type ServerCurrency,
  type ServerNewCurrency,
  type ServerNewVersionCurrency,
} from '../../src/server/currency/currencyRecords';
import { type CallId, type CallParts, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

describe.each(ENGINES)('currency routes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer2' });
  const call = api.call;
  const get = async <T>(id: CallId, parts?: CallParts) => (await call(id, parts)).json<T>();
  const one = async (uniqueName: string) =>
    (
      await get<ServerCurrency[]>('currencies.getCurrenciesIncludes', {
        params: { text: uniqueName },
      })
    ).find((c) => c.uniqueName === uniqueName);
  const queueCount = async (table: string, currencyId: number) =>
    (
      await api.server.context.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE currency_id = $1`,
        [currencyId],
      )
    )[0]!.n;

  describe('catalogue', () => {
    it('lists a few thousand currencies by rank, each readable by the shared schema', async () => {
      const all = await get<ServerCurrency[]>('currencies.getCurrencies');
      expect(all.length).toBeGreaterThanOrEqual(2000);
      expect(all.slice(0, 3).map((c) => c.uniqueName)).toEqual(['bitcoin', 'ethereum', 'tether']);
      for (const c of all.slice(0, 50)) expect(currencySchema.parse(c)).toEqual(c);
      const btc = all[0]!;
      expect(btc.website).toEqual(['https://bitcoin.org']);
      expect(btc.socials.twitter).toBe('https://x.com/bitcoin');
      expect(btc.marketTradingPairs.length).toBeGreaterThan(0);
      expect(btc.marketTradingPairs[0]!.tradingPairs[0]).toMatchObject({
        otherCurrency: expect.any(String) as string,
        otherCurrencyUniqueName: expect.any(String) as string,
        pairActive: expect.any(Boolean) as boolean,
      });
    });

    it('finds by symbol, name or unique name, case-insensitively, wildcards taken literally', async () => {
      const bySymbol = await get<ServerCurrency[]>('currencies.getCurrenciesIncludes', {
        params: { text: 'matic' },
      });
      expect(bySymbol.map((c) => c.uniqueName)).toContain('matic-network');
      const byName = await get<ServerCurrency[]>('currencies.getCurrenciesIncludes', {
        params: { text: 'POLKA' },
      });
      expect(byName.map((c) => c.uniqueName)).toContain('polkadot');
      expect(
        await get<ServerCurrency[]>('currencies.getCurrenciesIncludes', { params: { text: '%' } }),
      ).toEqual([]);
    });

    it('update replaces symbol, name and flags and adds tags and usages; free-text flags are read', async () => {
      const before = (await one('cardano'))!;
      const res = await call('currencies.updateCurrency', {
        body: {
          currency: 'ADA',
          name: 'Cardano Updated',
          uniqueName: 'cardano',
          active: 'False',
          searchWithCurrency: 'true',
          tags: ['proof-of-stake', ' ', before.tags[0]],
          unwantedUsages: ['ada county'],
        },
      });
      expect(res.statusCode).toBe(200);
      const after = res.json<ServerCurrency>();
      expect(after).toMatchObject({
        name: 'Cardano Updated',
        active: false,
        searchWithCurrency: true,
      });
      expect(after.tags).toEqual([...new Set([...before.tags, 'proof-of-stake'])].sort());
      expect(after.unwantedUsages).toEqual(['ada county', 'ada lovelace']);
      expect(await one('cardano')).toEqual(after);
    });

    it('update refuses bad flags and missing fields (400) and unknown currencies (404), writing nothing', async () => {
      const before = await one('solana');
      const bad = await call('currencies.updateCurrency', {
        body: {
          currency: 'SOL',
          name: '',
          uniqueName: 'solana',
          active: 'yes',
          searchWithCurrency: true,
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error_description: string }>().error_description).toMatch(
        /name: name is required.*active: active must be true or false/,
      );
      const unknown = await call('currencies.updateCurrency', {
        body: {
          currency: 'X',
          name: 'X',
          uniqueName: 'no-such-coin',
          active: true,
          searchWithCurrency: true,
        },
      });
      expect(unknown.statusCode).toBe(404);
      expect(await one('solana')).toEqual(before);
    });

    it('removes one tag and one unwanted usage; 404 for one the currency does not have', async () => {
      const before = (await one('chainlink'))!;
      const tag = before.tags[0]!;
      const lessTag = await call('currencies.deleteTagOfCurrency', {
        body: { uniqueName: 'chainlink', tag },
      });
      expect(lessTag.statusCode).toBe(200);
      expect(lessTag.json<ServerCurrency>().tags).toEqual(before.tags.slice(1));
      const lessUsage = await call('currencies.deleteUnwantedUsageOfCurrency', {
        body: { uniqueName: 'chainlink', unwantedUsage: 'chainlink fence' },
      });
      expect(lessUsage.json<ServerCurrency>().unwantedUsages).toEqual([]);
      const again = await call('currencies.deleteTagOfCurrency', {
        body: { uniqueName: 'chainlink', tag },
      });
      expect(again.statusCode).toBe(404);
      const noBody = await call('currencies.deleteTagOfCurrency', { body: {} });
      expect(noBody.statusCode).toBe(400);
    });

    it('check-currency-image answers true or false, false for an unknown name, 400 without one', async () => {
      const [withImage, withoutImage] = await Promise.all(
        [true, false].map(
          async (has) =>
            (
              await api.server.context.db.query<{ unique_name: string }>(
                `SELECT unique_name FROM currency_images WHERE has_image = $1 LIMIT 1`,
                [has],
              )
            )[0]!.unique_name,
        ),
      );
      expect(
        await get<boolean>('currencies.checkCurrencyImage', { query: { uniqueName: withImage } }),
      ).toBe(true);
      expect(
        await get<boolean>('currencies.checkCurrencyImage', {
          query: { uniqueName: withoutImage },
        }),
      ).toBe(false);
      expect(
        await get<boolean>('currencies.checkCurrencyImage', {
          query: { uniqueName: 'nothing-here' },
        }),
      ).toBe(false);
      expect((await call('currencies.checkCurrencyImage')).statusCode).toBe(400);
    });
  });

  describe('new currencies', () => {
    it('pages by 25, newest first, with the count of the same filter', async () => {
      const total = await get<number>('currencies.countNewCurrencies');
      expect(total).toBeGreaterThan(NEW_CURRENCY_PAGE_SIZE * 2);
      const first = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { startIndex: 0 },
      });
      const second = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { startIndex: 1 },
      });
      expect(first).toHaveLength(NEW_CURRENCY_PAGE_SIZE);
      for (const c of first) expect(newCurrencySchema.parse(c)).toEqual(c);
      const times = [...first, ...second].map((c) => c.detectTime);
      expect(times).toEqual([...times].sort().reverse());
      const lastPage = Math.ceil(total / NEW_CURRENCY_PAGE_SIZE) - 1;
      const last = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { startIndex: lastPage },
      });
      expect(last.length).toBe(total - lastPage * NEW_CURRENCY_PAGE_SIZE);
    });

    it('filters by text and by currency id (0 means any) and lists same-symbol currencies', async () => {
      const withTwin = (
        await api.server.context.db.query<{ currency_id: number; symbol: string }>(
          `SELECT n.currency_id, n.symbol FROM new_currencies n
            WHERE EXISTS (SELECT 1 FROM currencies c WHERE lower(c.symbol) = lower(n.symbol)) LIMIT 1`,
        )
      )[0]!;
      const [byId] = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: {
          currencySymbolNameOrUniqueName: '',
          currencyId: withTwin.currency_id,
          startIndex: 0,
        },
      });
      expect(byId!.currencyId).toBe(withTwin.currency_id);
      expect(byId!.sameCurrencySymbolList.length).toBeGreaterThan(0);
      for (const same of byId!.sameCurrencySymbolList)
        expect(same.currency.toLowerCase()).toBe(withTwin.symbol.toLowerCase());
      expect(
        await get<number>('currencies.countNewCurrencies', {
          query: { currencyId: withTwin.currency_id },
        }),
      ).toBe(1);

      const text = byId!.uniqueName.slice(0, 4).toUpperCase();
      const matches = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { currencySymbolNameOrUniqueName: text, currencyId: 0, startIndex: 0 },
      });
      expect(matches.length).toBeGreaterThan(0);
      for (const m of matches)
        expect(`${m.currency} ${m.name} ${m.uniqueName}`.toLowerCase()).toContain(
          text.toLowerCase(),
        );
      expect(
        await get<number>('currencies.countNewCurrencies', {
          query: { currencySymbolNameOrUniqueName: text },
        }),
      ).toBe(matches.length);
    });

    it('refuses a malformed query with 400', async () => {
      const res = await call('currencies.getNewCurrencies', { query: { currencyId: 'abc' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error_description: string }>().error_description).toContain('currencyId');
      const negative = await call('currencies.countNewCurrencies', { query: { startIndex: '-1' } });
      expect(negative.statusCode).toBe(400);
    });

    it('save moves the currency from the queue into the catalogue with the form values', async () => {
      const [queued] = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { startIndex: 2 },
      });
      const body = {
        currencyId: queued!.currencyId,
        rank: 777,
        currency: queued!.currency,
        name: `${queued!.name} Saved`,
        uniqueName: queued!.uniqueName,
        searchWithCurrency: 'TRUE',
        active: 'true',
        unwantedUsages: ['not this'],
        tags: ['meme'],
      };
      const res = await call('currencies.saveNewCurrency', { body });
      expect(res.statusCode).toBe(200);
      expect(res.json<ServerCurrency>()).toMatchObject({
        currencyId: queued!.currencyId,
        rank: 777,
        name: body.name,
        searchWithCurrency: true,
        tags: ['meme'],
        unwantedUsages: ['not this'],
        website: queued!.website,
        socials: queued!.socials,
      });
      expect(await queueCount('new_currencies', queued!.currencyId)).toBe(0);
      expect(await one(queued!.uniqueName)).toBeDefined();
      const again = await call('currencies.saveNewCurrency', { body });
      expect(again.statusCode).toBe(404);
    });

    it('a save that clashes with the catalogue is refused (409) and the currency stays queued', async () => {
      const [queued] = await get<ServerNewCurrency[]>('currencies.getNewCurrencies', {
        query: { startIndex: 3 },
      });
      const res = await call('currencies.saveNewCurrency', {
        body: {
          currencyId: queued!.currencyId,
          rank: 1,
          currency: queued!.currency,
          name: queued!.name,
          uniqueName: 'bitcoin',
          searchWithCurrency: false,
          active: true,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error_description: string }>().error_description).toContain('"bitcoin"');
      expect(await queueCount('new_currencies', queued!.currencyId)).toBe(1);
      const missing = await call('currencies.saveNewCurrency', {
        body: { currencyId: queued!.currencyId, rank: 'first' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ error_description: string }>().error_description).toMatch(
        /rank: rank must be a number/,
      );
    });
  });

  describe('new versions', () => {
    const versionBody = (v: ServerNewVersionCurrency, overrides: Record<string, unknown> = {}) => ({
      currencyId: v.currencyId,
      rank: v.rank,
      currency: v.currency,
      name: v.name,
      uniqueName: v.uniqueName,
      oldVersionCurrency: v.oldVersionCurrency.uniqueName,
      active: true,
      searchWithCurrency: false,
      unwantedUsages: [],
      tags: ['migrated'],
      ...overrides,
    });

    it('lists every new version with its old currency, filtered like new currencies', async () => {
      const all = await get<ServerNewVersionCurrency[]>('currencies.getNewVersionCurrencies');
      expect(all.length).toBe(40);
      for (const v of all) {
        expect(newVersionCurrencySchema.parse(v)).toEqual(v);
        expect(v.currencyIds[0]).toBe(v.oldVersionCurrency.currencyId);
      }
      const pick = all[5]!;
      const byId = await get<ServerNewVersionCurrency[]>('currencies.getNewVersionCurrencies', {
        query: { currencyId: pick.currencyId, currencySymbolNameOrUniqueName: '' },
      });
      expect(byId.map((v) => v.uniqueName)).toEqual([pick.uniqueName]);
    });

    it('save-as-new makes a separate currency and leaves the old one as it was', async () => {
      const [v] = await get<ServerNewVersionCurrency[]>('currencies.getNewVersionCurrencies');
      const res = await call('currencies.saveNewVersionAsNewCurrency', { body: versionBody(v!) });
      expect(res.statusCode).toBe(200);
      expect(res.json<ServerCurrency>()).toMatchObject({
        uniqueName: v!.uniqueName,
        tags: ['migrated'],
      });
      expect(await one(v!.oldVersionCurrency.uniqueName)).toEqual(v!.oldVersionCurrency);
      expect(await queueCount('new_version_currencies', v!.currencyId)).toBe(0);
    });

    it('merge folds the new version into the old currency, keeping its unique name and old id', async () => {
      const [v] = await get<ServerNewVersionCurrency[]>('currencies.getNewVersionCurrencies');
      const old = v!.oldVersionCurrency;
      const res = await call('currencies.mergeNewVersionWithOldCurrency', {
        body: versionBody(v!, { rank: 3, tags: ['v2'] }),
      });
      expect(res.statusCode).toBe(200);
      const merged = res.json<ServerCurrency>();
      expect(merged).toMatchObject({
        id: old.id,
        uniqueName: old.uniqueName,
        currencyId: v!.currencyId,
        currencyIds: [...old.currencyIds, old.currencyId],
        rank: 3,
        name: v!.name,
      });
      expect(merged.tags).toEqual([...new Set([...old.tags, 'v2'])].sort());
      expect(merged.website).toEqual([...new Set([...old.website, ...v!.website])].sort());
      expect(await queueCount('new_version_currencies', v!.currencyId)).toBe(0);
      const twice = await call('currencies.mergeNewVersionWithOldCurrency', {
        body: versionBody(v!),
      });
      expect(twice.statusCode).toBe(404);
    });

    it('refuses a wrong old version (400) and a clash (409), and the version stays queued', async () => {
      const [v] = await get<ServerNewVersionCurrency[]>('currencies.getNewVersionCurrencies');
      const wrong = await call('currencies.mergeNewVersionWithOldCurrency', {
        body: versionBody(v!, { oldVersionCurrency: 'bitcoin' }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ error_description: string }>().error_description).toContain(
        v!.oldVersionCurrency.uniqueName,
      );
      const clash = await call('currencies.saveNewVersionAsNewCurrency', {
        body: versionBody(v!, { uniqueName: 'ethereum' }),
      });
      expect(clash.statusCode).toBe(409);
      expect(await queueCount('new_version_currencies', v!.currencyId)).toBe(1);
      expect(await one('bitcoin')).toMatchObject({ name: 'Bitcoin' });
    });
  });
});
