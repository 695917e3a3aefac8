import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_FILE } from '../../../src/main/core/audit/auditStore';
import { userFolderOf } from '../../../src/main/core/userData/userFolder';
import type { BridgeEvent } from '../../../src/shared/bridge';
import { resultSchemaOf, type BridgeChannel } from '../../../src/shared/bridge';
import { AUDIT_MESSAGES, type AuditProgress } from '../../../src/shared/quality/auditChannels';
import {
  auditEstimatesSchema,
  type AuditEstimates,
} from '../../../src/shared/quality/estimatesChannel';
import { BLIND_CARD_KEYS, type BlindCard } from '../../../src/shared/quality/blindCard';
import { addBulkTweets, runCore, type RunCore } from '../../support/runHarness';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import type { NewsItem, Tweet } from '../../support/specProvider/types';

/**
 * The audit sample in core against the spec provider (SPEC.md 7's count and filter calls only):
 * drawn within the strata's counts, never an item twice; kept per user across a restart; served
 * blind; answered with an ordinary decision (journalled, undoable, checked for a change) that is
 * counted once; and the empty window and the empty stratum said plainly.
 */

vi.setConfig({ testTimeout: 30_000 });

let provider: SpecProvider | null = null;
const cores: RunCore[] = [];

afterEach(async () => {
  for (const c of cores.splice(0)) {
    c.core.runs.halt();
    await c.core.journals.closeAll();
  }
  await provider?.close();
  provider = null;
});

async function setUp(options: { dataDir?: string } = {}) {
  provider ??= await startSpecProvider();
  const c = await runCore(provider, options);
  cores.push(c);
  return c;
}

/** The spec provider's demo data lies in this week of January 2024. */
const DEMO_WINDOW = { from: '2024-01-01T00:00', to: '2024-01-08T00:00' };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function recentTweet(id: number, selected: boolean, hours = 48): Tweet {
  return {
    id,
    twitterUserName: 'audit_account',
    tweetId: String(7_700_000_000 + id),
    url: `https://x.com/audit_account/status/${id}`,
    message: `audited tweet ${id}`,
    tweetTime: hoursAgo(hours + 1),
    detectTime: hoursAgo(hours),
    nlpDecisionRatio: selected ? 0.81 : 0.12,
    detectedKeyword: ['btc'],
    unwantedUsage: ['giveaway'],
    reviewedBy: null,
    eliminatedKeyword: selected ? null : 'btc',
    eliminatedBySimilarity: false,
    eliminatedByQuotedPost: false,
    selected,
    manuallyChanged: false,
    accountName: 'audit_account',
    lang: 'en',
  };
}

function recentNews(id: number, selected: boolean, hours = 30): NewsItem {
  return {
    id,
    newsId: `n-${id}`,
    website: 'auditnews.example',
    url: `https://auditnews.example/${id}`,
    message: `audited news ${id}`,
    detectTime: hoursAgo(hours),
    nlpDecisionRatio: selected ? 0.77 : 0.2,
    cryptoCurrencyList: [{ symbol: 'ETH' }],
    cryptoMarketList: [{ name: 'BINANCE' }],
    cryptoTagsList: ['defi'],
    detectedKeyword: ['eth'],
    unwantedUsage: [],
    reviewedBy: null,
    eliminatedKeyword: selected ? null : 'eth',
    selected,
    manuallyChanged: false,
    accountName: 'auditnews',
    source: 'rss',
  };
}

/**
 * The last week's items: 6 tweets kept, 3 eliminated, 4 news kept, no news eliminated, and one
 * tweet of 10 days ago (outside the default window).
 */
function addRecentItems(p: SpecProvider) {
  p.state.tweets.push(
    ...[0, 1, 2, 3, 4, 5].map((i) => recentTweet(60_000 + i, true, 24 + i)),
    ...[6, 7, 8].map((i) => recentTweet(60_000 + i, false, 24 + i)),
    recentTweet(60_100, true, 240),
  );
  p.state.news.push(...[0, 1, 2, 3].map((i) => recentNews(61_000 + i, true, 30 + i)));
}

/** Every card of the current sample, answering each with `keep(card)`, and the answers given. */
async function answerAll(c: RunCore, keep: (card: BlindCard) => boolean) {
  const reveals = [];
  for (let card = await c.call('audit.next'); card; card = await c.call('audit.next'))
    reveals.push(
      await c.call('audit.answer', { source: card.source, itemId: card.itemId, keep: keep(card) }),
    );
  return reveals;
}

