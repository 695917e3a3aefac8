/**
 * The account calls of SPEC.md 7 under /twitter-service on the reference server: coin, news and
 * market Twitter accounts, listed (coin and market ones by unique name), added, updated (the
 * account of userId takes newUserId) and deleted. Every refusal (400, 404, 409) leaves the table
 * as it was.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listAnswer } from '../../src/shared/api/answers';
import {
  coinAccountRecord,
  marketAccountRecord,
  newsAccountRecord,
} from '../../src/shared/api/records';
import { MARKETS } from '../../src/shared/constants';
import { type CallId, type CallParts, useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

type Account = Record<string, unknown> & { userId: string; twitterAccountName: string };

interface Kind {
  kind: 'coin' | 'news' | 'market';
  table: string;
  type: 'COIN' | 'NEWS' | 'MARKET';
  seeded: number;
  reader: { read(value: unknown): unknown };
  /** A new account of this kind (userId to be filled in). */
  sample: (userId: string) => Account;
  byUniqueName: boolean;
}

const KINDS: Kind[] = [
  {
    kind: 'coin',
    table: 'coin_accounts',
    type: 'COIN',
    seeded: 60,
    reader: coinAccountRecord,
    sample: (userId) => ({
      currencyCode: 'ADA',
      twitterAccountName: 'CardanoStiftung',
      uniqueName: 'cardano',
      accountType: 'COIN',
      active: true,
      userId,
    }),
    byUniqueName: true,
  },
  {
    kind: 'news',
    table: 'news_accounts',
    type: 'NEWS',
    seeded: 30,
    reader: newsAccountRecord,
    sample: (userId) => ({
      twitterAccountName: 'TheDailyHodl',
      accountType: 'NEWS',
      active: true,
      userId,
    }),
    byUniqueName: false,
  },
  {
    kind: 'market',
    table: 'market_accounts',
    type: 'MARKET',
    seeded: 30,
    reader: marketAccountRecord,
    sample: (userId) => ({
      market: 'KRAKEN',
      twitterAccountName: 'KrakenListings',
      uniqueName: 'kraken',
      accountType: 'MARKET',
      active: true,
      listingActive: false,
      marketAnnouncementActive: false,
      userId,
    }),
    byUniqueName: true,
  },
];

/** The declared calls of each kind. */
const CALLS: Record<Kind['kind'], Record<'list' | 'add' | 'update' | 'delete', CallId>> = {
  coin: {
    list: 'accounts.getCoinAccounts',
    add: 'accounts.addCoinAccount',
    update: 'accounts.updateCoinAccount',
    delete: 'accounts.deleteCoinAccount',
  },
  news: {
    list: 'accounts.getNewsAccounts',
    add: 'accounts.addNewsAccount',
    update: 'accounts.updateNewsAccount',
    delete: 'accounts.deleteNewsAccount',
  },
  market: {
    list: 'accounts.getMarketAccounts',
    add: 'accounts.addMarketAccount',
    update: 'accounts.updateMarketAccount',
    delete: 'accounts.deleteMarketAccount',
  },
};

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; error_description: string }>();

