import { describe, expect, it } from 'vitest';
import { RunSnapshot } from '../../../src/main/core/runs/runSnapshot';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';
import { fakeCalls, runOf, T0, tweet } from '../../support/runPieces';

function setUp(items = Array.from({ length: 45 }, (_, i) => tweet(i + 1))) {
  const calls = fakeCalls(items);
  const snapshot = new RunSnapshot({
    calls,
    events: { changed: () => undefined },
    concurrency: 3,
    halt: { halted: false },
    now: () => T0,
  });
  const run = runOf([], 'preparing');
  run.queue = [];
  return { calls, snapshot, run };
}

describe("a bulk run's snapshot", () => {
  it('pages through the filter once, leaving out items eliminated by similarity or quoted post', async () => {
    const items = Array.from({ length: 45 }, (_, i) =>
      tweet(i + 1, i % 10 === 0 ? { eliminatedBySimilarity: true } : {}),
    );
    const { snapshot, run } = setUp(items);
    run.matched = 45;
    await snapshot.ofFilter(run, {} as never);
    expect(run).toMatchObject({ status: 'ready', read: 45, leftOut: 5 });
    expect(run.items).toHaveLength(40);
    expect(run.items[0]).toEqual({
      id: 2,
      key: { tweetId: '9002', twitterUserName: 'spam_bot' },
      expect: { selected: true, reviewedBy: null, manuallyChanged: false },
    });
  });

  it('stops at a provider that answers the first page for every page', async () => {
    const { snapshot, run, calls } = setUp();
    const first = await calls.page('tweets', {} as never, 0);
    calls.page = async () => first;
    run.matched = 45;
    await snapshot.ofFilter(run, {} as never);
    expect(run).toMatchObject({ status: 'ready', read: 20 });
  });

  it('reads chosen items by id in the order chosen; one that cannot be read is skipped with why', async () => {
    const { snapshot, run, calls } = setUp();
    calls.failRead.set(7, new BridgeFailure(404, 'NOT_FOUND', 'no such item'));
    await snapshot.ofChosen(run, [9, 7, 3, 5]);
    expect(run.status).toBe('ready');
    expect(run.items.map((item) => item.id)).toEqual([9, 3, 5]);
    expect(run.results.get(7)).toEqual({
      outcome: 'skipped',
      reason: 'could not be read: no such item',
      before: null,
    });
  });

  it('fails with the reason when the filter cannot be read', async () => {
    const { snapshot, run, calls } = setUp();
    calls.page = async () => {
      throw new BridgeFailure(502, 'DOWN', 'the service is down');
    };
    await snapshot.ofFilter(run, {} as never);
    expect(run).toMatchObject({
      status: 'failed',
      error: 'the service is down',
      finishedAt: new Date(T0).toISOString(),
    });
  });
});