const itemOf = (p: SpecProvider, card: { source: string; itemId: number }) =>
  (card.source === 'tweets' ? p.state.tweets : p.state.news).find((i) => i.id === card.itemId)!;

async function refusal(c: RunCore, channel: BridgeChannel, payload?: unknown) {
  const envelope = await c.core.dispatch(channel, payload);
  if (envelope.ok) throw new Error(`${channel} was not refused`);
  return envelope.error;
}

describe('drawing an audit sample against any provider', () => {
  it("takes each stratum's size from its count and draws within it, never an item twice", async () => {
    const c = await setUp();
    const p = provider!;
    const started = await c.call('audit.start', DEMO_WINDOW);

    const inWindow = <T extends { detectTime: string }>(items: T[]) =>
      items.filter((i) => i.detectTime >= '2024-01-01T00:00' && i.detectTime <= '2024-01-08T00:00');
    const leftOut = (t: Tweet) => t.eliminatedBySimilarity || t.eliminatedByQuotedPost;
    const tweets = inWindow(p.state.tweets);
    const news = inWindow(p.state.news);
    const expected: Record<string, (Tweet | NewsItem)[]> = {
      'tweets:kept': tweets.filter((t) => t.selected),
      'tweets:eliminated': tweets.filter((t) => !t.selected),
      'news:kept': news.filter((n) => n.selected),
      'news:eliminated': news.filter((n) => !n.selected),
    };
    const sample = started.sample!;
    // The demo data holds fewer items than 200: every one a decision can be sent to is drawn,
    // and none of those eliminated by similarity or quoted post (SPEC.md 4: they take no action).
    for (const stratum of sample.strata) {
      const population = expected[stratum.key]!;
      expect(stratum.population, stratum.key).toBe(population.length);
      const decidable = population.filter((i) => !('tweetId' in i) || !leftOut(i as Tweet));
      expect(stratum.drawn, stratum.key).toBe(decidable.length);
    }
    expect(sample).toMatchObject({ size: 200, answered: 0, emptyStrata: [] });
    expect(sample.drawn).toBe(sample.strata.reduce((sum, s) => sum + s.drawn, 0));
    expect(resultSchemaOf('audit.start')!.safeParse(started).success).toBe(true);

    // The counts went out with SPEC.md 7's filter: the window's dates and the classifier's decision.
    const counts = p.seen.filter((r) => r.path.endsWith('/count'));
    expect(counts.map((r) => JSON.parse(r.body) as Record<string, unknown>)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          startDate: DEMO_WINDOW.from,
          endDate: DEMO_WINDOW.to,
          isEliminated: 'true',
          isManuallyChanged: 'null',
        }),
        expect.objectContaining({ isEliminated: 'false' }),
      ]),
    );
    const served = (await answerAll(c, () => true)).map(
      (r) => `${r.answer.stratum.source}:${r.answer.itemId}`,
    );
    expect(served.length).toBe(sample.drawn);
    expect(new Set(served).size).toBe(served.length);
  });

  it('splits a smaller sample equally and reads random pages of a large stratum', async () => {
    const c = await setUp();
    const p = provider!;
    // 1,000 more kept tweets in the window: 51 pages more of the kept tweets' filter.
    addBulkTweets(p, 1000, 0);
    const before = p.seen.length;
    const started = await c.call('audit.start', { ...DEMO_WINDOW, size: 20 });
    expect(started.sample!.strata.map((s) => s.drawn)).toEqual([5, 5, 5, 5]);
    const kept = started.sample!.strata.find((s) => s.key === 'tweets:kept')!;
    const pages = Math.ceil(kept.population / 20);
    const keptPages = p.seen
      .slice(before)
      .filter((r) => r.path === '/twitter-service/filter')
      .map(
        (r) => JSON.parse(r.body) as { isEliminated: string; startIndex: number; sortBy: string },
      )
      .filter((body) => body.isEliminated === 'false');
    expect(keptPages.length).toBeGreaterThan(0);
    expect(keptPages.length).toBeLessThanOrEqual(5);
    expect(keptPages.every((b) => b.startIndex >= 0 && b.startIndex < pages)).toBe(true);
    // Positions are drawn over the whole count, not the first pages.
    expect(keptPages.some((b) => b.startIndex > 0)).toBe(true);
  });

  it('draws the last 7 days by default, and says which strata are empty', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    const started = await c.call('audit.start', { size: 12 });
    const sample = started.sample!;
    expect(Date.parse(`${sample.window.to}Z`)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(Date.parse(`${sample.window.to}Z`) - Date.parse(`${sample.window.from}Z`)).toBe(
      7 * 24 * 3_600_000,
    );
    expect(Object.fromEntries(sample.strata.map((s) => [s.key, [s.population, s.drawn]]))).toEqual({
      'tweets:kept': [6, 5],
      'tweets:eliminated': [3, 3],
      'news:kept': [4, 4],
      'news:eliminated': [0, 0],
    });
    expect(sample.emptyStrata).toEqual(['news:eliminated']);
    const cards = await answerAll(c, () => false);
    expect(cards.map((r) => r.answer.itemId)).not.toContain(60_100);
  });

  it('refuses an empty window with a clear message and keeps the sample it had', async () => {
    const c = await setUp();
    // Two starts at once: the second is refused while the first draws.
    const both = await Promise.all([
      c.core.dispatch('audit.start', DEMO_WINDOW),
      c.core.dispatch('audit.start', DEMO_WINDOW),
    ]);
    expect(both[1]).toMatchObject({
      ok: false,
      error: { status: 409, message: AUDIT_MESSAGES.alreadyDrawing },
    });
    const had = (await c.call('audit.current')) as AuditProgress;
    expect(both[0]).toEqual({ ok: true, data: had });
    const error = await refusal(c, 'audit.start', {
      from: '2023-03-01T00:00',
      to: '2023-03-08T00:00',
    });
    expect(error).toMatchObject({
      status: 409,
      code: 'AUDIT_EMPTY_WINDOW',
      message: AUDIT_MESSAGES.emptyWindow('2023-03-01T00:00', '2023-03-08T00:00'),
    });
    expect((await c.call('audit.current')).sample?.id).toBe(had.sample!.id);
  });

  it('refuses bad payloads with a 400 that names the field', async () => {
    const c = await setUp();
    const bad: [BridgeChannel, unknown, RegExp][] = [
      ['audit.start', { size: 0 }, /size/],
      ['audit.start', { size: 5000 }, /size/],
      [
        'audit.start',
        { from: '2024-02-01T00:00', to: '2024-01-01T00:00' },
        /from: must be before to/,
      ],
      ['audit.start', { from: '2021-06-01T00:00' }, /from: must not be before 2022-01-01/],
      ['audit.start', { to: 'yesterday' }, /to: must look like 2022-01-01T00:00/],
      ['audit.answer', { source: 'tweets', itemId: 1000 }, /keep/],
      ['audit.answer', { source: 'mail', itemId: 1000, keep: true }, /source/],
    ];
    for (const [channel, payload, says] of bad) {
      const error = await refusal(c, channel, payload);
      expect(error.status, JSON.stringify(payload)).toBe(400);
      expect(error.message).toMatch(says);
    }
    expect(
      await refusal(c, 'audit.answer', { source: 'tweets', itemId: 1000, keep: true }),
    ).toMatchObject({
      status: 404,
      message: AUDIT_MESSAGES.noSample,
    });
  });
});

