import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import { BULK_RUN_HEADER } from '../../../src/shared/insight';
import { callerOf, coreFor, signedIn } from '../../support/coreBackends';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import { addBulkTweets, bulkFilter } from '../../support/runHarness';

/**
 * DESIGN.md, Extensions, in core: the capabilities call asked once per session, any answer but a
 * readable list read as no extensions, and what depends on it: the Review filter's calls (an
 * insight filter falls back to SPEC.md 7's calls when the extension is absent) and the bulk-run
 * header on a run's writes (sent only to a server that keeps item history). The backend is the spec
 * provider (no extensions: it answers 404); a fetch in front of it answers what a test makes the
 * server offer.
 */

vi.setConfig({ testTimeout: 60_000 });

const CAPABILITIES = '/dqc-extensions/capabilities';
const OFFERED = {
  extensions: [
    { name: 'borderline', version: 1 },
    { name: 'model-runs', version: 1 },
    { name: 'keyword-impact', version: 1 },
    { name: 'item-history', version: 2 },
  ],
};

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

/**
 * A fetch that answers the extension paths as `answers` says (a Response, or a thrown error for
 * no answer) and sends everything else to the provider, recording each request.
 */
function fetchWith(answers: Record<string, () => Response>) {
  const sent: Sent[] = [];
  const impl = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push({
      method: request.method,
      path,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.clone().text(),
    });
    const answer = answers[path];
    return answer ? answer() : fetch(request);
  };
  return { sent, fetch: impl as typeof fetch };
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

let provider: SpecProvider;
const cores: Core[] = [];

afterEach(async () => {
  for (const core of cores.splice(0)) {
    core.runs.halt();
    await core.journals.closeAll();
  }
  await provider?.close();
});

async function coreWith(answers: Record<string, () => Response>) {
  provider = await startSpecProvider();
  const wire = fetchWith(answers);
  const core = await signedIn(coreFor(provider.url, { fetch: wire.fetch }), 'reviewer1');
  cores.push(core);
  return { core, call: callerOf(core), sent: wire.sent };
}

const borderlineList = {
  filterType: 'tweets' as const,
  filter: { sortBy: 'borderline' as const, ratioFrom: 0.4, ratioTo: 0.6, startIndex: 0 },
};

