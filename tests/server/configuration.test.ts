/**
 * The configuration and mismatch calls of SPEC.md 7 on the reference server: market-currency
 * configurations, the mismatched trading pairs (a match adds or replaces the configuration it
 * names and resolves the queued pairs of that market and currency symbol, in one transaction) and
 * the mismatched explorer URLs (a match is recorded on the currency of its unique name). Every
 * refusal (400, 404, 409) leaves the data as they were.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listAnswer } from '../../src/shared/api/answers';
import {
  configurationRecord,
  mismatchExplorerUrlRecord,
  mismatchTradingPairRecord,
} from '../../src/shared/api/records';
import { CONFIGURATION_CATEGORIES, MARKETS } from '../../src/shared/constants';
import { type CallId, type CallParts, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

interface Configuration {
  currency: string;
  name: string;
  uniqueName: string;
  market: string;
  category: string;
}
interface Pair {
  market: string;
  pair: string;
  baseCurrency: string;
  otherCurrency: string;
  message: string;
}
interface ExplorerUrl {
  url: string;
  uniqueName: string;
  name: string;
  specific: boolean;
  isSpecific: boolean;
}

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

describe.each(ENGINES)('configuration and mismatch routes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer3' });
  const call = api.call;
  const get = async <T>(id: CallId, parts?: CallParts) => {
    const res = await call(id, parts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const sql = <Row extends object>(text: string, params: unknown[] = []) =>
    api.server.context.db.query<Row>(text, params);
  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!
      .n;
  /** A snapshot of a whole table, to show that a refusal changed nothing. */
  const snapshot = (table: string) => sql(`SELECT * FROM ${table} ORDER BY id`);
  const configurations = (query: CallParts['query'] = {}) =>
    get<Configuration[]>('configurations.getConfigurations', { query });
  const pairs = (query: CallParts['query'] = {}) =>
    get<Pair[]>('mismatches.getMismatchTradingPairs', { query });
  const configurationOf = async (uniqueName: string, market: string) =>
    (
      await sql<Configuration>(
        `SELECT symbol AS currency, name, unique_name AS "uniqueName", market, category
           FROM market_currency_configurations WHERE unique_name = $1 AND market = $2`,
        [uniqueName, market],
      )
    )[0];
  /** A catalogue currency with no configuration on the market. */
  const unconfigured = async (market: string, offset = 0) =>
    (
      await sql<{ symbol: string; name: string; uniqueName: string }>(
        `SELECT symbol, name, unique_name AS "uniqueName" FROM currencies c
          WHERE NOT EXISTS (SELECT 1 FROM market_currency_configurations m
                             WHERE m.unique_name = c.unique_name AND m.market = $1)
          ORDER BY rank OFFSET $2 LIMIT 1`,
        [market, offset],
      )
    )[0]!;

  describe('market-currency configurations', () => {
    it('lists a few hundred seeded ones, on all 13 markets, each naming a catalogue currency', async () => {
      const all = await configurations();
      expect(all.length).toBeGreaterThanOrEqual(250);
      expect(new Set(all.map((c) => c.market))).toEqual(new Set(MARKETS));
      for (const c of all) expect(CONFIGURATION_CATEGORIES).toContain(c.category);
      expect(new Set(all.map((c) => c.category))).toEqual(new Set(CONFIGURATION_CATEGORIES));
      expect(
        await count(
          'market_currency_configurations m',
          'NOT EXISTS (SELECT 1 FROM currencies c WHERE c.unique_name = m.unique_name)',
        ),
      ).toBe(0);
      // The client's reader finds every field in every entry.
      expect(listAnswer(configurationRecord).parse(all)).toEqual(all);
      expect(all).toContainEqual({
        currency: 'XBT',
        name: 'Bitcoin',
        uniqueName: 'bitcoin',
        market: 'KRAKEN',
        category: 'different',
      });
    });

    it('filters by market and by currency symbol, exactly and in any case; empty is any', async () => {
      const kraken = await configurations({ market: 'KRAKEN' });
      expect(kraken.length).toBe(
        await count('market_currency_configurations', "market = 'KRAKEN'"),
      );
      expect(kraken.every((c) => c.market === 'KRAKEN')).toBe(true);
      expect(await configurations({ market: 'kraken', currency: '' })).toEqual(kraken);
      const xbt = await configurations({ currency: 'xbt' });
      expect(xbt.map((c) => c.uniqueName)).toEqual(['bitcoin']);
      expect(await configurations({ market: 'KRAKEN', currency: 'XBT' })).toEqual(xbt);
      expect(await configurations({ market: 'BINANCE', currency: 'XBT' })).toEqual([]);
      // A part of a symbol is not the symbol.
      expect(await configurations({ currency: 'XB' })).toEqual([]);
      expect(await configurations({ market: 'NASDAQ' })).toEqual([]);
      const some = kraken[0]!;
      const bySymbol = await configurations({ currency: some.currency.toLowerCase() });
      expect(bySymbol).toContainEqual(some);
      expect(bySymbol.every((c) => c.currency.toLowerCase() === some.currency.toLowerCase())).toBe(
        true,
      );
    });

    it('add creates one; the same unique name and market again is 409 and changes nothing', async () => {
      const coin = await unconfigured('MEXC');
      const added = {
        currency: coin.symbol,
        name: coin.name,
        uniqueName: coin.uniqueName,
        market: 'MEXC',
        category: 'notFound',
      };
      const res = await call('configurations.addConfiguration', { body: added });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(added);
      expect(await configurations({ market: 'MEXC', currency: coin.symbol })).toContainEqual(added);

      const before = await snapshot('market_currency_configurations');
      const again = await call('configurations.addConfiguration', {
        body: {
          ...added,
          currency: 'OTHER',
          category: 'multiple',
        },
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({
        error: 'duplicate',
        error_description: expect.stringContaining(coin.uniqueName) as string,
      });
      expect(await snapshot('market_currency_configurations')).toEqual(before);
      // The same currency on another market is another configuration.
      const [{ market: free } = { market: '' }] = await sql<{ market: string }>(
        `SELECT m.market FROM unnest($1::text[]) AS m(market)
          WHERE NOT EXISTS (SELECT 1 FROM market_currency_configurations c
                             WHERE c.market = m.market AND c.unique_name = $2)
          ORDER BY 1 LIMIT 1`,
        [[...MARKETS], coin.uniqueName],
      );
      const elsewhere = await call('configurations.addConfiguration', {
        body: {
          ...added,
          market: free,
        },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(await configurationOf(coin.uniqueName, free)).toEqual({ ...added, market: free });
      expect(await configurationOf(coin.uniqueName, 'MEXC')).toEqual(added);
    });

    it('add refuses a market not among the 13, a category not among the three and blanks (400), writing nothing', async () => {
      const before = await snapshot('market_currency_configurations');
      const body = {
        currency: 'ADA',
        name: 'Cardano',
        uniqueName: 'cardano',
        market: 'BINANCE',
        category: 'notFound',
      };
      for (const [bad, said] of [
        [{ market: 'NASDAQ' }, 'market: market must be one of the 13 markets'],
        [{ market: 'binance' }, 'market: market must be one of the 13 markets'],
        [{ category: 'NOT FOUND' }, 'category: category must be notFound, multiple or different'],
        [{ uniqueName: '  ' }, 'uniqueName: uniqueName is required'],
        [{ currency: '' }, 'currency: currency is required'],
      ] as const) {
        const res = await call('configurations.addConfiguration', { body: { ...body, ...bad } });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(errorOf(res).error_description).toContain(said);
      }
      expect(await snapshot('market_currency_configurations')).toEqual(before);
    });

    it('update sets symbol, name and category of the one of that unique name and market; unknown is 404', async () => {
      const [target] = await configurations({ market: 'BYBIT' });
      const changed = {
        ...target!,
        currency: `${target!.currency}X`,
        name: `${target!.name} Renamed`,
        category: target!.category === 'different' ? 'multiple' : 'different',
      };
      const res = await call('configurations.updateConfiguration', { body: changed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(changed);
      expect(await configurationOf(target!.uniqueName, 'BYBIT')).toEqual(changed);

      const before = await snapshot('market_currency_configurations');
      const unknownName = await call('configurations.updateConfiguration', {
        body: {
          ...changed,
          uniqueName: 'no-such-coin',
        },
      });
      expect(unknownName.statusCode).toBe(404);
      expect(errorOf(unknownName).error).toBe('not_found');
      // A known currency on a market where it has no configuration is unknown too: no upsert.
      const coin = await unconfigured('COINLIST');
      const unknownMarket = await call('configurations.updateConfiguration', {
        body: {
          currency: coin.symbol,
          name: coin.name,
          uniqueName: coin.uniqueName,
          market: 'COINLIST',
          category: 'notFound',
        },
      });
      expect(unknownMarket.statusCode).toBe(404);
      const badCategory = await call('configurations.updateConfiguration', {
        body: {
          ...changed,
          category: 'unknown',
        },
      });
      expect(badCategory.statusCode).toBe(400);
      expect(await snapshot('market_currency_configurations')).toEqual(before);
    });

    it('delete removes the one of that unique name and market; again, or an unknown one, is 404', async () => {
      const [target] = await configurations({ market: 'BITSTAMP' });
      const total = await count('market_currency_configurations');
      const res = await call('configurations.deleteConfiguration', { body: target! });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(target);
      expect(await configurationOf(target!.uniqueName, 'BITSTAMP')).toBeUndefined();
      expect(await count('market_currency_configurations')).toBe(total - 1);

      const before = await snapshot('market_currency_configurations');
      const again = await call('configurations.deleteConfiguration', { body: target! });
      expect(again.statusCode).toBe(404);
      const otherMarket = await call('configurations.deleteConfiguration', {
        body: {
          ...target!,
          market: 'KUCOIN',
          uniqueName: (await unconfigured('KUCOIN')).uniqueName,
        },
      });
      expect(otherMarket.statusCode).toBe(404);
      const bad = await call('configurations.deleteConfiguration', {
        body: {
          ...target!,
          market: 'NOWHERE',
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(await snapshot('market_currency_configurations')).toEqual(before);
    });
  });

  describe('mismatched trading pairs', () => {
    /** A market and base symbol with at least `min` queued pairs and no configuration there. */
    const queuedGroup = async (min: number, offset = 0) =>
      (
        await sql<{ market: string; symbol: string; n: number; unique_name: string }>(
          `SELECT p.market, p.base_currency AS symbol, count(*)::int AS n,
                  (SELECT c.unique_name FROM currencies c WHERE c.symbol = p.base_currency
                    ORDER BY c.rank LIMIT 1) AS unique_name
             FROM mismatch_trading_pairs p
            WHERE NOT EXISTS (SELECT 1 FROM market_currency_configurations m
                               WHERE m.market = p.market AND lower(m.symbol) = lower(p.base_currency))
            GROUP BY p.market, p.base_currency HAVING count(*) >= $1
            ORDER BY p.market, p.base_currency OFFSET $2 LIMIT 1`,
          [min, offset],
        )
      )[0]!;

    it('lists a few hundred seeded ones on the 13 markets, of catalogue currencies', async () => {
      const all = await pairs();
      expect(all.length).toBeGreaterThanOrEqual(250);
      expect(new Set(all.map((p) => p.market))).toEqual(new Set(MARKETS));
      expect(new Set(all.map((p) => `${p.market} ${p.pair}`)).size).toBe(all.length);
      expect(
        await count(
          'mismatch_trading_pairs p',
          'NOT EXISTS (SELECT 1 FROM currencies c WHERE c.symbol = p.base_currency)',
        ),
      ).toBe(0);
      expect(new Set(all.map((p) => p.otherCurrency))).toEqual(
        new Set(['USDT', 'BTC', 'ETH', 'USDC']),
      );
      expect(all.filter((p) => p.message !== '').length).toBeGreaterThan(all.length / 2);
      expect(listAnswer(mismatchTradingPairRecord).parse(all)).toEqual(all);
    });

    it('filters by market and by currency symbol, base or other, exactly and in any case', async () => {
      const group = await queuedGroup(2);
      const found = await pairs({
        market: group.market.toLowerCase(),
        currency: group.symbol.toLowerCase(),
      });
      expect(found.length).toBe(group.n);
      expect(found.every((p) => p.market === group.market && p.baseCurrency === group.symbol)).toBe(
        true,
      );
      const quoted = await pairs({ market: group.market, currency: 'usdt' });
      expect(quoted.length).toBe(
        await count('mismatch_trading_pairs', "market = $1 AND other_currency = 'USDT'", [
          group.market,
        ]),
      );
      expect(quoted.every((p) => p.otherCurrency === 'USDT')).toBe(true);
      const everywhere = await pairs({ currency: group.symbol });
      expect(everywhere.length).toBeGreaterThanOrEqual(group.n);
      expect(await pairs({ currency: group.symbol.slice(0, -1) })).not.toContainEqual(found[0]);
      expect(await pairs({ market: 'NASDAQ' })).toEqual([]);
    });

    it('match adds the configuration it names and resolves every queued pair of that market and symbol', async () => {
      const group = await queuedGroup(2);
      const elsewhere = await count(
        'mismatch_trading_pairs',
        'market <> $1 AND (base_currency = $2 OR other_currency = $2)',
        [group.market, group.symbol],
      );
      // A pair that quotes the symbol is of that market and symbol too.
      await sql(
        `INSERT INTO mismatch_trading_pairs (market, pair, base_currency, other_currency, message)
         VALUES ($1, $2, 'ZZQ', $3, 'quoted')`,
        [group.market, `ZZQ~${group.symbol}`, group.symbol],
      );
      const total = await count('mismatch_trading_pairs');
      const queued = await pairs({ market: group.market, currency: group.symbol });
      expect(queued.length).toBe(group.n + 1);
      expect(await configurationOf(group.unique_name, group.market)).toBeUndefined();
      const match = {
        market: group.market,
        category: 'different',
        currency: group.symbol.toLowerCase(),
        name: 'Matched Name',
        uniqueName: group.unique_name,
      };
      const res = await call('mismatches.matchMismatchTradingPair', { body: match });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        configuration: match,
        resolved: [...queued].sort((a, b) => a.pair.localeCompare(b.pair)),
      });
      expect(await pairs({ market: group.market, currency: group.symbol })).toEqual([]);
      expect(await count('mismatch_trading_pairs')).toBe(total - group.n - 1);
      // Only that market's pairs: the same symbol elsewhere stays queued.
      expect(
        await count(
          'mismatch_trading_pairs',
          'market <> $1 AND (base_currency = $2 OR other_currency = $2)',
          [group.market, group.symbol],
        ),
      ).toBe(elsewhere);
      expect(await configurationOf(group.unique_name, group.market)).toEqual(match);
      expect(await configurations({ market: group.market, currency: group.symbol })).toContainEqual(
        match,
      );
    });

    it('match replaces the configuration of that unique name and market, never adds a second', async () => {
      const group = await queuedGroup(1, 3);
      const first = {
        currency: group.symbol,
        name: 'First Name',
        uniqueName: group.unique_name,
        market: group.market,
        category: 'notFound',
      };
      expect((await call('configurations.addConfiguration', { body: first })).statusCode).toBe(200);
      const match = { ...first, name: 'Second Name', category: 'multiple' };
      const res = await call('mismatches.matchMismatchTradingPair', { body: match });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        await count('market_currency_configurations', 'unique_name = $1 AND market = $2', [
          group.unique_name,
          group.market,
        ]),
      ).toBe(1);
      expect(await configurationOf(group.unique_name, group.market)).toEqual(match);
    });

    it('match with no queued pair of that market and symbol is 404 and writes no configuration', async () => {
      // A symbol queued on some market, sent with a market where it is not queued.
      const group = await queuedGroup(1, 5);
      const otherMarket = (
        await sql<{ market: string }>(
          `SELECT m.market FROM unnest($1::text[]) AS m(market)
            WHERE NOT EXISTS (SELECT 1 FROM mismatch_trading_pairs p WHERE p.market = m.market
                               AND (lower(p.base_currency) = lower($2) OR lower(p.other_currency) = lower($2)))
            ORDER BY 1 LIMIT 1`,
          [[...MARKETS], group.symbol],
        )
      )[0]!.market;
      expect(otherMarket).not.toBe(group.market);
      expect(await configurationOf(group.unique_name, otherMarket)).toBeUndefined();
      const configurationsBefore = await snapshot('market_currency_configurations');
      const pairsBefore = await snapshot('mismatch_trading_pairs');
      const res = await call('mismatches.matchMismatchTradingPair', {
        body: {
          market: otherMarket,
          category: 'notFound',
          currency: group.symbol,
          name: 'Nowhere',
          uniqueName: group.unique_name,
        },
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).error_description).toContain(group.symbol);
      // The configuration the transaction wrote before it found no pair was rolled back.
      expect(await configurationOf(group.unique_name, otherMarket)).toBeUndefined();

      // The same for a configuration that exists: it is not replaced.
      const resolvedBefore = (await configurations({ market: 'KRAKEN', currency: 'XBT' }))[0]!;
      const onKnown = await call('mismatches.matchMismatchTradingPair', {
        body: {
          ...resolvedBefore,
          name: 'Changed',
          category: 'notFound',
        },
      });
      expect(onKnown.statusCode).toBe(404);
      expect(await configurationOf('bitcoin', 'KRAKEN')).toEqual(resolvedBefore);
      expect(await snapshot('market_currency_configurations')).toEqual(configurationsBefore);
      expect(await snapshot('mismatch_trading_pairs')).toEqual(pairsBefore);
    });

    it('match refuses a bad market, category or blank fields (400) and resolves nothing', async () => {
      const group = await queuedGroup(1, 7);
      const before = await snapshot('mismatch_trading_pairs');
      const configurationsBefore = await snapshot('market_currency_configurations');
      const body = {
        market: group.market,
        category: 'notFound',
        currency: group.symbol,
        name: 'X',
        uniqueName: group.unique_name,
      };
      for (const bad of [
        { market: 'Binance Futures' },
        { category: 'different ' },
        { currency: ' ' },
        { uniqueName: '' },
      ]) {
        const res = await call('mismatches.matchMismatchTradingPair', {
          body: { ...body, ...bad },
        });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(errorOf(res).error_description).toContain(Object.keys(bad)[0]);
      }
      expect(await snapshot('mismatch_trading_pairs')).toEqual(before);
      expect(await snapshot('market_currency_configurations')).toEqual(configurationsBefore);
    });

    it('delete drops only that pair from the queue and configures nothing; again is 404', async () => {
      const group = await queuedGroup(2, 9);
      const [target, sibling] = await pairs({ market: group.market, currency: group.symbol });
      const configurationsBefore = await snapshot('market_currency_configurations');
      const total = await count('mismatch_trading_pairs');
      const res = await call('mismatches.deleteMismatchTradingPair', { body: target! });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(target);
      expect(await count('mismatch_trading_pairs')).toBe(total - 1);
      const left = await pairs({ market: group.market, currency: group.symbol });
      expect(left).not.toContainEqual(target);
      expect(left).toContainEqual(sibling);
      expect(await snapshot('market_currency_configurations')).toEqual(configurationsBefore);

      const before = await snapshot('mismatch_trading_pairs');
      const again = await call('mismatches.deleteMismatchTradingPair', { body: target! });
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).error).toBe('not_found');
      // The pair is known by its market and pair: the same pair on another market is not it.
      const otherMarket = await call('mismatches.deleteMismatchTradingPair', {
        body: {
          ...sibling!,
          market: sibling!.market === 'OKEX' ? 'KRAKEN' : 'OKEX',
        },
      });
      expect(otherMarket.statusCode).toBe(404);
      const blank = await call('mismatches.deleteMismatchTradingPair', {
        body: {
          ...sibling!,
          pair: '',
        },
      });
      expect(blank.statusCode).toBe(400);
      expect(await snapshot('mismatch_trading_pairs')).toEqual(before);
    });
  });

  describe('mismatched explorer urls', () => {
    const urls = () => get<ExplorerUrl[]>('mismatches.getMismatchExplorerUrls');
    const recorded = (uniqueName: string) =>
      sql<{ url: string; name: string; is_specific: boolean }>(
        'SELECT url, name, is_specific FROM currency_explorer_urls WHERE unique_name = $1 ORDER BY url',
        [uniqueName],
      );

    it('lists about a hundred seeded ones, each of a catalogue currency, with specific and isSpecific', async () => {
      const all = await urls();
      expect(all.length).toBeGreaterThanOrEqual(90);
      expect(new Set(all.map((u) => `${u.uniqueName} ${u.url}`)).size).toBe(all.length);
      expect(
        await count(
          'mismatch_explorer_urls u',
          'NOT EXISTS (SELECT 1 FROM currencies c WHERE c.unique_name = u.unique_name)',
        ),
      ).toBe(0);
      for (const u of all) expect(u.specific).toBe(u.isSpecific);
      expect(new Set(all.map((u) => u.isSpecific))).toEqual(new Set([true, false]));
      expect(listAnswer(mismatchExplorerUrlRecord).parse(all)).toEqual(all);
    });

    it('match takes the url out of the queue and records it on the currency, with the name and flag sent', async () => {
      const all = await urls();
      const target = all.find((u) => u.isSpecific)!;
      const res = await call('mismatches.matchMismatchExplorerUrl', {
        body: {
          uniqueName: target.uniqueName,
          url: target.url,
          name: 'Edited Scanner',
          isSpecific: 'False',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        url: target.url,
        uniqueName: target.uniqueName,
        name: 'Edited Scanner',
        specific: false,
        isSpecific: false,
      });
      const after = await urls();
      expect(after).toEqual(all.filter((u) => u !== target));
      expect(await recorded(target.uniqueName)).toContainEqual({
        url: target.url,
        name: 'Edited Scanner',
        is_specific: false,
      });
    });

    it('match may give a queued url to another catalogue currency: it leaves the queue and is recorded there', async () => {
      const all = await urls();
      const target = all.find((u) => u.uniqueName !== 'bitcoin')!;
      const res = await call('mismatches.matchMismatchExplorerUrl', {
        body: {
          uniqueName: 'bitcoin',
          url: target.url,
          name: 'Moved Scanner',
          isSpecific: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await urls()).map((u) => u.url)).not.toContain(target.url);
      expect(await recorded('bitcoin')).toContainEqual({
        url: target.url,
        name: 'Moved Scanner',
        is_specific: true,
      });
      expect((await recorded(target.uniqueName)).map((r) => r.url)).not.toContain(target.url);
    });

    it('match of an unknown url, or of a currency not in the catalogue, is 404 and changes nothing', async () => {
      const [first] = await urls();
      await sql(
        `INSERT INTO mismatch_explorer_urls (url, unique_name, name, is_specific)
         VALUES ('https://explorer.ghost.io', 'ghost-coin-not-in-catalogue', 'Ghost', false)`,
      );
      const queueBefore = await snapshot('mismatch_explorer_urls');
      const recordedBefore = await snapshot('currency_explorer_urls');
      for (const body of [
        {
          uniqueName: first!.uniqueName,
          url: 'https://nowhere.example/x',
          name: 'X',
          isSpecific: true,
        },
      ]) {
        const res = await call('mismatches.matchMismatchExplorerUrl', { body });
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(errorOf(res).error_description).toContain('No mismatch explorer url');
      }
      const ghost = await call('mismatches.matchMismatchExplorerUrl', {
        body: {
          uniqueName: 'ghost-coin-not-in-catalogue',
          url: 'https://explorer.ghost.io',
          name: 'Ghost',
          isSpecific: false,
        },
      });
      expect(ghost.statusCode).toBe(404);
      expect(errorOf(ghost).error_description).toContain(
        'No currency with unique name "ghost-coin-not-in-catalogue"',
      );
      // The url it took out of the queue before finding no currency is back (rolled back).
      expect(await snapshot('mismatch_explorer_urls')).toEqual(queueBefore);
      expect(await snapshot('currency_explorer_urls')).toEqual(recordedBefore);
      await sql(
        "DELETE FROM mismatch_explorer_urls WHERE unique_name = 'ghost-coin-not-in-catalogue'",
      );
    });

    it('match refuses a flag that is not true or false, and a blank url (400)', async () => {
      const [first] = await urls();
      const before = await snapshot('mismatch_explorer_urls');
      const badFlag = await call('mismatches.matchMismatchExplorerUrl', {
        body: {
          ...first,
          isSpecific: 'yes',
        },
      });
      expect(badFlag.statusCode).toBe(400);
      expect(errorOf(badFlag).error_description).toContain('isSpecific must be true or false');
      const blank = await call('mismatches.matchMismatchExplorerUrl', {
        body: { ...first, url: ' ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(await snapshot('mismatch_explorer_urls')).toEqual(before);
    });

    it('delete drops the url from the queue only; again is 404', async () => {
      const all = await urls();
      const target = all[all.length - 2]!;
      const recordedBefore = await snapshot('currency_explorer_urls');
      const res = await call('mismatches.deleteMismatchExplorerUrl', { body: target });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(target);
      expect(await urls()).toEqual(all.filter((u) => u !== target));
      expect(await snapshot('currency_explorer_urls')).toEqual(recordedBefore);

      const before = await snapshot('mismatch_explorer_urls');
      const again = await call('mismatches.deleteMismatchExplorerUrl', { body: target });
      expect(again.statusCode).toBe(404);
      const other = all[0]!;
      const wrongName = await call('mismatches.deleteMismatchExplorerUrl', {
        body: {
          ...other,
          uniqueName: `${other.uniqueName}-x`,
        },
      });
      expect(wrongName.statusCode).toBe(404);
      expect(await snapshot('mismatch_explorer_urls')).toEqual(before);
    });
  });
});