describe.each(ENGINES)('account routes on %s', (engine) => {
  const api = useServer({ engine, user: 'reviewer1' });
  const send = (id: CallId, body: object) => api.call(id, { body });
  const sql = <Row extends object>(text: string, params: unknown[] = []) =>
    api.server.context.db.query<Row>(text, params);

  describe.each(KINDS)('$kind accounts', (k) => {
    const list = async (query: CallParts['query'] = {}) => {
      const res = await api.call(CALLS[k.kind].list, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Account[]>();
    };
    const snapshot = () => sql(`SELECT * FROM ${k.table} ORDER BY id`);
    const byUser = async (userId: string) => (await list()).find((a) => a.userId === userId);

    it(`lists the seeded ones (about ${k.seeded}), each of type ${k.type}, read whole by the client`, async () => {
      const all = await list();
      expect(all.length).toBeGreaterThanOrEqual(k.seeded - 5);
      expect(all.length).toBeLessThanOrEqual(k.seeded + 5);
      expect(all.every((a) => a.accountType === k.type)).toBe(true);
      expect(new Set(all.map((a) => a.userId)).size).toBe(all.length);
      expect(all.every((a) => /^[1-9]\d{7,18}$/.test(a.userId))).toBe(true);
      expect(listAnswer(k.reader).parse(all)).toEqual(all);
      expect(new Set(all.map((a) => a.active))).toEqual(new Set([true, false]));
      if (k.kind === 'coin') {
        expect(all).toContainEqual(
          expect.objectContaining({
            twitterAccountName: 'Bitcoin',
            uniqueName: 'bitcoin',
            currencyCode: 'BTC',
          }),
        );
        // Every coin account names a catalogue currency, with its symbol.
        const catalogue = await sql<{ unique_name: string; symbol: string }>(
          'SELECT unique_name, symbol FROM currencies WHERE unique_name = ANY($1::text[])',
          [all.map((a) => a.uniqueName)],
        );
        const symbols = new Map(catalogue.map((c) => [c.unique_name, c.symbol]));
        for (const a of all) expect(symbols.get(a.uniqueName as string)).toBe(a.currencyCode);
      }
      if (k.kind === 'news') expect(all.map((a) => a.twitterAccountName)).toContain('CoinDesk');
      if (k.kind === 'market') {
        expect(new Set(all.map((a) => a.market))).toEqual(new Set(MARKETS));
        expect(all.some((a) => a.listingActive === true)).toBe(true);
        expect(all.some((a) => a.marketAnnouncementActive === true)).toBe(true);
      }
    });

    if (k.byUniqueName) {
      it('filters by unique name, exactly and in any case; empty is all', async () => {
        const name = k.kind === 'coin' ? 'bitcoin' : 'binance';
        const found = await list({ uniqueName: name.toUpperCase() });
        expect(found.length).toBeGreaterThanOrEqual(2);
        expect(found.every((a) => a.uniqueName === name)).toBe(true);
        const all = await list();
        expect(found.length).toBe(all.filter((a) => a.uniqueName === name).length);
        expect(await list({ uniqueName: '' })).toEqual(all);
        expect(await list({ uniqueName: name.slice(0, 4) })).toEqual([]);
        expect(await list({ uniqueName: 'no-such-name' })).toEqual([]);
      });
    } else {
      it('takes no filter: a uniqueName in the query changes nothing', async () => {
        expect(await list({ uniqueName: 'bitcoin' })).toEqual(await list());
      });
    }

    it('add creates one (accountType in any case); the same userId again is 409 and changes nothing', async () => {
      const added = k.sample('1500000000000000001');
      const res = await send(CALLS[k.kind].add, {
        ...added,
        accountType: k.type.toLowerCase(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(added);
      expect(await byUser('1500000000000000001')).toEqual(added);

      const before = await snapshot();
      const again = await send(CALLS[k.kind].add, {
        ...added,
        twitterAccountName: 'SomeoneElse',
        active: false,
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({
        error: 'duplicate',
        error_description: `A ${k.kind} account with userId 1500000000000000001 already exists.`,
      });
      expect(await snapshot()).toEqual(before);
    });

    it('add refuses another kind, an unknown type, a flag that is not a boolean and blanks (400), writing nothing', async () => {
      const before = await snapshot();
      const sample = k.sample('1500000000000000099');
      const other = k.type === 'COIN' ? 'NEWS' : 'COIN';
      const cases: [Record<string, unknown>, string][] = [
        [{ accountType: other }, `a ${k.kind} account has accountType ${k.type}, not ${other}`],
        [{ accountType: 'PERSON' }, 'accountType must be COIN, NEWS or MARKET'],
        [{ active: 'yes' }, 'active must be True or False'],
        [{ userId: ' ' }, 'userId is required'],
        [{ twitterAccountName: '' }, 'twitterAccountName is required'],
      ];
      if (k.kind === 'market') cases.push([{ listingActive: null }, 'listingActive must be']);
      if (k.kind === 'coin') cases.push([{ uniqueName: '' }, 'uniqueName is required']);
      for (const [bad, said] of cases) {
        const res = await send(CALLS[k.kind].add, { ...sample, ...bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(errorOf(res).error_description).toContain(said);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('update gives the account of userId every field sent and newUserId as its userId', async () => {
      const [target] = await list();
      const changed = {
        ...k.sample(target!.userId),
        twitterAccountName: `${target!.twitterAccountName}_renamed`,
        active: !target!.active,
      };
      const res = await send(CALLS[k.kind].update, {
        ...changed,
        newUserId: '1600000000000000001',
      });
      expect(res.statusCode, res.body).toBe(200);
      const expected = { ...changed, userId: '1600000000000000001' };
      expect(res.json()).toEqual(expected);
      expect(await byUser('1600000000000000001')).toEqual(expected);
      expect(await byUser(target!.userId)).toBeUndefined();
      // newUserId may be the same userId.
      const same = await send(CALLS[k.kind].update, {
        ...expected,
        active: true,
        newUserId: expected.userId,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(await byUser(expected.userId)).toEqual({ ...expected, active: true });
    });

    it('update of an unknown userId is 404; to a newUserId another account has is 409; nothing changes', async () => {
      const [first, second] = await list();
      const before = await snapshot();
      const unknown = await send(CALLS[k.kind].update, {
        ...k.sample('1700000000000000404'),
        newUserId: '1700000000000000405',
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).error_description).toBe(
        `No ${k.kind} account with userId 1700000000000000404.`,
      );
      const taken = await send(CALLS[k.kind].update, {
        ...k.sample(first!.userId),
        newUserId: second!.userId,
      });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken).error).toBe('duplicate');
      const wrongKind = await send(CALLS[k.kind].update, {
        ...k.sample(first!.userId),
        accountType: k.type === 'MARKET' ? 'NEWS' : 'MARKET',
        newUserId: '1700000000000000406',
      });
      expect(wrongKind.statusCode).toBe(400);
      const noNewId = await send(CALLS[k.kind].update, k.sample(first!.userId));
      expect(noNewId.statusCode).toBe(400);
      expect(errorOf(noNewId).error_description).toContain('newUserId');
      expect(await snapshot()).toEqual(before);
    });

    it('delete removes the account of the record userId; again is 404', async () => {
      const all = await list();
      const target = all[all.length - 1]!;
      const res = await send(CALLS[k.kind].delete, target);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(target);
      expect(await list()).toEqual(all.filter((a) => a !== target));

      const before = await snapshot();
      const again = await send(CALLS[k.kind].delete, target);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).error).toBe('not_found');
      const wrongKind = await send(CALLS[k.kind].delete, {
        ...all[0]!,
        accountType: k.type === 'NEWS' ? 'COIN' : 'NEWS',
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('the same userId may be a coin, a news and a market account: uniqueness is per kind', async () => {
    for (const k of KINDS) {
      const res = await send(CALLS[k.kind].add, k.sample('1800000000000000001'));
      expect(res.statusCode, `${k.kind}: ${res.body}`).toBe(200);
    }
  });
});