describe('answering the audit', () => {
  it('sends the answer as a journalled, undoable decision and reveals the classifier beside it', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    await c.call('audit.start', {});
    let card = (await c.call('audit.next'))!;
    // An item the classifier kept, so that Eliminate flips it.
    while (!itemOf(provider!, card).selected) {
      await c.call('audit.answer', { source: card.source, itemId: card.itemId, keep: false });
      card = (await c.call('audit.next'))!;
    }
    const item = itemOf(provider!, card);
    const reveal = await c.call('audit.answer', {
      source: card.source,
      itemId: card.itemId,
      keep: false,
    });
    expect(reveal).toMatchObject({
      classifierKept: true,
      ratio: item.nlpDecisionRatio,
      agreed: false,
      answer: {
        itemId: item.id,
        stratum: { source: card.source, classifierKept: true },
        answerKept: false,
        reviewer: 'reviewer1',
      },
      decision: { sent: true, conflict: null, undoId: expect.any(String) },
    });
    expect(resultSchemaOf('audit.answer')!.safeParse(reveal).success).toBe(true);
    expect(item.selected).toBe(false);
    const path =
      card.source === 'tweets'
        ? '/twitter-service/manually-eliminate'
        : '/news-service/manually-eliminate';
    const providerId = String('tweetId' in item ? item.tweetId : item.newsId);
    const sentFor = provider!.seen.filter(
      (r) => r.method === 'PUT' && r.path === path && r.body.includes(`"${providerId}"`),
    );
    expect(sentFor).toHaveLength(1);

    const target = `${card.source === 'tweets' ? 'tweet' : 'news'} ${item.id}`;
    const journal = await c.call('journal.list', { target });
    expect(journal.entries).toEqual([
      expect.objectContaining({
        channel: 'review.manualChange',
        call: `PUT ${path}`,
        outcome: 'ok',
        before: { selected: true, reviewedBy: null },
      }),
    ]);
    const undone = await c.call('undo.decision', { undoId: reveal.decision.undoId! });
    expect(undone.restored).toBe(true);
    expect(item.selected).toBe(true);

    const answers = await c.call('audit.answers');
    expect(resultSchemaOf('audit.answers')!.safeParse(answers).success).toBe(true);
    expect(answers.current!.answers.at(-1)).toEqual(reveal.answer);
    expect(answers.current!.sizes).toEqual({
      'tweets:kept': 6,
      'tweets:eliminated': 3,
      'news:kept': 4,
      'news:eliminated': 0,
    });
  });

  it('refuses an answer given twice, at once or later, and counts it once', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    await c.call('audit.start', {});
    const card = (await c.call('audit.next'))!;
    const answer = { source: card.source, itemId: card.itemId, keep: true };
    const both = await Promise.all([
      c.core.dispatch('audit.answer', answer),
      c.core.dispatch('audit.answer', answer),
    ]);
    expect(both.filter((e) => e.ok)).toHaveLength(1);
    const again = await refusal(c, 'audit.answer', answer);
    for (const error of [...both.flatMap((e) => (e.ok ? [] : [e.error])), again])
      expect(error).toMatchObject({ status: 409, message: 'This audit item is already answered.' });
    const writes = provider!.seen.filter(
      (r) => r.method === 'PUT' && r.path.endsWith('/manually-select'),
    );
    expect(writes).toHaveLength(1);
    const { current } = await c.call('audit.answers');
    expect(current!.answers.filter((a) => a.itemId === card.itemId)).toHaveLength(1);
    expect((await c.call('audit.current')).sample!.answered).toBe(1);
    expect((await c.call('audit.next'))!.itemId).not.toBe(card.itemId);
  });

  it('counts the answer but writes nothing over an item changed since it was drawn', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    await c.call('audit.start', {});
    const card = (await c.call('audit.next'))!;
    const item = itemOf(provider!, card);
    item.reviewedBy = 'reviewer3';
    const writesBefore = provider!.seen.filter((r) => r.method === 'PUT').length;
    const reveal = await c.call('audit.answer', {
      source: card.source,
      itemId: card.itemId,
      keep: !item.selected,
    });
    expect(reveal.decision).toMatchObject({ sent: false, undoId: null });
    expect(reveal.decision.conflict?.changes).toEqual([
      { field: 'reviewedBy', shown: null, now: 'reviewer3' },
    ]);
    expect(provider!.seen.filter((r) => r.method === 'PUT').length).toBe(writesBefore);
    expect((await c.call('audit.answers')).current!.answers).toEqual([reveal.answer]);
  });

  it('reads a 2xx answer in an unusual shape as it is', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    // The spec provider answers tweets' counts as text/plain, news' as a JSON string, tweet ids as
    // numbers or text, a tweet's manual change with an empty 200 and a news item's with `true`.
    const odd = recentTweet(60_500, true, 50) as Tweet & Record<string, unknown>;
    odd.tweetId = 7_700_060_500;
    odd.nlpDecisionRatio = '0.93' as unknown as number;
    odd.detectedKeyword = null;
    odd.somethingNew = { nested: [1, 2] };
    provider!.state.tweets.push(odd);
    await c.call('audit.start', { size: 200 });
    const reveals = await answerAll(c, () => true);
    const oddReveal = reveals.find((r) => r.answer.itemId === 60_500)!;
    expect(oddReveal).toMatchObject({
      ratio: 0.93,
      decision: { sent: true },
      answer: { groups: { keywords: [], origin: 'audit_account' } },
    });
    expect(
      reveals.filter((r) => r.answer.stratum.source === 'news').every((r) => r.decision.sent),
    ).toBe(true);
    const written = provider!.seen.filter((r) => r.path === '/twitter-service/manually-select');
    expect(written.map((r) => (JSON.parse(r.body) as { tweetId: string }).tweetId)).toContain(
      '7700060500',
    );
  });
});

