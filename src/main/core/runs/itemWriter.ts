import type { ReviewItem } from '../../../shared/api/records';
import type { SessionView } from '../../../shared/auth';
import { reviewTarget, type JournalEntry } from '../../../shared/journal';
import type { ClaimView } from '../../../shared/responses/claims';
import { heldReason } from '../../../shared/runs';
import { toBridgeError } from '../bridgeFailure';
import { isNoAnswer } from '../outbox/noAnswer';
import type { UserJournals } from '../writes/userJournals';
import type { ReviewCalls } from './reviewCalls';
import { beforeOf, differences, keyOf, stateOf, type ItemState } from './reviewItemState';
import { isoAt, sessionIsFor, type Clock, type Halt, type ItemResult, type Run } from './run';

/** What handling one item came to, for the scheduler to act on. */
export type ItemOutcome =
  /** The item's result (written, left with a reason, or failed), already journalled if written. */
  | { kind: 'result'; result: ItemResult }
  /** The run's user is not signed in: the item goes back to the queue until they are. */
  | { kind: 'waitForSession' }
  /** The run was paused while the item was read: it goes back to the queue, nothing written. */
  | { kind: 'requeue' }
  /**
   * The provider did not answer (issue 50): the item goes back to the queue and the run waits for
   * the provider. A write whose answer was lost is read again then, and not sent twice.
   */
  | { kind: 'waitForProvider' }
  /** Halted, or the run is stopping: nothing more is recorded. */
  | { kind: 'dropped' };

export interface ItemWriterDeps {
  calls: ReviewCalls;
  journals: Pick<UserJournals, 'record'>;
  session: { view(): SessionView };
  halt: Halt;
  now: Clock;
}

/**
 * One item of a run: read again (find by id), left with the reason when someone changed it since
 * the snapshot (or it already is as the run leaves it), otherwise written and journalled with the
 * state before (DESIGN.md, "Nothing lost, nothing twice": a re-read before each write).
 */
export class ItemWriter {
  constructor(private readonly deps: ItemWriterDeps) {}