describe('capabilities in core', () => {
  const NONE: [string, Record<string, () => Response>][] = [
    ['a 404 (the provider has no such route)', {}],
    [
      'an HTML page',
      {
        [CAPABILITIES]: () =>
          new Response('<!doctype html><title>Portal</title>', {
            headers: { 'Content-Type': 'text/html' },
          }),
      },
    ],
    ['JSON of another shape', { [CAPABILITIES]: () => json({ features: ['borderline'] }) }],
    ['garbage', { [CAPABILITIES]: () => new Response('\u0000{{not json') }],
    ['a 500', { [CAPABILITIES]: () => new Response('boom', { status: 500 }) }],
  ];

  it.each(NONE)('reads %s as no extensions, asked once per session', async (_name, answers) => {
    const { call, sent } = await coreWith(answers);
    expect(await call('extensions.get')).toEqual([]);
    expect(await call('extensions.get')).toEqual([]);
    expect(sent.filter((r) => r.path === CAPABILITIES)).toHaveLength(1);
  });

  it.each(NONE)(
    'with %s, a Borderline filter is read with SPEC.md 7 calls, its insight fields left out',
    async (_name, answers) => {
      const { call, sent } = await coreWith(answers);
      const listed = await call('review.list', borderlineList);
      expect(listed.items.length).toBeGreaterThan(0);
      const extensionCalls = sent.filter(
        (r) => r.path.startsWith('/dqc-extensions/') && r.path !== CAPABILITIES,
      );
      expect(extensionCalls).toEqual([]);
      const filters = provider.seen.filter((r) => r.path === '/twitter-service/filter');
      expect(filters).toHaveLength(1);
      const body = JSON.parse(filters[0]!.body) as Record<string, unknown>;
      expect(body.sortBy).toBe('desc');
      expect(body).not.toHaveProperty('ratioFrom');
      expect(body).not.toHaveProperty('ratioTo');
      expect(provider.seen.filter((r) => r.path === '/twitter-service/count').length).toBe(2);
    },
  );

  it('lists what a readable answer offers, leaving out entries it cannot read', async () => {
    const { call } = await coreWith({
      [CAPABILITIES]: () =>
        json({
          extensions: [
            ...OFFERED.extensions,
            { name: 'something-newer', version: 3 },
            { name: 42 },
            'borderline',
            { name: 'borderline', version: 9 },
          ],
        }),
    });
    expect(await call('extensions.get')).toEqual([
      ...OFFERED.extensions,
      { name: 'something-newer', version: 3 },
    ]);
  });

  it('sends a Borderline filter to the extension when it is offered', async () => {
    const { call, sent } = await coreWith({
      [CAPABILITIES]: () => json(OFFERED),
      '/dqc-extensions/twitter-service/filter': () => json([]),
      '/dqc-extensions/twitter-service/count': () => json(7),
    });
    const listed = await call('review.list', borderlineList);
    expect(listed).toEqual({ items: [], total: 7, reviewed: 7, view: 'items' });
    const filter = sent.find((r) => r.path === '/dqc-extensions/twitter-service/filter');
    expect(JSON.parse(filter!.body)).toMatchObject({
      sortBy: 'borderline',
      ratioFrom: 0.4,
      ratioTo: 0.6,
    });
    expect(provider.seen.filter((r) => r.path === '/twitter-service/filter')).toEqual([]);
    // A filter without insight fields still uses SPEC.md 7's calls.
    await call('review.list', { filterType: 'tweets', filter: { startIndex: 0 } });
    expect(provider.seen.filter((r) => r.path === '/twitter-service/filter')).toHaveLength(1);
  });

  it('lists one item per story with Stories on where stories are offered, items elsewhere', async () => {
    const stories = {
      [CAPABILITIES]: () =>
        json({ extensions: [...OFFERED.extensions, { name: 'stories', version: 2 }] }),
      '/dqc-extensions/twitter-service/stories/filter': () => json([]),
      '/dqc-extensions/twitter-service/stories/count': () => json(4),
      '/dqc-extensions/twitter-service/filter': () => json([]),
      '/dqc-extensions/twitter-service/count': () => json(9),
    };
    const { call, sent } = await coreWith(stories);
    const plain = {
      filterType: 'tweets' as const,
      filter: { startIndex: 0, isReviewed: 'null' as const },
    };
    expect(await call('review.list', { ...plain, stories: true })).toEqual({
      items: [],
      total: 4,
      reviewed: 4,
      view: 'stories',
    });
    const counts = sent.filter((r) => r.path === '/dqc-extensions/twitter-service/stories/count');
    expect(counts.map((r) => (JSON.parse(r.body) as { isReviewed: string }).isReviewed)).toEqual([
      'null',
      'true',
    ]);
    expect(provider.seen.filter((r) => r.path === '/twitter-service/filter')).toEqual([]);
    // Off, and with a Borderline filter (which lists items), the other calls as before.
    expect((await call('review.list', plain)).view).toBe('items');
    expect((await call('review.list', { ...borderlineList, stories: true })).view).toBe('items');
    expect(sent.filter((r) => r.path.endsWith('/stories/filter'))).toHaveLength(1);
    expect(sent.filter((r) => r.path === '/dqc-extensions/twitter-service/filter')).toHaveLength(1);
  });

  it.each([
    ...NONE,
    [
      'stories before version 2 (no Review filter)',
      {
        [CAPABILITIES]: () =>
          json({ extensions: [...OFFERED.extensions, { name: 'stories', version: 1 }] }),
      },
    ] as [string, Record<string, () => Response>],
  ])('with %s, Stories on lists items with SPEC.md 7 calls', async (_name, answers) => {
    const { call, sent } = await coreWith(answers);
    const listed = await call('review.list', {
      filterType: 'news',
      filter: { startIndex: 0 },
      stories: true,
    });
    expect(listed.view).toBe('items');
    expect(listed.items.length).toBeGreaterThan(0);
    expect(sent.filter((r) => r.path.includes('/stories/'))).toEqual([]);
    expect(provider.seen.filter((r) => r.path === '/news-service/filter')).toHaveLength(1);
  });

  it('asks again in a new session, and after an answer that never came', async () => {
    let down = true;
    const { core, call, sent } = await coreWith({
      [CAPABILITIES]: () => {
        if (down) throw new TypeError('fetch failed');
        return json(OFFERED);
      },
    });
    expect(await call('extensions.get')).toEqual([]);
    down = false;
    expect(await call('extensions.get')).toEqual(OFFERED.extensions);
    expect(await call('extensions.get')).toEqual(OFFERED.extensions);
    expect(sent.filter((r) => r.path === CAPABILITIES)).toHaveLength(2);
    await call('session.signOut');
    await signedIn(core, 'reviewer1');
    expect(await call('extensions.get')).toEqual(OFFERED.extensions);
    expect(sent.filter((r) => r.path === CAPABILITIES)).toHaveLength(3);
  });
});

describe("a bulk run's writes", () => {
  async function runOver(answers: Record<string, () => Response>) {
    provider = await startSpecProvider();
    addBulkTweets(provider, 12, 0);
    const wire = fetchWith(answers);
    const core = await signedIn(coreFor(provider.url, { fetch: wire.fetch }), 'reviewer1');
    cores.push(core);
    const call = callerOf(core);
    const run = await call('runs.prepare', {
      filterType: 'tweets',
      action: 'eliminate',
      scope: { kind: 'filter', filter: bulkFilter },
    });
    const reaches = (status: string) =>
      vi.waitFor(
        async () => {
          const listed = (await call('runs.list')).find((r) => r.id === run.id);
          expect(listed?.status).toBe(status);
        },
        { timeout: 30_000, interval: 50 },
      );
    await reaches('ready');
    await call('runs.start', { id: run.id });
    await reaches('done');
    const writes = wire.sent.filter(
      (r) => r.method === 'PUT' && r.path === '/twitter-service/manually-eliminate',
    );
    return { run, writes };
  }

  it('name the run to a server that keeps item history', async () => {
    const { run, writes } = await runOver({ [CAPABILITIES]: () => json(OFFERED) });
    expect(writes.length).toBe(12);
    for (const write of writes) expect(write.headers.get(BULK_RUN_HEADER)).toBe(run.id);
  });

  it('carry no such header to a provider without it', async () => {
    const { writes } = await runOver({});
    expect(writes.length).toBe(12);
    for (const write of writes) expect(write.headers.get(BULK_RUN_HEADER)).toBeNull();
  });
});