describe('kept per user', () => {
  it('survives a restart, and a new sample keeps the answers of the one before', async () => {
    const first = await setUp();
    addRecentItems(provider!);
    const started = await first.call('audit.start', {});
    const answered = [];
    for (const keep of [true, false]) {
      const card = (await first.call('audit.next'))!;
      answered.push(
        await first.call('audit.answer', { source: card.source, itemId: card.itemId, keep }),
      );
    }
    const nextBefore = await first.call('audit.next');

    const again = await setUp({ dataDir: first.dataDir });
    const current = await again.call('audit.current');
    expect(current.sample).toMatchObject({ id: started.sample!.id, answered: 2 });
    expect(current.answeredToday).toBe(2);
    expect(await again.call('audit.next')).toEqual(nextBefore);
    await expect(
      again.core.dispatch('audit.answer', {
        source: answered[0]!.answer.stratum.source,
        itemId: answered[0]!.answer.itemId,
        keep: true,
      }),
    ).resolves.toMatchObject({ ok: false, error: { status: 409 } });

    const file = readFileSync(
      join(userFolderOf(first.dataDir, provider!.url, 'reviewer1'), SAMPLE_FILE),
      'utf8',
    );
    expect(file).toContain(started.sample!.id);
    expect(file).not.toContain(again.core.session.accessToken()!);
    expect(file).not.toMatch(/token|password|Bearer/i);

    const fresh = await again.call('audit.start', {});
    expect(fresh.sample).toMatchObject({ answered: 0 });
    expect(fresh.answeredToday).toBe(2);
    const all = await again.call('audit.answers');
    expect(all.current!.answers).toEqual([]);
    expect(all.earlier).toEqual([
      expect.objectContaining({
        sampleId: started.sample!.id,
        answers: answered.map((r) => r.answer),
      }),
    ]);
  });
});

