/**
 * Core's provider calls end to end: core (createCore, memory secret store) signed in against the
 * spec provider (tests/support/specProvider, written from SPEC.md alone, sparse answers) and
 * against the reference server, for every built screen's calls (review, keywords, the three
 * currency lists). What went over the wire is read from the spec provider's `seen`; what a write
 * did is read back from the backend itself, without core's readers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import {
  currencyRecord,
  newCurrencyRecord,
  newsItemRecord,
  newVersionCurrencyRecord,
  tweetItemRecord,
} from '../../../src/shared/api/records';
import { TEXT_BOUND } from '../../../src/shared/bodies/fields';
import type { Envelope } from '../../../src/shared/bridge';
import { MESSAGES } from '../../../src/shared/messages';
import {
  BACKENDS,
  coreFor,
  signedIn,
  startBackend,
  type Backend,
  type RawAnswer,
} from '../../support/coreBackends';
import { jsonReply, startFakeProvider, textReply } from '../../support/fakeProvider';
import { DEMO_USERS, startSpecProvider, type SpecProvider } from '../../support/specProvider';
import { matchRoute } from '../../support/specProvider/routes';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const C = '/configuration-service/dqc';
type Row = Record<string, unknown>;

const FILTER = {
  startDate: '2022-01-01T00:00',
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  sortBy: 'desc',
  startIndex: 0,
} as const;

/** The data of an ok envelope; fails the test with the error otherwise. */
function dataOf<T = unknown>(envelope: Envelope<unknown>): T {
  if (!envelope.ok) throw new Error(`expected ok, got ${JSON.stringify(envelope.error)}`);
  return envelope.data as T;
}

/** Whether any entry leaves out a field the client's record names. */
function leavesFieldsOut(entries: Row[], shape: { shape: object }): boolean {
  const fields = Object.keys(shape.shape);
  return entries.some((entry) => fields.some((field) => !(field in entry)));
}

const services = {
  tweets: {
    prefix: '/twitter-service',
    record: tweetItemRecord,
    findPath: (id: unknown) => `/twitter-service/${String(id)}`,
    /** The change body's identity fields of an item, as the page sends them. */
    identity: (item: Row) => ({
      tweetId: String(item.tweetId),
      twitterUserName: item.twitterUserName,
    }),
    typeKey: 'keywordType',
  },
  news: {
    prefix: '/news-service',
    record: newsItemRecord,
    findPath: (id: unknown) => `/news-service/find-by-id/${String(id)}`,
    identity: (item: Row) => ({ newsId: String(item.newsId), website: item.website }),
    typeKey: 'newsKeywordType',
  },
} as const;

