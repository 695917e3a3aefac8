import { describe, expect, it } from 'vitest';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';
import { ItemWriter } from '../../../src/main/core/runs/itemWriter';
import { runView } from '../../../src/main/core/runs/runViews';
import type { NewJournalEntry } from '../../../src/shared/journal';
import { fakeCalls, fakeSession, runOf, T0, tweet } from '../../support/runPieces';

/** One item of a run: re-read, then left with the reason or written and journalled. */
function setUp(items = [tweet(1), tweet(2, { selected: false })]) {
  const calls = fakeCalls(items);
  const session = fakeSession();
  const halt = { halted: false };
  const journalled: { username: string; entry: NewJournalEntry }[] = [];
  const writer = new ItemWriter({
    calls,
    journals: { record: async (username, entry) => (journalled.push({ username, entry }), null) },
    session,
    halt,
    now: () => T0,
  });
  const run = runOf(items);
  return { calls, session, halt, journalled, writer, run };
}

describe('the item writer', () => {
  it('writes an item still as the snapshot froze it, and journals it with the state before and the run', async () => {
    const { writer, run, calls, journalled } = setUp();
    expect(await writer.handle(run, 0)).toEqual({
      kind: 'result',
      result: {
        outcome: 'ok',
        reason: null,
        before: { selected: true, reviewedBy: null, manuallyChanged: false },
      },
    });
    expect(calls.written).toEqual([{ id: 1, write: 'manually-eliminate', runId: run.id }]);
    expect(journalled).toEqual([
      {
        username: 'reviewer1',
        entry: {
          at: new Date(T0).toISOString(),
          channel: 'review.manualChange',
          call: 'PUT /twitter-service/manually-eliminate',
          area: 'review',
          target: 'tweet 1',
          summary: 'manually-eliminate',
          before: { selected: true, reviewedBy: null, manuallyChanged: false },
          outcome: 'ok',
          status: 200,
          message: null,
          runId: run.id,
        },
      },
    ]);
  });

  it('leaves an item another reviewer holds in their queue, says who and for how long, and the run counts it', async () => {
    const { writer, run, calls, journalled } = setUp();
    calls.holders.set(1, { holder: 'reviewer2', remainingSeconds: 230 });
    // The run's own user holding an item (their own queue page) is no reason to leave it.
    calls.holders.set(2, { holder: 'reviewer1', remainingSeconds: 500 });
    for (const index of [0, 1]) {
      const outcome = await writer.handle(run, index);
      if (outcome.kind === 'result') run.results.set(run.items[index]!.id, outcome.result);
    }
    expect(run.results.get(1)).toMatchObject({
      outcome: 'skipped',
      reason: 'held by reviewer2 (4 min): left alone',
    });
    expect(calls.written.map((w) => w.id)).toEqual([2]);
    expect(journalled.map((j) => [j.entry.target, j.entry.outcome])).toEqual([
      ['tweet 1', 'skipped'],
      ['tweet 2', 'ok'],
    ]);
    expect(runView(run, 4)).toMatchObject({ done: 1, skipped: 1, heldByOthers: 1 });
  });

  it('leaves an item someone changed since the snapshot, with the reason, and writes nothing', async () => {
    const { writer, run, calls, journalled } = setUp();
    calls.items.set(1, tweet(1, { reviewedBy: 'reviewer2' }));
    const outcome = await writer.handle(run, 0);
    expect(outcome).toMatchObject({
      kind: 'result',
      result: {
        outcome: 'skipped',
        reason: 'changed since the snapshot: reviewedBy none → reviewer2',
      },
    });
    expect(calls.written).toEqual([]);
    expect(journalled.map((j) => j.entry.outcome)).toEqual(['skipped']);
  });

  it('does not write again an item already as the run leaves it (a write that landed before a crash)', async () => {
    const { writer, run, calls } = setUp();
    calls.items.set(1, tweet(1, { selected: false, manuallyChanged: true }));
    expect(await writer.handle(run, 0)).toMatchObject({
      result: {
        outcome: 'skipped',
        reason:
          'already as this run leaves it (selected true → false, manually changed false → true): not written again',
      },
    });
    expect(calls.written).toEqual([]);
  });

  it('a failed read is the item’s result, not a journal entry; a failed write is both', async () => {
    const { writer, run, calls, journalled } = setUp();
    calls.failRead.set(1, new BridgeFailure(500, 'DOWN', 'the service is down'));
    expect(await writer.handle(run, 0)).toMatchObject({
      result: { outcome: 'failed', reason: 'could not be read again: the service is down' },
    });
    expect(journalled).toEqual([]);
    calls.failWrite.set(2, new BridgeFailure(500, 'BROKEN', 'it broke'));
    // Eliminating an item the classifier eliminated: it is written (the item is not manually changed).
    expect(await writer.handle(run, 1)).toMatchObject({
      result: { outcome: 'failed', reason: 'it broke' },
    });
    expect(journalled.map((j) => [j.entry.outcome, j.entry.status])).toEqual([['failed', 500]]);
  });

  it('waits for the provider when a read or a write gets no answer, journalling nothing', async () => {
    const { writer, run, calls, journalled } = setUp();
    calls.failRead.set(1, new BridgeFailure(503, 'HTTP_ERROR', 'a gateway answered'));
    expect(await writer.handle(run, 0)).toEqual({ kind: 'waitForProvider' });
    calls.failWrite.set(2, new BridgeFailure(0, 'UNREACHABLE', 'no connection'));
    expect(await writer.handle(run, 1)).toEqual({ kind: 'waitForProvider' });
    expect(journalled).toEqual([]);
  });

  it("waits for the session when the run's user is not signed in, or is refused as another user", async () => {
    const { writer, run, session, calls } = setUp();
    session.state.username = null;
    expect(await writer.handle(run, 0)).toEqual({ kind: 'waitForSession' });
    session.state.username = 'reviewer1';
    calls.failWrite.set(1, new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.'));
    expect(await writer.handle(run, 0)).toEqual({ kind: 'waitForSession' });
  });

  it('records nothing once halted, and puts an item back when the run was paused while it was read', async () => {
    const { writer, run, halt, calls, journalled } = setUp();
    run.status = 'paused';
    expect(await writer.handle(run, 0)).toEqual({ kind: 'requeue' });
    run.status = 'running';
    halt.halted = true;
    expect(await writer.handle(run, 0)).toEqual({ kind: 'dropped' });
    expect(calls.written).toEqual([]);
    expect(journalled).toEqual([]);
  });
});