/** Keys that tell, or hint at, what the classifier decided about an item. */
const REVEALING = [
  'selected',
  'nlpDecisionRatio',
  'ratio',
  'eliminatedKeyword',
  'eliminatedBySimilarity',
  'eliminatedByQuotedPost',
  'manuallyChanged',
  'manuallyChangedBy',
  'reviewedBy',
  'unwantedUsage',
  'version',
  'classifierKept',
  'stratum',
  'before',
];

/** Every audited item id the estimates name, in any figure of any row. */
function auditedIdsIn(estimates: AuditEstimates): Set<number> {
  const rows = [...estimates.samples, ...Object.values(estimates.groups).flat()];
  return new Set(
    rows.flatMap((row) =>
      Object.values(row.itemsBehind).flatMap((ids) => [...ids.tweets, ...ids.news]),
    ),
  );
}

/** Every key anywhere in a message, but the per-stratum counts of a sample's progress. */
function keysIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, into));
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'strata') continue;
      into.add(key);
      keysIn(inner, into);
    }
  return into;
}

describe('blindness', () => {
  it('no message to the page holds what the classifier decided about a card before its answer', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    const decidedAtDraw = new Map(
      [...provider!.state.tweets, ...provider!.state.news].map((i) => [i.id, i.selected]),
    );
    const events: BridgeEvent[] = [];
    c.core.onEvent((event) => events.push(event));
    const toPage: unknown[] = [];
    const send = async <C extends BridgeChannel>(channel: C, payload?: unknown) => {
      const answer = await c.call(channel, payload as never);
      toPage.push(answer);
      return answer;
    };
    await send('audit.start', {});
    const strata = new Set<string>();
    let answeredCards = 0;
    for (;;) {
      await send('audit.current');
      const estimates = (await send('audit.estimates')) as AuditEstimates;
      const card = (await send('audit.next')) as BlindCard | null;
      if (!card) break;
      // The estimates name only answered items: the card's stratum cannot be read from them.
      expect(auditedIdsIn(estimates), `estimates before ${card.itemId}`).not.toContain(card.itemId);
      expect(Object.keys(card).sort()).toEqual([...BLIND_CARD_KEYS].sort());
      // Everything the page was told before this answer: channel results and pushed events.
      const told = [...toPage, ...events];
      const revealing = [...keysIn(told)].filter((key) => REVEALING.includes(key));
      expect(revealing, `before answering ${card.source} ${card.itemId}`).toEqual([]);
      expect(JSON.stringify(told)).not.toContain(
        `"target":"${card.source === 'tweets' ? 'tweet' : 'news'} ${card.itemId}"`,
      );
      const progress = (await c.call('audit.current')) as AuditProgress;
      expect(progress.sample!.answered).toBe(answeredCards);

      const reveal = await c.call('audit.answer', {
        source: card.source,
        itemId: card.itemId,
        keep: answeredCards % 2 === 0,
      });
      // Once answered, both sides show.
      expect(reveal.classifierKept).toBe(decidedAtDraw.get(card.itemId));
      expect(reveal.answer.answerKept).toBe(answeredCards % 2 === 0);
      strata.add(`${reveal.answer.stratum.source}:${reveal.classifierKept}`);
      answeredCards += 1;
      toPage.length = 0;
      events.length = 0;
    }
    expect(answeredCards).toBe(13);
    expect(strata.size).toBe(3);
  });
});