describe.each(BACKENDS)('core against the %s', (kind) => {
  let b: Backend;
  let core: Core;
  beforeAll(async () => {
    b = await startBackend(kind);
    core = b.core;
  });
  afterAll(() => b?.close());

  const rawList = async (method: string, path: string, body?: unknown) => {
    const answer = await b.raw(method, path, body);
    expect(answer.status, `${method} ${path}`).toBe(200);
    expect(Array.isArray(answer.value), `${method} ${path}`).toBe(true);
    return answer.value as Row[];
  };

  it('signs in with the typed username, trimmed and lower-cased, as the reviewer', () => {
    expect(core.session.view()).toMatchObject({ signedIn: true, username: 'reviewer2' });
    expect(core.session.view().roles).toContain('ADMIN');
  });

  describe.each(['tweets', 'news'] as const)('review of %s', (filterType) => {
    const s = services[filterType];
    const rawItems = (filter: Record<string, unknown> = {}) =>
      rawList('POST', `${s.prefix}/filter`, { ...FILTER, ...filter });
    const rawCount = async (filter: Record<string, unknown> = {}) =>
      Number((await b.raw('POST', `${s.prefix}/count`, { ...FILTER, ...filter })).value);
    const rawItem = async (id: unknown) => (await b.raw('POST', s.findPath(id))).value as Row;

    it('review.list: the total and the reviewed count of the filter, as numbers', async () => {
      const list = dataOf<{ items: Row[]; total: number; reviewed: number }>(
        await core.dispatch('review.list', { filterType, filter: FILTER }),
      );
      const total = await rawCount();
      expect(total).toBeGreaterThan(0);
      expect(list.total).toBe(total);
      expect(list.reviewed).toBe(await rawCount({ isReviewed: 'true' }));
      expect(list.reviewed).toBeLessThan(total);
      expect(list.items.length).toBeGreaterThan(0);
    });

    it('review.list: every row of the page, in order, ids as numbers', async () => {
      const raw = await rawItems();
      const list = dataOf<{ items: Row[] }>(
        await core.dispatch('review.list', { filterType, filter: FILTER }),
      );
      // The spec provider's page has entries that leave fields out; each is shown all the same.
      expect(leavesFieldsOut(raw, s.record)).toBe(kind === 'spec provider');
      expect(list.items.map((item) => item.id)).toEqual(raw.map((item) => Number(item.id)));
      for (const [index, item] of list.items.entries()) {
        const sent = raw[index]!;
        expect(item).toMatchObject(s.identity(sent));
        for (const field of ['accountName', 'url'])
          if (!(field in sent)) expect(item[field], field).toBeUndefined();
      }
    });

    it('review.findById: the item of a data id', async () => {
      const [first] = await rawItems();
      const item = dataOf<Row>(
        await core.dispatch('review.findById', { filterType, id: first!.id }),
      );
      expect(item).toMatchObject({ id: Number(first!.id), ...s.identity(first!) });
    });

    it('review.manualChange: eliminate, then select; each resolves ok', async () => {
      const [item] = await rawItems({ isEliminated: 'false' });
      const change = (kase: string) =>
        core.dispatch('review.manualChange', {
          filterType,
          case: kase,
          ...s.identity(item!),
          keyword: null,
          unwantedUsage: null,
          ...(filterType === 'news' ? { accountName: item!.accountName ?? null } : {}),
        });
      expect(await change('manually-eliminate')).toEqual({ ok: true, data: null });
      expect(await rawItem(item!.id)).toMatchObject({ selected: false, manuallyChanged: true });
      expect(await change('manually-select')).toEqual({ ok: true, data: null });
      expect(await rawItem(item!.id)).toMatchObject({ selected: true });
    });

    it('review.addEliminatedKeyword: the eliminated item gets the keyword', async () => {
      const [item] = await rawItems({ isEliminated: 'true' });
      const keyword = `proofword${filterType}`;
      const result = await core.dispatch('review.addEliminatedKeyword', {
        filterType,
        ...s.identity(item!),
        keyword,
        [s.typeKey]: 'RELATIVE',
        unwantedUsage: null,
        // The page may send it; the news call goes without (SPEC.md 7).
        accountName: 'page-sent',
      });
      expect(result).toEqual({ ok: true, data: null });
      expect(await rawItem(item!.id)).toMatchObject({ eliminatedKeyword: keyword });
      const keywords = await rawList('GET', `${s.prefix}/get-keywords-includes-${keyword}`);
      expect(keywords.map((entry) => entry.keyword)).toEqual([keyword]);
    });

    it('review.reviewed: marked reviewed by the signed-in reviewer', async () => {
      const [item] = await rawItems({ isReviewed: 'false' });
      expect(item!.reviewedBy ?? null).toBeNull();
      expect(await core.dispatch('review.reviewed', { filterType, id: item!.id })).toEqual({
        ok: true,
        data: null,
      });
      expect(await rawItem(item!.id)).toMatchObject({ reviewedBy: 'reviewer2' });
    });

    it('a write naming another reviewer is refused before anything is sent: the item and the journal stay as they were', async () => {
      const [item] = await rawItems({ isReviewed: 'false', isEliminated: 'false' });
      const before = await rawItem(item!.id);
      const journal = async () =>
        dataOf<{ total: number }>(await core.dispatch('journal.list', {})).total;
      const journalled = await journal();
      const sentBefore = b.spec?.seen.length;
      const refused = [
        await core.dispatch('review.reviewed', { filterType, id: item!.id, body: 'reviewer1' }),
        // A card's decision (with what it showed), as the Review screen sends it.
        await core.dispatch('review.manualChange', {
          filterType,
          case: 'manually-eliminate',
          ...s.identity(item!),
          reviewedBy: 'reviewer1',
          shown: { id: Number(item!.id), selected: true, reviewedBy: null },
        }),
        await core.dispatch('review.addEliminatedKeyword', {
          filterType,
          ...s.identity(item!),
          keyword: 'forgedword',
          reviewedBy: 'reviewer1',
        }),
      ];
      for (const envelope of refused)
        expect(envelope).toEqual({
          ok: false,
          error: {
            status: 403,
            code: 'NAMES_ANOTHER_USER',
            message: MESSAGES.namesAnotherUser('reviewer1', 'reviewer2'),
          },
        });
      if (b.spec) expect(b.spec.seen.length).toBe(sentBefore);
      expect(await rawItem(item!.id)).toEqual(before);
      expect(await journal()).toBe(journalled);
      // The signed-in user's own name, however the page spells it, is sent as the session has it.
      expect(
        await core.dispatch('review.reviewed', { filterType, id: item!.id, body: ' REVIEWER2' }),
      ).toEqual({ ok: true, data: null });
      expect(await rawItem(item!.id)).toMatchObject({ reviewedBy: 'reviewer2' });
      expect(await journal()).toBe(journalled + 1);
    });

    it('review.createModel: started (or already running)', async () => {
      const model = dataOf<string>(await core.dispatch('review.createModel', { filterType }));
      expect(['started', 'running']).toContain(model);
    });

    it('keywords: the whole list and a search, every row', async () => {
      const raw = await rawList('GET', `${s.prefix}/get-keywords`);
      const all = dataOf<Row[]>(await core.dispatch('review.getKeywords', { filterType }));
      expect(all.map((k) => [k.id, k.keyword, k.type])).toEqual(
        raw.map((k) => [Number(k.id), k.keyword, k.type]),
      );
      for (const [index, k] of all.entries())
        expect(k.unwantedUsages).toEqual(raw[index]!.unwantedUsages ?? []);
      const text = String(raw[0]!.keyword).slice(0, 3);
      const rawFound = await rawList('GET', `${s.prefix}/get-keywords-includes-${text}`);
      const found = dataOf<Row[]>(
        await core.dispatch('review.getKeywordsIncludes', { filterType, text }),
      );
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((k) => k.keyword)).toEqual(rawFound.map((k) => k.keyword));
    });

    it('keywords: add, update, remove an unwanted usage, delete; each write resolves ok', async () => {
      const word = `zzproof${filterType}`;
      const search = async () =>
        (await rawList('GET', `${s.prefix}/get-keywords-includes-${word}`)).filter(
          (k) => k.keyword === word,
        );
      const ok = { ok: true, data: null };

      expect(
        await core.dispatch('review.addKeyword', { filterType, keyword: word, type: 'RELATIVE' }),
      ).toEqual(ok);
      const [added] = await search();
      expect(added).toMatchObject({ keyword: word, type: 'RELATIVE' });

      expect(
        await core.dispatch('review.updateKeyword', {
          filterType,
          id: Number(added!.id),
          keyword: word,
          type: 'IMPORTANT',
        }),
      ).toEqual(ok);
      expect(await search()).toEqual([expect.objectContaining({ type: 'IMPORTANT' })]);

      const withUsage = (await rawList('GET', `${s.prefix}/get-keywords`)).find(
        (k) => Array.isArray(k.unwantedUsages) && k.unwantedUsages.length > 0,
      )!;
      const usage = (withUsage.unwantedUsages as string[])[0]!;
      expect(
        await core.dispatch('review.deleteUnwantedUsage', {
          filterType,
          id: Number(withUsage.id),
          keyword: withUsage.keyword,
          unwantedUsage: usage,
        }),
      ).toEqual(ok);
      const after = (await rawList('GET', `${s.prefix}/get-keywords`)).find(
        (k) => k.id === withUsage.id,
      )!;
      expect(after.unwantedUsages ?? []).not.toContain(usage);

      expect(
        await core.dispatch('review.deleteKeyword', { filterType, id: Number(added!.id) }),
      ).toEqual(ok);
      expect(await search()).toEqual([]);
    });

    it("a non-2xx is an error envelope with its status and the backend's own sentence", async () => {
      /** The error the envelope should carry for a raw answer: JSON error body or plain text. */
      const expected = (raw: RawAnswer) => {
        const body = raw.value as { error?: string; error_description?: string } | string;
        return typeof body === 'object'
          ? { status: raw.status, code: body.error, message: body.error_description }
          : { status: raw.status, code: 'HTTP_ERROR', message: body };
      };
      const path = `${s.prefix}/delete-keyword-987654`;
      const rawMissing = await b.raw('DELETE', path);
      expect(rawMissing.status).toBe(404);
      expect(await core.dispatch('review.deleteKeyword', { filterType, id: 987654 })).toEqual({
        ok: false,
        error: expected(rawMissing),
      });

      const [existing] = await rawList('GET', `${s.prefix}/get-keywords`);
      const duplicate = { keyword: existing!.keyword, type: existing!.type };
      const rawDuplicate = await b.raw('POST', `${s.prefix}/add-keyword`, duplicate);
      expect(rawDuplicate.status).toBe(kind === 'spec provider' ? 400 : 409);
      expect(rawDuplicate.text).toMatch(/already exists/);
      expect(await core.dispatch('review.addKeyword', { filterType, ...duplicate })).toEqual({
        ok: false,
        error: expected(rawDuplicate),
      });
    });
  });

  describe('currencies', () => {
    const rawCurrency = async (uniqueName: string) =>
      (await rawList('GET', `${C}/get-currencies-includes-${uniqueName}`)).find(
        (c) => c.uniqueName === uniqueName,
      );
    const queueQuery = 'currencySymbolNameOrUniqueName=&currencyId=0';

    it('catalogue: every currency, and those containing a text', async () => {
      const raw = await rawList('GET', `${C}/get-currencies`);
      const all = dataOf<Row[]>(await core.dispatch('currencies.getCurrencies', {}));
      expect(leavesFieldsOut(raw, currencyRecord)).toBe(kind === 'spec provider');
      expect(all.map((c) => c.uniqueName)).toEqual(raw.map((c) => c.uniqueName));
      for (const [index, c] of all.entries()) {
        expect(c.tags).toEqual(raw[index]!.tags ?? []);
        expect(c.active).toBe(raw[index]!.active);
      }
      const rawFound = await rawList('GET', `${C}/get-currencies-includes-coin`);
      expect(rawFound.length).toBeGreaterThan(0);
      const found = dataOf<Row[]>(
        await core.dispatch('currencies.getCurrenciesIncludes', { text: 'coin' }),
      );
      expect(found.map((c) => c.uniqueName)).toEqual(rawFound.map((c) => c.uniqueName));
    });

    it('update, then remove the tag and the unwanted usage; each write resolves ok', async () => {
      const btc = (await rawCurrency('bitcoin'))!;
      const ok = { ok: true, data: null };
      expect(
        await core.dispatch('currencies.updateCurrency', {
          currency: btc.currency,
          name: btc.name,
          uniqueName: 'bitcoin',
          active: 'False',
          searchWithCurrency: true,
          tags: [' proof-tag '],
          unwantedUsages: ['proof-usage'],
        }),
      ).toEqual(ok);
      const updated = (await rawCurrency('bitcoin'))!;
      expect(updated).toMatchObject({ active: false, searchWithCurrency: true });
      expect(updated.tags).toContain('proof-tag');
      expect(updated.unwantedUsages).toContain('proof-usage');

      expect(
        await core.dispatch('currencies.deleteTagOfCurrency', {
          uniqueName: 'bitcoin',
          tag: 'proof-tag',
        }),
      ).toEqual(ok);
      expect(
        await core.dispatch('currencies.deleteUnwantedUsageOfCurrency', {
          uniqueName: 'bitcoin',
          unwantedUsage: 'proof-usage',
        }),
      ).toEqual(ok);
      const cleaned = (await rawCurrency('bitcoin'))!;
      expect(cleaned.tags ?? []).not.toContain('proof-tag');
      expect(cleaned.unwantedUsages ?? []).not.toContain('proof-usage');
    });

    it('image check: true or false as the backend says', async () => {
      for (const uniqueName of ['bitcoin', 'no-such-coin']) {
        const raw = (await b.raw('GET', `${C}/check-currency-image?uniqueName=${uniqueName}`))
          .value;
        expect(typeof raw).toBe('boolean');
        expect(await core.dispatch('currencies.checkCurrencyImage', { uniqueName })).toEqual({
          ok: true,
          data: raw,
        });
      }
    });

    it('new currencies: a page with the count of its filter, the count read as a number', async () => {
      const raw = await rawList('GET', `${C}/get-new-currencies?${queueQuery}&startIndex=0`);
      const page = dataOf<Row[]>(
        await core.dispatch('currencies.getNewCurrencies', {
          currencySymbolNameOrUniqueName: '',
          currencyId: 0,
          startIndex: 0,
        }),
      );
      expect(leavesFieldsOut(raw, newCurrencyRecord)).toBe(true);
      expect(page.length).toBeGreaterThan(0);
      expect(page.map((c) => c.currencyId)).toEqual(raw.map((c) => c.currencyId));
      for (const [index, c] of page.entries())
        expect(c.sameCurrencySymbolList).toHaveLength(
          (raw[index]!.sameCurrencySymbolList as unknown[] | null)?.length ?? 0,
        );
      const rawTotal = Number(
        (await b.raw('GET', `${C}/find-new-currencies-filter-count?${queueQuery}`)).value,
      );
      expect(rawTotal).toBeGreaterThanOrEqual(raw.length);
      expect(await core.dispatch('currencies.countNewCurrencies', {})).toEqual({
        ok: true,
        data: rawTotal,
      });
    });

    it('new currencies: a saved one leaves the queue; the save resolves ok', async () => {
      const [queued] = await rawList('GET', `${C}/get-new-currencies?${queueQuery}&startIndex=0`);
      const count = async (currencyId: unknown = 0) =>
        Number(
          (
            await b.raw(
              'GET',
              `${C}/find-new-currencies-filter-count?currencySymbolNameOrUniqueName=&currencyId=${String(currencyId)}`,
            )
          ).value,
        );
      const before = await count();
      expect(await count(queued!.currencyId)).toBe(1);
      expect(
        await core.dispatch('currencies.saveNewCurrency', {
          currencyId: queued!.currencyId,
          rank: queued!.rank,
          currency: queued!.currency,
          name: queued!.name,
          uniqueName: queued!.uniqueName,
          searchWithCurrency: 'true',
          active: true,
          unwantedUsages: [],
          tags: ['proof'],
        }),
      ).toEqual({ ok: true, data: null });
      expect(await count(queued!.currencyId)).toBe(0);
      expect(await count()).toBe(before - 1);
      expect(await rawCurrency(String(queued!.uniqueName))).toMatchObject({ tags: ['proof'] });
    });

    it('new versions: the list; one saved as new and one merged, both resolve ok', async () => {
      const rawVersions = () => rawList('GET', `${C}/get-new-version-currencies?${queueQuery}`);
      const raw = await rawVersions();
      expect(raw.length).toBeGreaterThanOrEqual(2);
      const listed = dataOf<Row[]>(await core.dispatch('currencies.getNewVersionCurrencies', {}));
      expect(leavesFieldsOut(raw, newVersionCurrencyRecord)).toBe(true);
      expect(listed.map((v) => v.currencyId)).toEqual(raw.map((v) => v.currencyId));
      for (const [index, v] of listed.entries())
        expect(v.oldVersionCurrency).toMatchObject({
          uniqueName: (raw[index]!.oldVersionCurrency as Row).uniqueName,
        });
      const body = (v: Row) => ({
        currencyId: v.currencyId,
        rank: v.rank,
        currency: v.currency,
        name: v.name,
        uniqueName: v.uniqueName,
        oldVersionCurrency: (v.oldVersionCurrency as Row).uniqueName,
        active: true,
        searchWithCurrency: false,
        unwantedUsages: [],
        tags: [],
      });
      const [asNew, merged] = raw;
      expect(await core.dispatch('currencies.saveNewVersionAsNewCurrency', body(asNew!))).toEqual({
        ok: true,
        data: null,
      });
      expect(
        await core.dispatch('currencies.mergeNewVersionWithOldCurrency', body(merged!)),
      ).toEqual({ ok: true, data: null });
      const left = (await rawVersions()).map((v) => v.currencyId);
      expect(left).not.toContain(asNew!.currencyId);
      expect(left).not.toContain(merged!.currencyId);
      expect(await rawCurrency(String(asNew!.uniqueName))).toBeDefined();
      const old = (await rawCurrency(String((merged!.oldVersionCurrency as Row).uniqueName)))!;
      expect(old.currencyId).toBe(merged!.currencyId);
    });
  });
});

