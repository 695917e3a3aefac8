import type { ReviewCalls } from '../../src/main/core/runs/reviewCalls';
import { keyOf, stateOf } from '../../src/main/core/runs/reviewItemState';
import { newRun, type Run } from '../../src/main/core/runs/run';
import { tweetItemRecord, type ReviewItem } from '../../src/shared/api/records';
import type { SessionView } from '../../src/shared/auth';

/**
 * Fakes for the pieces of a run (src/main/core/runs): review calls over a map of tweets, a session
 * the test signs in and out, and a run of a few items as a snapshot would freeze them.
 */

export const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

export function tweet(id: number, fields: Record<string, unknown> = {}): ReviewItem {
  return tweetItemRecord.parse({
    id,
    tweetId: String(9_000 + id),
    twitterUserName: 'spam_bot',
    selected: true,
    manuallyChanged: false,
    reviewedBy: null,
    ...fields,
  });
}

export interface FakeCalls extends ReviewCalls {
  items: Map<number, ReviewItem>;
  written: { id: number; write: string; runId: string | undefined }[];
  /** Makes the next reads or writes of an id fail with this error. */
  failRead: Map<number, Error>;
  failWrite: Map<number, Error>;
  /** Who holds an item in their queue (the claims extension), by id. */
  holders: Map<number, { holder: string; remainingSeconds: number }>;
}

export function fakeCalls(items: ReviewItem[]): FakeCalls {
  const calls: FakeCalls = {
    items: new Map(items.map((item) => [item.id!, item])),
    written: [],
    failRead: new Map(),
    failWrite: new Map(),
    holders: new Map(),
    count: async () => calls.items.size,
    page: async (_type, _filter, page) =>
      [...calls.items.values()].slice(page * 20, page * 20 + 20),
    findById: async (_type, id) => {
      const failure = calls.failRead.get(id);
      if (failure) throw failure;
      const item = calls.items.get(id);
      if (!item) throw new Error(`no item ${id}`);
      return item;
    },
    write: async (_type, write, id, _key, username, runId) => {
      const failure = calls.failWrite.get(id);
      if (failure) throw failure;
      calls.written.push({ id, write, runId });
      const item = calls.items.get(id)!;
      calls.items.set(
        id,
        write === 'reviewed'
          ? { ...item, reviewedBy: username }
          : { ...item, selected: write === 'manually-select', manuallyChanged: true },
      );
      return 200;
    },
    heldByOther: async (_type, id, username) => {
      const claim = calls.holders.get(id);
      return claim && claim.holder !== username
        ? { id, ...claim, expiresAt: new Date(T0 + claim.remainingSeconds * 1000).toISOString() }
        : null;
    },
    describe: (_type, write, id) =>
      write === 'reviewed'
        ? { channel: 'review.reviewed', call: `PUT /twitter-service/${id}/reviewed` }
        : { channel: 'review.manualChange', call: `PUT /twitter-service/${write}` },
  };
  return calls;
}

export function fakeSession(username: string | null = 'reviewer1') {
  const state = { username };
  return {
    state,
    view: (): SessionView =>
      state.username
        ? { signedIn: true, username: state.username, userId: 'u-1', roles: ['ADMIN'] }
        : { signedIn: false, username: null, userId: null, roles: [] },
  };
}

/** A bulk eliminate run of these items, frozen as they are now, in the given status. */
export function runOf(items: ReviewItem[], status: Run['status'] = 'running', now = () => T0): Run {
  const run = newRun(
    {
      kind: 'bulk',
      action: 'eliminate',
      write: 'manually-eliminate',
      filterType: 'tweets',
      username: 'reviewer1',
      status,
    },
    now,
  );
  run.items = items.map((item) => ({
    id: item.id!,
    key: keyOf('tweets', item),
    expect: stateOf(item),
  }));
  run.matched = items.length;
  run.queue = items.map((_, index) => index);
  return run;
}
