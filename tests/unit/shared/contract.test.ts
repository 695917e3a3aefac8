import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_CALLS, DATA_CALLS, EXTENSION_GROUPS, REVIEW_GROUPS } from '../../../src/shared/api';
import {
  call,
  fillPath,
  pathParamNames,
  payloadSchemaOf,
  routePath,
  splitPayload,
} from '../../../src/shared/api/call';
import { writeAnswer } from '../../../src/shared/api/answers';
import { currencyCalls } from '../../../src/shared/api/configuration';
import {
  newCurrencyPageQuerySchema,
  newCurrencyQuerySchema,
  updateCurrencyBodySchema,
} from '../../../src/shared/bodies/currency';
import { flagSchema } from '../../../src/shared/bodies/fields';
import {
  bridgePayloadSchemas,
  callOfChannel,
  isBridgeChannel,
  BRIDGE_CHANNELS,
  CHANNELS,
} from '../../../src/shared/bridge';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  KEYWORD_TYPES,
  MARKETS,
  REVIEW_PAGE_SIZE,
} from '../../../src/shared/constants';
import { contentSecurityPolicy } from '../../../src/shared/csp';
import { checkPasswordKey } from '../../../src/shared/passwordKey';

describe('shared contract', () => {
  it('knows its channels and nothing else, including inherited names', () => {
    expect(BRIDGE_CHANNELS).toContain('session.signIn');
    expect(isBridgeChannel('session.signIn')).toBe(true);
    expect(isBridgeChannel('toString')).toBe(false);
    expect(isBridgeChannel('constructor')).toBe(false);
  });

  it('requires username and password strings for sign-in', () => {
    const schema = bridgePayloadSchemas['session.signIn'];
    expect(schema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
    expect(schema.safeParse({ username: 'a' }).success).toBe(false);
    expect(schema.safeParse({ username: 1, password: 'b' }).success).toBe(false);
  });

  it('holds the constants of SPEC.md 9', () => {
    expect(REVIEW_PAGE_SIZE).toBe(20);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(MARKETS).toHaveLength(13);
    expect(KEYWORD_TYPES).toEqual([
      'NO_FILTER',
      'IMPORTANT',
      'RELATIVE',
      'DEFINITELY_NOT_CONTAINS',
      'INFLUENCER',
    ]);
  });

  it('accepts AES key lengths only', () => {
    expect(checkPasswordKey('x'.repeat(16))).toBeNull();
    expect(checkPasswordKey('x'.repeat(24))).toBeNull();
    expect(checkPasswordKey('x'.repeat(32))).toBeNull();
    expect(checkPasswordKey('x'.repeat(20))).toMatch(/20/);
  });

  it('builds one strict CSP; the meta form leaves out what browsers ignore there', () => {
    const header = contentSecurityPolicy(['ws://127.0.0.1:1']);
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("connect-src 'self' ws://127.0.0.1:1");
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toMatch(/unsafe-eval/);
    expect(contentSecurityPolicy([], 'meta')).not.toContain('frame-ancestors');
  });
});

describe('currency contract', () => {
  it('reads free-text flags as booleans and refuses anything else with a sentence', () => {
    const flag = flagSchema('active');
    expect(flag.parse(' TRUE ')).toBe(true);
    expect(flag.parse('false')).toBe(false);
    expect(flag.parse(false)).toBe(false);
    const refused = flag.safeParse('yes');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('active must be true or false');
  });

  it('trims list entries, drops blanks and repeats, and reads query numbers', () => {
    const body = updateCurrencyBodySchema.parse({
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: 'true',
      searchWithCurrency: true,
      tags: [' defi', 'defi', ''],
    });
    expect(body.tags).toEqual(['defi']);
    expect(body.unwantedUsages).toEqual([]);
    expect(newCurrencyPageQuerySchema.parse({ currencyId: '12', startIndex: '3' })).toEqual({
      currencySymbolNameOrUniqueName: '',
      currencyId: 12,
      startIndex: 3,
    });
    // The new-version list has no pages.
    expect(newCurrencyQuerySchema.parse({ currencyId: '12', startIndex: '3' })).toEqual({
      currencySymbolNameOrUniqueName: '',
      currencyId: 12,
    });
    expect(newCurrencyQuerySchema.safeParse({ currencyId: '1.5' }).success).toBe(false);
    expect(newCurrencyPageQuerySchema.safeParse({ startIndex: '-1' }).success).toBe(false);
  });
});

describe('call declarations (src/shared/api)', () => {
  const sample = call({
    method: 'PUT',
    path: '/svc/{kind}/items/{id}',
    params: z.object({ kind: z.string(), id: z.coerce.number() }),
    query: z.object({ page: z.coerce.number().default(0) }),
    body: z.object({ name: z.string(), reviewedBy: z.string() }),
    fromSession: { reviewedBy: 'username' },
    answer: writeAnswer,
    describe: 'answer',
  });

  it('defaults: no params, no query, no body unless one is declared', () => {
    const bare = call({ method: 'GET', path: '/x', answer: writeAnswer, describe: 'x' });
    expect(bare.bodyKind).toBe('none');
    expect(Object.keys(bare.params.shape)).toEqual([]);
    expect(Object.keys(bare.query.shape)).toEqual([]);
    expect(bare.body.safeParse(undefined).success).toBe(true);
    expect(sample.bodyKind).toBe('json');
  });

  it('refuses a declaration whose path and parameter schema disagree', () => {
    expect(() =>
      call({
        method: 'GET',
        path: '/x/{id}',
        params: z.object({ other: z.string() }),
        answer: writeAnswer,
        describe: 'x',
      }),
    ).toThrow(/path parameters id but schema other/);
    expect(() =>
      call({ method: 'GET', path: '/x/{id}', answer: writeAnswer, describe: 'x' }),
    ).toThrow();
  });

  it('fills paths one encoded segment per parameter, and writes them the Fastify way', () => {
    expect(pathParamNames('/svc/{kind}/items/{id}')).toEqual(['kind', 'id']);
    expect(fillPath('/svc/{kind}/items/{id}', { kind: 'a b/c?d#', id: 7 })).toBe(
      '/svc/a%20b%2Fc%3Fd%23/items/7',
    );
    expect(fillPath('/get-keywords-includes-{text}', { text: 'bit coin' })).toBe(
      '/get-keywords-includes-bit%20coin',
    );
    expect(routePath('/svc/{kind}/items/{id}')).toBe('/svc/:kind/items/:id');
  });

  it('a payload is params, query and body fields side by side, less what the session fills', () => {
    const schema = payloadSchemaOf(sample);
    const read = schema.parse({
      kind: 'k',
      id: '3',
      name: 'n',
      reviewedBy: 'forged',
      extra: true,
    }) as Record<string, unknown>;
    // reviewedBy comes from the session: a page's is kept for core to check (and refuse if it is
    // not the signed-in user's), never sent as the page gave it.
    expect(read).toEqual({ kind: 'k', id: 3, page: 0, name: 'n', reviewedBy: 'forged' });
    expect(schema.safeParse({ kind: 'k', id: 3 }).success).toBe(false);
    expect(schema.safeParse({ kind: 'k', id: 3, name: 'n', reviewedBy: 7 }).success).toBe(false);
    expect(splitPayload(sample, read)).toEqual({
      params: { kind: 'k', id: 3 },
      query: { page: 0 },
      body: { name: 'n' },
    });
  });

  it('declares every data call once: params match paths, one route per method and path', () => {
    expect(DATA_CALLS.length).toBeGreaterThanOrEqual(70);
    const ids = DATA_CALLS.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = DATA_CALLS.map(({ call: c }) => `${c.method} ${c.path}`);
    const shared = routes.filter((route, index) => routes.indexOf(route) !== index);
    // SPEC.md 7: "Saving a new market posts to /save-new-currency".
    expect(shared).toEqual(['POST /configuration-service/dqc/save-new-currency']);
    for (const { id, call: c } of DATA_CALLS) {
      expect(pathParamNames(c.path).sort(), id).toEqual(Object.keys(c.params.shape).sort());
      expect(c.path, id).toMatch(
        /^\/(twitter-service|news-service|nlp-service|configuration-service\/dqc)\//,
      );
      if (c.bodyKind === 'none') expect(c.body.safeParse(undefined).success, id).toBe(true);
    }
    expect(AUTH_CALLS.map(({ call: c }) => `${c.method} ${c.path}`)).toEqual([
      'POST /sign-in',
      'POST /refresh',
      'POST /dqc-sign-out',
    ]);
    expect(AUTH_CALLS.find((entry) => entry.id === 'auth.signOut')!.call.bodyKind).toBe('none');
  });

  it('the reviewer fields come from the session on every change and reviewed call', () => {
    for (const calls of Object.values(REVIEW_GROUPS)) {
      expect(calls.manualChange.fromSession).toEqual({ reviewedBy: 'username' });
      expect(calls.addEliminatedKeyword.fromSession).toEqual({ reviewedBy: 'username' });
      expect(calls.reviewed.fromSession).toEqual({ body: 'username' });
      expect(calls.reviewed.bodyKind).toBe('jsonString');
    }
    // SPEC.md 7: the news eliminated-keyword body goes without accountName.
    expect(
      Object.keys((REVIEW_GROUPS.news.addEliminatedKeyword.body as z.ZodObject).shape),
    ).not.toContain('accountName');
    expect(Object.keys((REVIEW_GROUPS.news.manualChange.body as z.ZodObject).shape)).toContain(
      'accountName',
    );
  });
});

describe('bridge channels derived from the declarations', () => {
  it('has one channel per provider call, review calls by filter type, and the local ones', () => {
    const local = [
      'app.info',
      'app.ping',
      'app.openLogFolder',
      'app.updateStatus',
      'app.checkForUpdates',
      'app.restartToUpdate',
      'app.openExternal',
      'session.get',
      'session.signIn',
      'session.signOut',
      'session.stale',
      'review.list',
      'undo.decision',
      'undo.last',
      'runs.prepare',
      'runs.start',
      'runs.pause',
      'runs.resume',
      'runs.cancel',
      'runs.retryFailed',
      'runs.undo',
      'runs.discard',
      'runs.list',
      'outbox.view',
      'outbox.cancel',
      'outbox.applyMine',
      'outbox.discardAll',
      'journal.list',
      'prefs.get',
      'prefs.setViews',
      'prefs.setKeys',
      'prefs.resetKeys',
      'prefs.setColumns',
      'prefs.setDensity',
      'prefs.setStories',
      'prefs.setShift',
      'prefs.importViews',
      'prefs.exportViews',
      'export.start',
      'export.cancel',
      'review.countView',
      'extensions.get',
      // The cards the Review page shows, which core follows (DESIGN.md, Several people at once).
      'live.watch',
      // A page of the Crypto Currency list core keeps (docs/performance.md, The server and the
      // catalogue).
      'currencies.cataloguePage',
      // The user's audit sample, drawn and kept by core against any provider.
      'audit.start',
      'audit.current',
      'audit.next',
      'audit.answer',
      'audit.answers',
      // The team sample's disagreements and their settlement (the audit extension).
      'audit.disagreements',
      'audit.settle',
      'audit.estimates',
      'queues.glance',
      'duplicates.suggest',
      'duplicates.dismiss',
      'duplicates.restore',
      'duplicates.dismissed',
      'recordRuns.start',
      'recordRuns.get',
      'recordRuns.cancel',
    ];
    // The extension calls a page sends itself (DESIGN.md, Extensions; capabilities and the
    // borderline filter and count are core's): the run and keyword-impact calls, and why/history by
    // filter type.
    const insight = [
      'insight.keywordImpact',
      'insight.modelRuns',
      'insight.modelRun',
      'insight.modelRunChanges',
      'insight.why',
      'insight.history',
    ];
    for (const name of insight) expect(isBridgeChannel(name), name).toBe(true);
    // The work queue's leases (the claims extension): two calls, and five by filter type.
    const claims = [
      'claims.reviewingNow',
      'claims.releaseMine',
      'claims.queue',
      'claims.claim',
      'claims.renew',
      'claims.release',
      'claims.holders',
    ];
    for (const name of claims) expect(isBridgeChannel(name), name).toBe(true);
    // Stories (the stories extension), by filter type; a story's decision is a run, not a channel.
    const stories = ['stories.ofItems', 'stories.members', 'stories.inherit', 'stories.split'];
    for (const name of stories) expect(isBridgeChannel(name), name).toBe(true);
    expect(isBridgeChannel('stories.decide')).toBe(false);
    expect(callOfChannel('stories.split', 'news')).toBe(EXTENSION_GROUPS.storiesNews.split);
    expect(callOfChannel('claims.queue', 'news')).toBe(EXTENSION_GROUPS.claimsNews.queue);
    expect(callOfChannel('claims.releaseMine')).toBe(EXTENSION_GROUPS.claims.releaseMine);
    expect(callOfChannel('insight.why', 'news')).toBe(EXTENSION_GROUPS.insightNews.why);
    expect(callOfChannel('insight.history', 'tweets')).toBe(EXTENSION_GROUPS.insightTweets.history);
    for (const name of local) expect(CHANNELS[name as keyof typeof CHANNELS].kind).toBe('local');
    expect(isBridgeChannel('session.userInfo')).toBe(false);
    const reviewNames = Object.keys(REVIEW_GROUPS.tweets);
    expect(Object.keys(REVIEW_GROUPS.news).sort()).toEqual([...reviewNames].sort());
    const providerCalls = DATA_CALLS.filter(
      (entry) => !entry.id.startsWith('tweets.') && !entry.id.startsWith('news.'),
    );
    expect(BRIDGE_CHANNELS.length).toBe(
      local.length +
        reviewNames.length +
        providerCalls.length +
        insight.length +
        claims.length +
        stories.length,
    );
    for (const { id, call: c } of providerCalls) {
      expect(isBridgeChannel(id), id).toBe(true);
      expect(callOfChannel(id as never)).toBe(c);
    }
    expect(callOfChannel('review.findById', 'news')).toBe(REVIEW_GROUPS.news.findById);
    expect(callOfChannel('review.findById', 'tweets')).toBe(REVIEW_GROUPS.tweets.findById);
    expect(callOfChannel('session.get')).toBeNull();
  });

  it('a review channel needs a filter type and the fields of that service', () => {
    const schema = bridgePayloadSchemas['review.manualChange'];
    const tweet = {
      filterType: 'tweets',
      case: 'manually-select',
      tweetId: '1',
      twitterUserName: 'u',
    };
    expect(schema.safeParse(tweet).success).toBe(true);
    expect(schema.safeParse({ ...tweet, filterType: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...tweet, filterType: 'news' }).success).toBe(false);
    expect(schema.safeParse({ ...tweet, case: 'delete-everything' }).success).toBe(false);
    expect(
      bridgePayloadSchemas['review.reviewed'].safeParse({ filterType: 'news', id: 9 }).success,
    ).toBe(true);
    expect(bridgePayloadSchemas['review.reviewed'].safeParse({ filterType: 'news' }).success).toBe(
      false,
    );
  });

  it("a provider channel carries its call's fields: a bad flag is refused with a sentence", () => {
    const schema = bridgePayloadSchemas['currencies.updateCurrency'];
    const body = {
      currency: 'BTC',
      name: 'Bitcoin',
      uniqueName: 'bitcoin',
      active: 'maybe',
      searchWithCurrency: true,
    };
    const read = schema.safeParse(body);
    expect(read.success).toBe(false);
    expect(read.error?.issues.map((issue) => issue.message)).toContain(
      'active must be true or false',
    );
    expect(schema.safeParse({ ...body, active: 'TRUE' }).success).toBe(true);
    expect(callOfChannel('currencies.updateCurrency')).toBe(currencyCalls.updateCurrency);
  });
});