describe('core against the spec provider: what goes over the wire', () => {
  let provider: SpecProvider;
  let core: Core;
  const reviewer2 = DEMO_USERS.find((user) => user.username === 'reviewer2')!;
  beforeAll(async () => {
    provider = await startSpecProvider();
    core = await signedIn(coreFor(provider.url), 'Reviewer2');
  });
  afterAll(() => provider?.close());

  /** The requests sent while `run` ran. */
  async function sent(run: () => Promise<unknown>) {
    const start = provider.seen.length;
    await run();
    return provider.seen.slice(start);
  }
  const one = async (run: () => Promise<unknown>) => {
    const requests = await sent(run);
    expect(requests).toHaveLength(1);
    return requests[0]!;
  };
  const bodyOf = (request: { body: string }) => JSON.parse(request.body) as unknown;

  it('every data call carries the bearer token and the User-Id of the signed-in user', async () => {
    const request = await one(() => core.dispatch('review.getKeywords', { filterType: 'tweets' }));
    expect(request).toMatchObject({
      method: 'GET',
      path: '/twitter-service/get-keywords',
      body: '',
      authorization: `Bearer ${core.session.accessToken()}`,
      userId: reviewer2.sub,
    });
    expect(core.session.view().userId).toBe(reviewer2.sub);
  });

  it('review.list: the filter and its count, and the reviewed count, as JSON bodies', async () => {
    const page = { ...FILTER, keyword: 'bitcoin', reviewedBy: null, startIndex: 1 };
    const requests = await sent(() =>
      core.dispatch('review.list', { filterType: 'news', filter: page }),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'POST /news-service/count',
      'POST /news-service/count',
      'POST /news-service/filter',
    ]);
    for (const request of requests) expect(request.contentType).toMatch(/^application\/json/);
    const filter = requests.find((r) => r.path.endsWith('/filter'))!;
    expect(bodyOf(filter)).toEqual(page);
    const counts = requests.filter((r) => r.path.endsWith('/count')).map(bodyOf);
    expect(counts).toContainEqual({ ...page });
    expect(counts).toContainEqual({ ...page, isReviewed: 'true' });
  });

  it('review.list: no reviewed count for a filter of unreviewed items', async () => {
    const requests = await sent(async () =>
      expect(
        await core.dispatch('review.list', {
          filterType: 'tweets',
          filter: { ...FILTER, isReviewed: 'false' },
        }),
      ).toMatchObject({ ok: true, data: { reviewed: 0 } }),
    );
    expect(requests.map((r) => r.path).sort()).toEqual([
      '/twitter-service/count',
      '/twitter-service/filter',
    ]);
  });

  it('findById: each service path, no body', async () => {
    expect(
      await one(() => core.dispatch('review.findById', { filterType: 'tweets', id: 1013 })),
    ).toMatchObject({ method: 'POST', path: '/twitter-service/1013', body: '' });
    expect(
      await one(() => core.dispatch('review.findById', { filterType: 'news', id: 5001 })),
    ).toMatchObject({ method: 'POST', path: '/news-service/find-by-id/5001', body: '' });
  });

  it("manual changes: the spec bodies, reviewedBy from the session (a page's own name sent as the session spells it)", async () => {
    const tweet = await one(() =>
      core.dispatch('review.manualChange', {
        filterType: 'tweets',
        case: 'manually-eliminate',
        tweetId: '1760000007919',
        twitterUserName: 'CoinDesk',
        keyword: 'etf',
        keywordType: 'RELATIVE',
        unwantedUsage: null,
        reviewedBy: ' Reviewer2',
      }),
    );
    expect(tweet).toMatchObject({ method: 'PUT', path: '/twitter-service/manually-eliminate' });
    expect(tweet.contentType).toMatch(/^application\/json/);
    expect(bodyOf(tweet)).toEqual({
      tweetId: '1760000007919',
      twitterUserName: 'CoinDesk',
      keyword: 'etf',
      keywordType: 'RELATIVE',
      unwantedUsage: null,
      reviewedBy: 'reviewer2',
    });
    const news = await one(() =>
      core.dispatch('review.manualChange', {
        filterType: 'news',
        case: 'manually-select',
        newsId: '880001',
        website: 'theblock.co',
        accountName: 'theblock',
      }),
    );
    expect(news).toMatchObject({ method: 'PUT', path: '/news-service/manually-select' });
    expect(bodyOf(news)).toEqual({
      newsId: '880001',
      website: 'theblock.co',
      accountName: 'theblock',
      reviewedBy: 'reviewer2',
    });
  });

  it('add eliminated keyword: service paths; news without accountName', async () => {
    const news = await one(() =>
      core.dispatch('review.addEliminatedKeyword', {
        filterType: 'news',
        newsId: '880000',
        website: 'coindesk.com',
        keyword: 'scam',
        newsKeywordType: 'IMPORTANT',
        accountName: 'coindesk',
      }),
    );
    expect(news).toMatchObject({
      method: 'POST',
      path: '/news-service/add-eliminated-keyword-on-eliminated-news',
    });
    expect(bodyOf(news)).not.toHaveProperty('accountName');
    expect(bodyOf(news)).toMatchObject({ keyword: 'scam', reviewedBy: 'reviewer2' });
    const tweet = await one(() =>
      core.dispatch('review.addEliminatedKeyword', {
        filterType: 'tweets',
        tweetId: '1760000000000',
        twitterUserName: 'whale_alert',
        keyword: 'scam',
        keywordType: 'IMPORTANT',
      }),
    );
    expect(tweet).toMatchObject({
      method: 'POST',
      path: '/twitter-service/add-eliminated-keyword-on-eliminated-tweet',
    });
    expect(bodyOf(tweet)).toMatchObject({ tweetId: '1760000000000', reviewedBy: 'reviewer2' });
  });

  it('reviewed: the username as a JSON string body, from the session', async () => {
    const request = await one(() =>
      core.dispatch('review.reviewed', { filterType: 'news', id: 5002, body: 'REVIEWER2' }),
    );
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/news-service/5002/reviewed',
      body: '"reviewer2"',
    });
    expect(request.contentType).toMatch(/^application\/json/);
  });

  it('model creation: the nlp-service paths, no body', async () => {
    expect(
      await one(() => core.dispatch('review.createModel', { filterType: 'tweets' })),
    ).toMatchObject({ method: 'POST', path: '/nlp-service/create-tweet-model', body: '' });
    expect(
      await one(() => core.dispatch('review.createModel', { filterType: 'news' })),
    ).toMatchObject({ method: 'POST', path: '/nlp-service/create-news-model', body: '' });
    expect(provider.state.modelRuns).toEqual({ tweets: 1, news: 1 });
  });

  it('keywords: the search text in the path, the spec bodies, DELETE with the id in the path', async () => {
    expect(
      await one(() =>
        core.dispatch('review.getKeywordsIncludes', { filterType: 'tweets', text: 'bit coin' }),
      ),
    ).toMatchObject({ method: 'GET', path: '/twitter-service/get-keywords-includes-bit%20coin' });

    const add = await one(() =>
      core.dispatch('review.addKeyword', { filterType: 'news', keyword: 'dao', type: 'RELATIVE' }),
    );
    expect(add).toMatchObject({ method: 'POST', path: '/news-service/add-keyword' });
    expect(bodyOf(add)).toEqual({ keyword: 'dao', type: 'RELATIVE' });

    const id = provider.state.keywords.news.find((k) => k.keyword === 'dao')!.id;
    const update = await one(() =>
      core.dispatch('review.updateKeyword', {
        filterType: 'news',
        id,
        keyword: 'dao',
        type: 'IMPORTANT',
      }),
    );
    expect(update).toMatchObject({ method: 'POST', path: '/news-service/update-keyword' });
    expect(bodyOf(update)).toEqual({ id, keyword: 'dao', type: 'IMPORTANT' });

    const usage = await one(() =>
      core.dispatch('review.deleteUnwantedUsage', {
        filterType: 'tweets',
        id: 1,
        keyword: 'bitcoin',
        unwantedUsage: 'bitcoin pizza',
      }),
    );
    expect(usage).toMatchObject({ method: 'POST', path: '/twitter-service/delete-unwantedUsage' });
    expect(bodyOf(usage)).toEqual({ id: 1, keyword: 'bitcoin', unwantedUsage: 'bitcoin pizza' });

    expect(
      await one(() => core.dispatch('review.deleteKeyword', { filterType: 'news', id })),
    ).toMatchObject({ method: 'DELETE', path: `/news-service/delete-keyword-${id}`, body: '' });
  });

  it('refuses an unknown keyword type or a bad id before anything is sent', async () => {
    const requests = await sent(async () => {
      for (const payload of [
        { filterType: 'news', keyword: 'x', type: 'SOMETIMES' },
        { filterType: 'movies', keyword: 'x', type: 'RELATIVE' },
      ])
        expect(await core.dispatch('review.addKeyword', payload)).toMatchObject({
          ok: false,
          error: { status: 400, code: 'INVALID_PAYLOAD' },
        });
      expect(
        await core.dispatch('review.deleteKeyword', { filterType: 'news', id: -1 }),
      ).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
    });
    expect(requests).toEqual([]);
  });

  it('currencies: spec paths, encoded search text, flags sent as booleans, DELETE bodies', async () => {
    expect(await one(() => core.dispatch('currencies.getCurrencies', {}))).toMatchObject({
      method: 'GET',
      path: `${C}/get-currencies`,
    });
    expect(
      await one(() => core.dispatch('currencies.getCurrenciesIncludes', { text: 'usd coin' })),
    ).toMatchObject({ method: 'GET', path: `${C}/get-currencies-includes-usd%20coin` });

    const update = await one(() =>
      core.dispatch('currencies.updateCurrency', {
        currency: 'BTC',
        name: 'Bitcoin',
        uniqueName: 'bitcoin',
        active: 'true',
        searchWithCurrency: 'FALSE',
        tags: ['store-of-value', ' store-of-value', ''],
      }),
    );
    expect(update).toMatchObject({ method: 'POST', path: `${C}/update-currency` });
    expect(bodyOf(update)).toEqual({
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: true,
      searchWithCurrency: false,
      tags: ['store-of-value'],
      unwantedUsages: [],
    });

    const tag = await one(() =>
      core.dispatch('currencies.deleteTagOfCurrency', {
        uniqueName: 'bitcoin',
        tag: 'store-of-value',
      }),
    );
    expect(tag).toMatchObject({ method: 'DELETE', path: `${C}/delete-tag-of-currency` });
    expect(tag.contentType).toMatch(/^application\/json/);
    expect(bodyOf(tag)).toEqual({ uniqueName: 'bitcoin', tag: 'store-of-value' });

    provider.state.currencies[0]!.unwantedUsages = ['x'];
    const usage = await one(() =>
      core.dispatch('currencies.deleteUnwantedUsageOfCurrency', {
        uniqueName: provider.state.currencies[0]!.uniqueName,
        unwantedUsage: 'x',
      }),
    );
    expect(usage).toMatchObject({
      method: 'DELETE',
      path: `${C}/delete-unwanted-usage-of-currency`,
    });
    expect(bodyOf(usage)).toEqual({
      uniqueName: provider.state.currencies[0]!.uniqueName,
      unwantedUsage: 'x',
    });

    expect(
      await one(() => core.dispatch('currencies.checkCurrencyImage', { uniqueName: 'bitcoin' })),
    ).toMatchObject({
      method: 'GET',
      path: `${C}/check-currency-image`,
      query: { uniqueName: 'bitcoin' },
    });
  });

  it("sends texts longer than our server's limits: they are the provider's to judge", async () => {
    const search = 's'.repeat(150);
    expect(
      await one(() => core.dispatch('currencies.getCurrenciesIncludes', { text: search })),
    ).toMatchObject({ method: 'GET', path: `${C}/get-currencies-includes-${search}` });
    const keyword = 'k'.repeat(150);
    expect(
      await one(() =>
        core.dispatch('review.getKeywordsIncludes', { filterType: 'tweets', text: keyword }),
      ),
    ).toMatchObject({ path: `/twitter-service/get-keywords-includes-${keyword}` });
    const name = 'N'.repeat(300);
    const tags = Array.from({ length: 250 }, (_, i) => `tag-${i}`);
    const update = await one(() =>
      core.dispatch('currencies.updateCurrency', {
        currency: 'BTC',
        name,
        uniqueName: 'bitcoin',
        active: true,
        searchWithCurrency: false,
        tags,
      }),
    );
    expect(bodyOf(update)).toMatchObject({ name, tags });
  });

  it('refuses a text past the bridge bound (it protects core) before anything is sent', async () => {
    const requests = await sent(async () => {
      const result = await core.dispatch('currencies.getCurrenciesIncludes', {
        text: 'x'.repeat(TEXT_BOUND + 1),
      });
      expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
      expect(!result.ok && result.error.message).toContain('the search text is too long');
    });
    expect(requests).toEqual([]);
  });

  it('refuses a free-text flag that is not true or false before anything is sent', async () => {
    const requests = await sent(async () => {
      const result = await core.dispatch('currencies.updateCurrency', {
        currency: 'BTC',
        name: 'Bitcoin',
        uniqueName: 'bitcoin',
        active: 'maybe',
        searchWithCurrency: true,
      });
      expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
      expect(!result.ok && result.error.message).toContain('active must be true or false');
    });
    expect(requests).toEqual([]);
  });

  it('new currencies and versions: the spec query names, and the save bodies', async () => {
    const page = await one(() =>
      core.dispatch('currencies.getNewCurrencies', {
        currencySymbolNameOrUniqueName: ' doge',
        currencyId: '0',
        startIndex: 3,
      }),
    );
    expect(page).toMatchObject({ method: 'GET', path: `${C}/get-new-currencies` });
    expect(page.query).toEqual({
      currencySymbolNameOrUniqueName: 'doge',
      currencyId: '0',
      startIndex: '3',
    });
    const count = await one(() =>
      core.dispatch('currencies.countNewCurrencies', {
        currencySymbolNameOrUniqueName: 'doge',
        currencyId: 0,
      }),
    );
    expect(count).toMatchObject({ method: 'GET', path: `${C}/find-new-currencies-filter-count` });
    expect(count.query).toMatchObject({ currencySymbolNameOrUniqueName: 'doge', currencyId: '0' });
    const versions = await one(() =>
      core.dispatch('currencies.getNewVersionCurrencies', { currencyId: 12 }),
    );
    expect(versions).toMatchObject({ method: 'GET', path: `${C}/get-new-version-currencies` });
    expect(versions.query).toEqual({ currencySymbolNameOrUniqueName: '', currencyId: '12' });

    const queued = provider.state.newCurrencies[1]!;
    const form = {
      currencyId: queued.currencyId,
      rank: queued.rank,
      currency: queued.currency,
      name: queued.name,
      uniqueName: queued.uniqueName,
      searchWithCurrency: false,
      active: true,
      unwantedUsages: [],
      tags: [],
    };
    const save = await one(() => core.dispatch('currencies.saveNewCurrency', form));
    expect(save).toMatchObject({ method: 'POST', path: `${C}/save-new-currency` });
    expect(bodyOf(save)).toEqual(form);

    const [first, second] = provider.state.newVersions;
    const versionBody = (v: typeof first) => ({
      currencyId: v!.currencyId,
      rank: v!.rank,
      currency: v!.currency,
      name: v!.name,
      uniqueName: v!.uniqueName,
      oldVersionCurrency: v!.oldVersionUniqueName,
      active: true,
      searchWithCurrency: false,
      unwantedUsages: [],
      tags: [],
    });
    const asNew = await one(() =>
      core.dispatch('currencies.saveNewVersionAsNewCurrency', versionBody(first)),
    );
    expect(asNew).toMatchObject({
      method: 'POST',
      path: `${C}/save-new-version-currency-as-new-currency`,
    });
    expect(bodyOf(asNew)).toEqual(versionBody(first));
    const merge = await one(() =>
      core.dispatch('currencies.mergeNewVersionWithOldCurrency', versionBody(second)),
    );
    expect(merge).toMatchObject({
      method: 'POST',
      path: `${C}/merge-new-version-currency-with-old-currency`,
    });
    expect(bodyOf(merge)).toEqual(versionBody(second));
  });

  it('the writes above met every kind of 2xx answer: empty 200, true, 204 and "OK"', () => {
    const kinds = new Set(
      provider.seen.map((request) => matchRoute(request.method, request.path)?.route.answer),
    );
    for (const kind of ['empty', 'true', 'noContent', 'ok'] as const) expect(kinds).toContain(kind);
  });

  it('sign-out: POST /dqc-sign-out with no body, the bearer and the Id-Token', async () => {
    const other = await signedIn(coreFor(provider.url), 'reviewer3');
    const token = other.session.accessToken();
    // The provider's sign-out goes on behind the local one: wait for it to be sent.
    const request = await one(async () => {
      await other.dispatch('session.signOut', undefined);
      await other.session.serverSignOutsSettled();
    });
    expect(request).toMatchObject({
      method: 'POST',
      path: '/dqc-sign-out',
      body: '',
      authorization: `Bearer ${token}`,
    });
    expect(request.idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(other.session.view().signedIn).toBe(false);
    // The provider ended that session: its token no longer opens a data route.
    const res = await fetch(`${provider.url}/twitter-service/get-keywords`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('core against the spec provider: answers read as it sends them', () => {
  let provider: SpecProvider;
  let core: Core;
  beforeAll(async () => {
    provider = await startSpecProvider();
    core = await signedIn(coreFor(provider.url), 'reviewer1');
  });
  afterAll(() => provider?.close());

  const list = async (filterType: 'tweets' | 'news', filter: Record<string, unknown> = {}) =>
    dataOf<{ items: Row[]; total: number; reviewed: number }>(
      await core.dispatch('review.list', { filterType, filter: { ...FILTER, ...filter } }),
    );

  it('counts sent as text ("45", the JSON string "30") are read as numbers', async () => {
    const raw = async (path: string, body?: unknown) => {
      const res = await fetch(`${provider.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${core.session.accessToken()}`,
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { type: res.headers.get('content-type'), text: await res.text() };
    };
    expect(await raw('/twitter-service/count', FILTER)).toEqual({
      type: expect.stringMatching(/^text\/plain/),
      text: '45',
    });
    expect(await raw('/news-service/count', FILTER)).toEqual({
      type: 'application/json',
      text: '"30"',
    });
    expect(await raw(`${C}/find-new-currencies-filter-count`)).toMatchObject({ text: '30' });
    expect(await list('tweets')).toMatchObject({ total: 45, reviewed: 9 });
    expect(await list('news')).toMatchObject({ total: 30 });
    expect(await core.dispatch('currencies.countNewCurrencies', {})).toEqual({
      ok: true,
      data: 30,
    });
  });

  it('numeric tweetId and newsId are read as text, null lists as [], a null message absent', async () => {
    const tweets = (await list('tweets', { sortBy: 'asc' })).items;
    const byId = new Map(provider.state.tweets.map((t) => [t.id, t]));
    const numeric = tweets.filter((t) => typeof byId.get(t.id as number)!.tweetId === 'number');
    expect(numeric.length).toBeGreaterThan(0);
    for (const t of numeric) expect(t.tweetId).toBe(String(byId.get(t.id as number)!.tweetId));
    const nullKeywords = tweets.filter((t) => byId.get(t.id as number)!.detectedKeyword === null);
    const nullUsages = tweets.filter((t) => byId.get(t.id as number)!.unwantedUsage === null);
    expect(nullKeywords.length).toBeGreaterThan(0);
    expect(nullUsages.length).toBeGreaterThan(0);
    for (const t of nullKeywords) expect(t.detectedKeyword).toEqual([]);
    for (const t of nullUsages) expect(t.unwantedUsage).toEqual([]);
    const silent = tweets.find((t) => t.id === 1013);
    expect(silent).toBeDefined();
    expect(silent!.message).toBeUndefined();

    const news = (await list('news', { sortBy: 'asc' })).items;
    const numericNews = news.filter((n) => typeof n.id === 'number' && (n.id as number) % 2 === 0);
    expect(numericNews.length).toBeGreaterThan(0);
    for (const n of numericNews) expect(n.newsId).toBe(String(880_000 + (n.id as number) - 5000));
  });

  it('list entries that leave fields out are shown, the fields absent', async () => {
    const page = (await list('tweets', { sortBy: 'asc' })).items;
    expect(page.map((t) => t.id)).toEqual(provider.state.tweets.slice(0, 20).map((t) => t.id));
    // Tweet 1 comes without accountName, tweet 2 without url.
    expect('accountName' in provider.state.tweets[1]!).toBe(false);
    expect('url' in provider.state.tweets[2]!).toBe(false);
    expect(page[1]!.accountName).toBeUndefined();
    expect(page[1]).toMatchObject({
      id: 1001,
      tweetId: '1760000007919',
      twitterUserName: 'CoinDesk',
    });
    expect(page[2]!.url).toBeUndefined();
    expect(page[2]!.accountName).toBe(provider.state.tweets[2]!.accountName);
    expect(
      await core.dispatch('review.findById', { filterType: 'tweets', id: 1001 }),
    ).toMatchObject({ ok: true, data: { id: 1001, message: provider.state.tweets[1]!.message } });

    // Catalogue currencies come without detectTime, some without website, socials or pairs.
    const currencies = dataOf<Row[]>(await core.dispatch('currencies.getCurrencies', {}));
    expect(currencies).toHaveLength(provider.state.currencies.length);
    const sent = provider.state.currencies[1]!;
    expect('website' in sent).toBe(false);
    expect(currencies[1]).toMatchObject({
      uniqueName: sent.uniqueName,
      website: [],
      currencyIds: [],
      tags: sent.tags ?? [],
    });
    expect(currencies[1]!.detectTime).toBeUndefined();
    // Socials name only some networks, some null; the others are absent, the record kept.
    const socials = provider.state.currencies[0]!.socials!;
    expect(socials.telegram).toBeNull();
    expect(currencies[0]!.socials).toEqual({
      twitter: socials.twitter,
      reddit: socials.reddit,
    });
    expect('socials' in provider.state.currencies[2]!).toBe(false);
    expect(currencies[2]!.socials).toBeUndefined();
    expect(currencies[2]!.uniqueName).toBe(provider.state.currencies[2]!.uniqueName);

    // News items without cryptoTagsList or accountName; a null market list.
    const news = (await list('news', { sortBy: 'asc' })).items;
    const state = provider.state.news;
    expect(news.map((n) => n.id)).toEqual(state.slice(0, 20).map((n) => n.id));
    expect('cryptoTagsList' in state[1]!).toBe(false);
    expect(news[1]!.cryptoTagsList).toEqual([]);
    expect('accountName' in state[2]!).toBe(false);
    expect(news[2]!.accountName).toBeUndefined();
    expect(state[3]!.cryptoMarketList).toBeNull();
    expect(news[3]!.cryptoMarketList).toEqual([]);
    expect(news[0]!.cryptoCurrencyList).toEqual(state[0]!.cryptoCurrencyList);
  });

  it('a non-list where a list is due is an error envelope', async () => {
    const saved = provider.state.keywords.tweets;
    (provider.state.keywords as Record<string, unknown>).tweets = { keywords: saved };
    try {
      expect(await core.dispatch('review.getKeywords', { filterType: 'tweets' })).toEqual({
        ok: false,
        error: {
          status: 502,
          code: 'BAD_ANSWER',
          message: 'The server sent an unreadable keyword list.',
        },
      });
    } finally {
      provider.state.keywords.tweets = saved;
    }
    expect(await core.dispatch('review.getKeywords', { filterType: 'tweets' })).toMatchObject({
      ok: true,
    });
  });

  it('a non-2xx is an error envelope with its status, and nothing changed', async () => {
    expect(await core.dispatch('review.reviewed', { filterType: 'tweets', id: 999 })).toMatchObject(
      { ok: false, error: { status: 404 } },
    );
    expect(
      await core.dispatch('currencies.deleteTagOfCurrency', { uniqueName: 'bitcoin', tag: 'nope' }),
    ).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it('a user whose token has realm_access without roles signs in (SPEC.md 5)', async () => {
    const noRoles = await signedIn(coreFor(provider.url), 'noroles');
    expect(noRoles.session.view()).toMatchObject({
      signedIn: true,
      username: 'noroles',
      roles: [],
    });
    // The provider itself refuses data calls without ADMIN; the envelope says so.
    expect(await noRoles.dispatch('review.getKeywords', { filterType: 'news' })).toMatchObject({
      ok: false,
      error: { status: 403 },
    });
  });
});

describe('core against answers no provider should send', () => {
  it('a record where a list is due, text where a count is due, a word where a flag is due', async () => {
    const provider = await startFakeProvider();
    try {
      provider.replies['POST /twitter-service/filter'] = jsonReply({ items: [] });
      provider.replies['POST /news-service/filter'] = jsonReply([]);
      provider.replies['POST /twitter-service/count'] = textReply('45');
      provider.replies['POST /news-service/count'] = textReply('many');
      provider.replies['POST /twitter-service/7'] = jsonReply([{ id: 7 }]);
      provider.replies[`GET ${C}/check-currency-image`] = jsonReply('yes');
      const cases: [string, unknown, string][] = [
        ['review.list', { filterType: 'tweets', filter: FILTER }, 'list of items'],
        ['review.list', { filterType: 'news', filter: FILTER }, 'count'],
        ['review.findById', { filterType: 'tweets', id: 7 }, 'item'],
        ['currencies.checkCurrencyImage', { uniqueName: 'bitcoin' }, 'image check'],
      ];
      for (const [channel, payload, what] of cases)
        expect(await provider.core.dispatch(channel, payload), channel).toEqual({
          ok: false,
          error: {
            status: 502,
            code: 'BAD_ANSWER',
            message: `The server sent an unreadable ${what}.`,
          },
        });
    } finally {
      await provider.close();
    }
  });

  it('odd entries of a list are left out, the others shown', async () => {
    const provider = await startFakeProvider();
    try {
      const keyword = { id: 1, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: null };
      provider.replies['GET /news-service/get-keywords'] = jsonReply([
        keyword,
        null,
        7,
        'etf',
        [keyword],
        { ...keyword, id: '2', extra: true },
      ]);
      expect(await provider.core.dispatch('review.getKeywords', { filterType: 'news' })).toEqual({
        ok: true,
        data: [
          { id: 1, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: [] },
          { id: 2, keyword: 'etf', type: 'IMPORTANT', unwantedUsages: [] },
        ],
      });
    } finally {
      await provider.close();
    }
  });

  it('an access token without sub signs in, and no User-Id header is sent', async () => {
    const provider = await startFakeProvider({
      claims: { preferred_username: 'reviewer2', realm_access: { roles: ['ADMIN'] } },
    });
    try {
      expect(provider.core.session.view()).toMatchObject({ signedIn: true, username: 'reviewer2' });
      await provider.core.dispatch('review.getKeywords', { filterType: 'tweets' });
      expect(provider.last()).toMatchObject({ path: '/twitter-service/get-keywords' });
      expect(provider.last().authorization).toMatch(/^Bearer /);
      expect(provider.last().userId).toBeUndefined();
    } finally {
      await provider.close();
    }
  });
});