  async handle(run: Run, index: number): Promise<ItemOutcome> {
    // A write refused because the item moved on between the re-read and the write (conditional
    // writes) is read and weighed again, a few times at most.
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.#attempt(run, index, attempt === STALE_ATTEMPTS);
      if (outcome !== 'stale') return outcome;
    }
  }

  /** One re-read and write; 'stale' when the write was refused for a version it no longer had. */
  async #attempt(run: Run, index: number, last: boolean): Promise<ItemOutcome | 'stale'> {
    const { calls, halt } = this.deps;
    const item = run.items[index]!;
    if (!sessionIsFor(this.deps.session, run)) return { kind: 'waitForSession' };
    let now: ReviewItem;
    try {
      now = await calls.findById(run.filterType, item.id);
    } catch (error) {
      if (halt.halted) return { kind: 'dropped' };
      if (this.#sessionGone(error, run)) return { kind: 'waitForSession' };
      if (isNoAnswer(toBridgeError(error))) return { kind: 'waitForProvider' };
      // Nothing was written: a failed read is the item's result, not a journal entry.
      const reason = `could not be read again: ${toBridgeError(error).message}`;
      return { kind: 'result', result: { outcome: 'failed', reason, before: null } };
    }
    const stopped = this.#stopped(run);
    if (stopped) return stopped;
    const state = stateOf(now);
    const reason = reasonToLeave(run, item.expect, state);
    const described = calls.describe(run.filterType, run.write, item.id);
    const journal = (
      outcome: JournalEntry['outcome'],
      status: number | null,
      message: string | null,
    ) => this.#journal(run, item.id, described, state, outcome, status, message);
    if (reason !== null) {
      await journal('skipped', null, reason);
      return { kind: 'result', result: { outcome: 'skipped', reason, before: state } };
    }
    // An item another reviewer holds in their queue (the claims extension) is theirs to decide:
    // the run leaves it, and says how many it left so.
    let held: ClaimView | null;
    try {
      held = await calls.heldByOther(run.filterType, item.id, run.username);
    } catch (error) {
      if (halt.halted) return { kind: 'dropped' };
      if (this.#sessionGone(error, run)) return { kind: 'waitForSession' };
      if (isNoAnswer(toBridgeError(error))) return { kind: 'waitForProvider' };
      const failed = `could not ask who holds it: ${toBridgeError(error).message}`;
      return { kind: 'result', result: { outcome: 'failed', reason: failed, before: null } };
    }
    const stoppedMeanwhile = this.#stopped(run);
    if (stoppedMeanwhile) return stoppedMeanwhile;
    if (held) {
      const left = heldReason(held.holder, held.remainingSeconds);
      await journal('skipped', null, left);
      return { kind: 'result', result: { outcome: 'skipped', reason: left, before: state } };
    }
    let status: number;
    try {
      status = await calls.write(
        run.filterType,
        run.write,
        item.id,
        keyOf(run.filterType, now),
        run.username,
        run.id,
        // The version read just now: a server with conditional writes refuses the write if anyone
        // wrote the item in between, which a re-read alone cannot see.
        now.version,
      );
    } catch (error) {
      if (halt.halted) return { kind: 'dropped' };
      if (this.#sessionGone(error, run)) return { kind: 'waitForSession' };
      const failure = toBridgeError(error);
      if (failure.status === 412 && !last) return 'stale';
      if (isNoAnswer(failure)) return { kind: 'waitForProvider' };
      await journal('failed', failure.status, failure.message);
      return {
        kind: 'result',
        result: { outcome: 'failed', reason: failure.message, before: state },
      };
    }
    // A crash here loses this entry only; the item then reads as already written (reasonToLeave).
    if (halt.halted) return { kind: 'dropped' };
    await journal('ok', status, null);
    return { kind: 'result', result: { outcome: 'ok', reason: null, before: state } };
  }

  /** After a read: nothing more for a halted or stopping run; a paused one takes the item back. */
  #stopped(run: Run): ItemOutcome | null {
    if (this.deps.halt.halted || run.status === 'cancelled' || run.stopping)
      return { kind: 'dropped' };
    return run.status === 'running' ? null : { kind: 'requeue' };
  }

  /** A refusal because the run's user is no longer signed in, rather than the item's failure. */
  #sessionGone(error: unknown, run: Run): boolean {
    const failure = toBridgeError(error);
    if (failure.code === 'SESSION_ENDED') return true;
    return (
      (failure.status === 401 || failure.status === 403) && !sessionIsFor(this.deps.session, run)
    );
  }

  async #journal(
    run: Run,
    id: number,
    described: { channel: string; call: string },
    before: ItemState,
    outcome: JournalEntry['outcome'],
    status: number | null,
    message: string | null,
  ): Promise<void> {
    await this.deps.journals.record(run.username, {
      at: isoAt(this.deps.now),
      channel: described.channel,
      call: described.call,
      area: 'review',
      target: reviewTarget(run.filterType, id),
      summary: run.kind === 'undo' ? `${run.write} (undo of a run)` : run.write,
      before: beforeOf(before),
      outcome,
      status,
      message,
      runId: run.id,
    });
  }
}

/** Re-reads and writes of one item before a write refused as stale each time is its failure. */
const STALE_ATTEMPTS = 3;

/** Why this item is left as it is, or null to write it. */
export function reasonToLeave(run: Run, expected: ItemState, now: ItemState): string | null {
  const changed = differences(expected, now);
  if (changed !== null) {
    if (holdsTarget(run, now))
      return `already as this run leaves it (${changed}): not written again`;
    return run.kind === 'undo'
      ? `changed since the run: ${changed}`
      : `changed since the snapshot: ${changed}`;
  }
  if (run.write === 'reviewed' && now.reviewedBy !== null)
    return `already reviewed by ${now.reviewedBy}`;
  return null;
}

/** The item already is as the run leaves it (a write that landed before a crash, or someone's). */
function holdsTarget(run: Run, now: ItemState): boolean {
  if (run.write === 'reviewed') return now.reviewedBy === run.username;
  return now.selected === (run.write === 'manually-select') && now.manuallyChanged !== false;
}
