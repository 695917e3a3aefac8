/**
 * Cards that stay true while others work (DESIGN.md, Several people at once), in core: core told
 * what the Review page shows (live.watch) sends review.itemsChanged when an item changes elsewhere.
 * Against the spec provider (no extensions) by reading the page again while the window is in use;
 * against our reference server by its item-events stream, which carries who made the change and
 * comes back after the stream ends, with what it missed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src/main/core/createCore';
import { liveCalls } from '../../../src/shared/api/liveEvents';
import type { ReviewItem, TweetItem } from '../../../src/shared/api/records';
import type { ReviewListResult } from '../../../src/shared/bodies/review';
import type { BridgeEvent } from '../../../src/shared/bridge';
import type { ItemChange, LiveWatchPayload } from '../../../src/shared/liveItems';
import { callerOf, coreFor, signedIn } from '../../support/coreBackends';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';
import { startTestServer, type TestServer } from '../../support/testServer';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const FILTER = {
  startDate: '2022-01-01T00:00',
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'false',
  sortBy: 'desc',
  startIndex: 0,
} as const;

/** The changes core sent, and a wait for one about an item. */
function changesOf(core: Core) {
  const heard: ItemChange[] = [];
  const waiters = new Set<() => void>();
  core.onEvent((event: BridgeEvent) => {
    if (event.type !== 'review.itemsChanged') return;
    heard.push(...event.changes);
    waiters.forEach((check) => check());
  });
  return {
    heard,
    about: (id: number, match: (change: ItemChange) => boolean = () => true) =>
      new Promise<ItemChange>((resolve) => {
        const check = () => {
          const found = heard.find((change) => change.id === id && match(change));
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
  };
}

/** What the page sends for the items it shows. */
const watchOf = (items: ReviewItem[], inUse: boolean): LiveWatchPayload => ({
  filterType: 'tweets',
  filter: FILTER,
  inUse,
  items: items.map((item) => ({
    id: item.id!,
    selected: item.selected ?? null,
    manuallyChanged: item.manuallyChanged ?? null,
    reviewedBy: item.reviewedBy ?? null,
    eliminatedKeyword: item.eliminatedKeyword ?? null,
  })),
});

describe('against the spec provider: the page read again while the window is in use', () => {
  let spec: SpecProvider;
  let core: Core;
  beforeAll(async () => {
    spec = await startSpecProvider();
  });
  afterAll(() => spec.close());
  afterEach(async () => {
    await core.dispatch('live.watch', watchOf([], false));
    await core.session.signOut('user');
  });

  const start = async (pollMs: number) => {
    core = await signedIn(coreFor(spec.url, { livePollIntervalMs: pollMs }), 'reviewer1');
    const call = callerOf(core);
    const page = (await call('review.list', {
      filterType: 'tweets',
      filter: FILTER,
    })) as ReviewListResult;
    return { call, items: page.items.slice(0, 5) };
  };
  const tweet = (id: number) => spec.state.tweets.find((t) => t.id === id)!;

  it('a card reviewed elsewhere and one decided elsewhere: one list call, find-by-id for the one that left the filter, and who', async () => {
    const { call, items } = await start(100);
    const changes = changesOf(core);
    const [left, decided] = items as [ReviewItem, ReviewItem];
    await call('live.watch', watchOf(items, true));
    const sentBefore = spec.seen.length;
    // reviewer3 reviews one (it leaves the "not reviewed" filter); someone eliminates another.
    tweet(left.id!).reviewedBy = 'reviewer3';
    Object.assign(tweet(decided.id!), { selected: !decided.selected, manuallyChanged: true });

    const reviewed = await changes.about(left.id!);
    expect(reviewed).toMatchObject({
      by: 'reviewer3',
      mine: false,
      fields: { reviewedBy: 'reviewer3' },
    });
    const flipped = await changes.about(decided.id!);
    expect(flipped).toMatchObject({
      by: null,
      fields: { selected: !decided.selected, manuallyChanged: true, reviewedBy: null },
    });
    const sent = spec.seen.slice(sentBefore);
    expect(sent.some((r) => r.path === '/twitter-service/filter')).toBe(true);
    const finds = sent.filter((r) => /^\/twitter-service\/\d+$/.test(r.path));
    expect(finds.map((r) => r.path)).toContain(`/twitter-service/${left.id}`);
    expect(finds.map((r) => r.path)).not.toContain(`/twitter-service/${decided.id}`);
    // No extension, so no stream was ever asked for.
    expect(spec.seen.some((r) => r.path === liveCalls.itemEvents.path)).toBe(false);
  });

  it('asks nothing while the window is not in use, and reads at once when it comes back', async () => {
    const { call, items } = await start(0);
    const changes = changesOf(core);
    const [item] = items as [ReviewItem];
    const sentBefore = spec.seen.length;
    await call('live.watch', watchOf(items, false));
    tweet(item.id!).reviewedBy = 'reviewer2';
    // A turn of the event loop, where a poll wrongly scheduled with no wait would have gone out.
    await call('app.info');
    await new Promise((resolve) => setImmediate(resolve));
    // Only core's one question of the session, whether the server offers the event stream.
    const sentWhileAway = spec.seen.length;
    expect(spec.seen.slice(sentBefore).map((r) => r.path)).toEqual([
      '/dqc-extensions/capabilities',
    ]);
    await call('live.watch', watchOf(items, true));
    expect(await changes.about(item.id!)).toMatchObject({ by: 'reviewer2' });
    expect(spec.seen.length).toBeGreaterThan(sentWhileAway);
  });

  it("leaves the reviewer's own decision to the page's reload: never reported as a change", async () => {
    const { call, items } = await start(50);
    const changes = changesOf(core);
    const [own, other] = items as [TweetItem, TweetItem];
    await call('live.watch', watchOf(items, true));
    await call('review.manualChange', {
      filterType: 'tweets',
      case: own.selected ? 'manually-eliminate' : 'manually-select',
      tweetId: String(own.tweetId),
      twitterUserName: own.twitterUserName!,
      keyword: null,
      keywordType: null,
      unwantedUsage: null,
      // As a card sends it (decideRequest.ts): what it showed, which names the item's data id.
      shown: { id: own.id!, selected: own.selected ?? null, reviewedBy: own.reviewedBy ?? null },
    });
    tweet(other.id!).reviewedBy = 'reviewer3';
    await changes.about(other.id!);
    expect(changes.heard.some((change) => change.id === own.id)).toBe(false);
  });
});

describe('against the reference server: the item-events stream', () => {
  let server: TestServer;
  let cores: Core[] = [];
  beforeAll(async () => {
    // Access tokens of 3 s: the stream ends with each, and must come back by itself.
    server = await startTestServer('pglite', { accessTokenTtlSeconds: 3 });
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const core of cores) {
      await core.dispatch('live.watch', watchOf([], false));
      await core.session.signOut('user');
    }
    cores = [];
  });

  /** A signed-in core whose stream requests are counted; its poll would take an hour. */
  const consoleOf = async (username: string) => {
    const streams: Headers[] = [];
    const counting: typeof fetch = (input, init) => {
      if (String(input).endsWith(liveCalls.itemEvents.path))
        streams.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    const core = await signedIn(
      coreFor(server.url, { livePollIntervalMs: 3_600_000, fetch: counting }),
      username,
    );
    cores.push(core);
    return { core, call: callerOf(core), streams };
  };

  it("a decision by reviewer2 reaches reviewer1's core with who and when; reviewer1's own is marked as theirs", async () => {
    const one = await consoleOf('reviewer1');
    const two = await consoleOf('reviewer2');
    const changes = changesOf(one.core);
    const { items } = (await one.call('review.list', {
      filterType: 'tweets',
      filter: FILTER,
    })) as ReviewListResult;
    const [theirs, mine] = items as [ReviewItem, ReviewItem];
    // Not in use: a poll would ask nothing, so what arrives came by the stream.
    await one.call('live.watch', watchOf(items, false));
    await vi.waitFor(() => expect(one.streams.length).toBeGreaterThan(0));

    await two.call('review.reviewed', { filterType: 'tweets', id: theirs.id! });
    const change = await changes.about(theirs.id!);
    expect(change).toMatchObject({
      by: 'reviewer2',
      mine: false,
      fields: { reviewedBy: 'reviewer2' },
    });
    expect(Number.isNaN(Date.parse(change.at))).toBe(false);

    await one.call('review.reviewed', { filterType: 'tweets', id: mine.id! });
    expect(await changes.about(mine.id!)).toMatchObject({ by: 'reviewer1', mine: true });
  });

  it('a reload of the page that raced a change the stream told of is corrected at once', async () => {
    const one = await consoleOf('reviewer1');
    const two = await consoleOf('reviewer2');
    const changes = changesOf(one.core);
    const { items } = (await one.call('review.list', {
      filterType: 'tweets',
      filter: FILTER,
    })) as ReviewListResult;
    const item = items[10]!;
    await one.call('live.watch', watchOf(items, false));
    await vi.waitFor(() => expect(one.streams.length).toBeGreaterThan(0));
    await two.call('review.reviewed', { filterType: 'tweets', id: item.id! });
    await changes.about(item.id!);
    // The page's reload read the item before that write: it shows the page as it first did.
    await one.call('live.watch', watchOf(items, false));
    await vi.waitFor(() =>
      expect(changes.heard.filter((change) => change.id === item.id)).toHaveLength(2),
    );
    expect(changes.heard.at(-1)).toMatchObject({ id: item.id, by: 'reviewer2' });
  });

  it('a stream ended by its token expiry comes back with the next token and the last event id', async () => {
    const one = await consoleOf('reviewer1');
    const two = await consoleOf('reviewer2');
    const changes = changesOf(one.core);
    const { items } = (await one.call('review.list', {
      filterType: 'tweets',
      filter: FILTER,
    })) as ReviewListResult;
    const [first, second] = items.slice(5) as [ReviewItem, ReviewItem];
    await one.call('live.watch', watchOf(items, false));
    await vi.waitFor(() => expect(one.streams.length).toBeGreaterThan(0));
    await two.call('review.reviewed', { filterType: 'tweets', id: first.id! });
    await changes.about(first.id!);
    // The token lives 3 s: the stream ends and is opened again, naming the last event heard.
    await vi.waitFor(
      () => expect(one.streams.some((headers) => headers.has('last-event-id'))).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    await two.call('review.reviewed', { filterType: 'tweets', id: second.id! });
    expect(await changes.about(second.id!)).toMatchObject({ by: 'reviewer2' });
  });
});
