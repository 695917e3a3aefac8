import { describe, expect, it } from 'vitest';
import type { ItemOutcome } from '../../../src/main/core/runs/itemWriter';
import type { Run } from '../../../src/main/core/runs/run';
import { RunScheduler } from '../../../src/main/core/runs/runScheduler';
import { silentLogger } from '../../../src/main/core/log';
import { fakeSession, runOf, T0, tweet } from '../../support/runPieces';

/** A writer whose items the test answers one by one. */
function heldWriter() {
  const held: { index: number; answer(outcome: ItemOutcome): void }[] = [];
  return {
    held,
    handle: (_run: Run, index: number) =>
      new Promise<ItemOutcome>((resolve) => held.push({ index, answer: resolve })),
    /** Answers the oldest held item. */
    async next(outcome: ItemOutcome = ok) {
      held.shift()!.answer(outcome);
      await settle();
    },
  };
}

const ok: ItemOutcome = { kind: 'result', result: { outcome: 'ok', reason: null, before: null } };
const failed: ItemOutcome = {
  kind: 'result',
  result: { outcome: 'failed', reason: 'it broke', before: null },
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(count = 5, concurrency = 2) {
  const writer = heldWriter();
  const connection = { state: 'reachable' as 'reachable' | 'unreachable' };
  const timers: (() => void)[] = [];
  const pauses: number[] = [];
  const session = fakeSession();
  const saved: string[] = [];
  const told: string[] = [];
  const scheduler = new RunScheduler({
    writer,
    store: { save: async (run) => void saved.push(run.status) },
    events: { changed: (run, now) => void (now && told.push(run.status)) },
    session,
    concurrency,
    halt: { halted: false },
    log: silentLogger,
    now: () => T0,
    connection,
    setTimer: (go, ms) => {
      timers.push(go);
      pauses.push(ms);
    },
  });
  const run = runOf(
    Array.from({ length: count }, (_, i) => tweet(i + 1)),
    'ready',
  );
  return { writer, session, saved, told, scheduler, run, connection, timers, pauses };
}

describe('the run scheduler', () => {
  it('waits for the provider when it stops answering, and goes on once it answers again', async () => {
    const { writer, scheduler, run, connection, timers } = setUp(3, 1);
    await scheduler.start(run);
    // The first item got no answer while the model still calls the provider reachable: the run
    // waits, and tries again after a pause.
    await writer.next({ kind: 'waitForProvider' });
    expect(run.status).toBe('waitingForProvider');
    expect(writer.held).toEqual([]);
    expect(run.queue).toEqual([0, 1, 2]);
    connection.state = 'unreachable';
    timers.shift()!();
    await settle();
    // Unreachable by now: nothing is sent.
    expect(run.status).toBe('waitingForProvider');
    expect(writer.held).toEqual([]);
    connection.state = 'reachable';
    scheduler.providerBack([run]);
    await settle();
    expect(run.status).toBe('running');
    while (writer.held.length) await writer.next();
    expect(run.status).toBe('done');
    expect(run.results.size).toBe(3);
  });

  it('keeps one retry per waiting run, its pause doubling while the provider stays silent', async () => {
    const { writer, scheduler, run, timers, pauses } = setUp(2, 1);
    await scheduler.start(run);
    await writer.next({ kind: 'waitForProvider' });
    expect(timers).toHaveLength(1);
    // The connection model brings it back meanwhile; silent again: still one retry pending.
    scheduler.providerBack([run]);
    await settle();
    await writer.next({ kind: 'waitForProvider' });
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await settle();
    await writer.next({ kind: 'waitForProvider' });
    expect(timers).toHaveLength(1);
    expect(run.status).toBe('waitingForProvider');
    expect(pauses).toEqual([2_000, 4_000]);
  });

  it('can be paused and resumed while it waits for the provider', async () => {
    const { writer, scheduler, run } = setUp(2, 1);
    await scheduler.start(run);
    await writer.next({ kind: 'waitForProvider' });
    await scheduler.pause(run);
    expect(run.status).toBe('paused');
    await scheduler.resume(run);
    expect(run.status).toBe('running');
    expect(writer.held.map((h) => h.index)).toEqual([0]);
  });

  it('keeps to the bound on items in flight, in the order of the queue, and finishes the run', async () => {
    const { writer, scheduler, run, saved } = setUp(5, 2);
    await scheduler.start(run);
    expect(run.status).toBe('running');
    expect(writer.held.map((h) => h.index)).toEqual([0, 1]);
    expect(run.inFlight).toBe(2);
    await writer.next();
    expect(writer.held.map((h) => h.index)).toEqual([1, 2]);
    while (writer.held.length) await writer.next();
    expect(run.results.size).toBe(5);
    expect(run.status).toBe('done');
    expect(run.finishedAt).toBe(new Date(T0).toISOString());
    expect(saved).toEqual(['running', 'done']);
  });

  it('refuses to start a run whose items are not read, and to pause one not under way', async () => {
    const { scheduler, run } = setUp();
    run.status = 'preparing';
    await expect(scheduler.start(run)).rejects.toMatchObject({ status: 409, code: 'RUN_STATE' });
    await expect(scheduler.pause(run)).rejects.toThrow('Only a run under way can be paused.');
  });

  it('takes no item while paused and goes on after resume', async () => {
    const { writer, scheduler, run } = setUp(4, 1);
    await scheduler.start(run);
    await scheduler.pause(run);
    await writer.next();
    expect(writer.held).toEqual([]);
    expect(run.queue).toEqual([1, 2, 3]);
    await scheduler.resume(run);
    expect(run.status).toBe('running');
    expect(writer.held.map((h) => h.index)).toEqual([1]);
  });

  it('cancel answers once the items in flight are back, and sends nothing after', async () => {
    const { writer, scheduler, run } = setUp(5, 2);
    await scheduler.start(run);
    let cancelled = false;
    const cancelling = scheduler.cancel(run).then(() => (cancelled = true));
    await settle();
    expect(cancelled).toBe(false);
    await writer.next();
    await writer.next();
    await cancelling;
    expect(run.status).toBe('cancelled');
    expect(run.results.size).toBe(2);
    expect(writer.held).toEqual([]);
  });

  it("waits for the session with the item put back, and goes on when the run's user signs in", async () => {
    const { writer, scheduler, run, session } = setUp(2, 1);
    await scheduler.start(run);
    session.state.username = null;
    await writer.next({ kind: 'waitForSession' });
    expect(run.status).toBe('waitingForSession');
    expect(run.queue).toEqual([0, 1]);
    session.state.username = 'reviewer2';
    scheduler.signedIn([run]);
    expect(run.status).toBe('waitingForSession');
    session.state.username = 'reviewer1';
    scheduler.signedIn([run]);
    await settle();
    expect(run.status).toBe('running');
    expect(writer.held.map((h) => h.index)).toEqual([0]);
  });

  it('retries only the failed items of an ended run', async () => {
    const { writer, scheduler, run } = setUp(3, 3);
    await scheduler.start(run);
    await writer.next(ok);
    await writer.next(failed);
    await writer.next(ok);
    expect(run.status).toBe('done');
    await scheduler.retryFailed(run);
    expect(writer.held.map((h) => h.index)).toEqual([1]);
    await writer.next(ok);
    expect(run.status).toBe('done');
    await expect(scheduler.retryFailed(run)).rejects.toThrow('This run has no failed items.');
  });
});