describe('the estimates of the audit', () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('re-weights each sample by its own strata, lists the items behind each figure, and warns when a later audit is worse beyond the intervals', async () => {
    const c = await setUp();
    addRecentItems(provider!);
    expect(await c.call('audit.estimates')).toMatchObject({
      current: null,
      samples: [],
      warning: null,
    });
    // The first audit: every answer as the classifier decided (the default size takes all 13).
    await c.call('audit.start', {});
    await answerAll(c, (card) => itemOf(provider!, card).selected);
    const first = await c.call('audit.estimates');
    expect(auditEstimatesSchema.parse(first)).toEqual(first);
    expect(first.current!.estimate).toMatchObject({
      keptShouldBeEliminated: { value: 0, answers: 10, uncoveredStrata: [] },
      eliminatedShouldBeKept: { value: 0, answers: 3 },
      accuracy: { value: 1, answers: 13 },
    });
    // Each figure names exactly the audited items its answers come from.
    expect(first.current!.itemsBehind.keptShouldBeEliminated).toEqual({
      tweets: ids(60_000, 6),
      news: ids(61_000, 4),
    });
    expect(first.current!.itemsBehind.eliminatedShouldBeKept).toEqual({
      tweets: ids(60_006, 3),
      news: [],
    });
    const bySource = first.groups.source;
    expect(bySource.map((row) => row.group)).toEqual(['news', 'tweets']);
    expect(bySource[1]!.itemsBehind.accuracy).toEqual({ tweets: ids(60_000, 9), news: [] });
    expect(first.groups.keyword.map((row) => row.group)).toEqual(['btc', 'eth']);
    // Against a provider without the model-runs extension no item has a known run.
    expect(first.groups.modelRun.map((row) => row.group)).toEqual([null]);
    // One reviewer's own audit: no item was answered by two.
    expect(first.agreement).toEqual({
      pairs: [],
      overall: { items: 0, agreement: null, kappa: null, kappaInterval: null },
    });
    expect(first.warning).toBeNull();

    // The second audit of the same items, every answer against the classifier.
    await c.call('audit.start', {});
    await answerAll(c, (card) => !itemOf(provider!, card).selected);
    const second = await c.call('audit.estimates');
    expect(second.samples.map((row) => [row.current, row.estimate.accuracy.value])).toEqual([
      [false, 1],
      [true, 0],
    ]);
    // Kept items (10 answers) and accuracy (13) moved beyond their intervals; the eliminated rate
    // rests on 3 answers, whose intervals overlap, so it is not named.
    expect(second.warning).toMatchObject({
      basis: 'sample',
      worse: [
        { rate: 'keptShouldBeEliminated', before: { value: 0 }, after: { value: 1 } },
        { rate: 'accuracy', before: { value: 1 }, after: { value: 0 } },
      ],
    });
  });
});
