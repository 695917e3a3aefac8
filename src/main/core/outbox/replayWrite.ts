import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { ifMatchOf } from '../../../shared/conflict';
import { toBridgeError } from '../bridgeFailure';
import { conflictMessage, conflictOf } from '../writes/conflictCheck';
import { landedIn } from './decisionLanding';
import { isNoAnswer } from './noAnswer';
import type { LiveWrite } from './outboxLog';

/** What sending one waiting write again came to. */
export type ReplayOutcome =
  /** On the server now: sent and answered, or (`lost`) found landed from an earlier send. */
  | { kind: 'landed'; status: number | null; lost: boolean }
  /** No answer again (to the read or to the write): it waits on. */
  | { kind: 'noAnswer' }
  /** Somebody changed the item since its card was drawn: nothing written, the reviewer chooses. */
  | { kind: 'conflict'; message: string }
  /** The provider answered with an error: nothing more is sent. */
  | { kind: 'refused'; status: number | null; message: string }
  /** Its user is no longer signed in: it waits for their next sign-in. */
  | { kind: 'sessionGone' }
  /** Core stopped (a quit) before the write left: nothing was sent. */
  | { kind: 'stopped' };

export interface ReplayDeps {
  findById(filterType: FilterType, id: number): Promise<ReviewItem>;
  /** Sends the write's call as its user, with these headers; resolves with the answer's status. */
  send(write: LiveWrite, headers?: Record<string, string>): Promise<number>;
  /** Whether the server offers conditional writes (If-Match on the version just read). */
  conditional(): Promise<boolean>;
  /**
   * Keeps, before the write is sent, that it may reach the provider (a crash then re-reads it);
   * false when core has stopped and nothing more may be sent.
   */
  markAttempt(): Promise<boolean>;
  now(): Date;
  /** Whether the write's own user is the one signed in now. */
  ownUserSignedIn(): boolean;
}

/** Reads and writes of one write refused as stale (412) each time before it counts as refused. */
const STALE_ATTEMPTS = 3;

/**
 * Sends one waiting write again, exactly once (issue 50): the item is read first; a write that may
 * have reached the provider before (its answer lost, or a kill while it was in flight) and whose
 * effect the item now shows is not sent again; an item changed by somebody else since the card
 * was drawn is a conflict, unless the reviewer chose Apply mine; otherwise it is sent, conditionally
 * on the version just read where the server offers that.
 */
export async function replayWrite(write: LiveWrite, deps: ReplayDeps): Promise<ReplayOutcome> {
  // Once a send of this replay is refused as stale (412), what the item shows is somebody else's:
  // the write did not land then, nor before (the check below would have found it).
  let mayHaveLanded = write.attempted;
  for (let attempt = 1; ; attempt += 1) {
    let now: ReviewItem;
    try {
      now = await deps.findById(write.filterType, write.shown.id);
    } catch (error) {
      return outcomeOfFailure(error, deps);
    }
    if (mayHaveLanded && landedIn(write, now) === true)
      return { kind: 'landed', status: null, lost: true };
    if (!write.applyAnyway) {
      const found = conflictOf(write.filterType, write.shown, now, deps.now());
      if (found) return { kind: 'conflict', message: conflictMessage(found) };
    }
    const version = now.version !== undefined && (await deps.conditional()) ? now.version : null;
    if (!(await deps.markAttempt())) return { kind: 'stopped' };
    try {
      const status = await deps.send(
        write,
        version === null ? undefined : { 'If-Match': ifMatchOf(version) },
      );
      return { kind: 'landed', status, lost: false };
    } catch (error) {
      // Written by somebody between the read and the write: read it again.
      if (toBridgeError(error).status === 412 && attempt < STALE_ATTEMPTS) {
        mayHaveLanded = false;
        continue;
      }
      return outcomeOfFailure(error, deps);
    }
  }
}

function outcomeOfFailure(
  error: unknown,
  deps: Pick<ReplayDeps, 'ownUserSignedIn'>,
): ReplayOutcome {
  const failure = toBridgeError(error);
  // A refusal for a session that ended (signed out meanwhile, or another user in) waits for its
  // user; the same user's refresh that got no answer (SESSION_ENDED, status 0) is no answer.
  const sessionRefusal =
    failure.code === 'SESSION_ENDED' || failure.status === 401 || failure.status === 403;
  if (sessionRefusal && !deps.ownUserSignedIn()) return { kind: 'sessionGone' };
  if (isNoAnswer(failure)) return { kind: 'noAnswer' };
  if (failure.code === 'SESSION_ENDED') return { kind: 'sessionGone' };
  return { kind: 'refused', status: failure.status || null, message: failure.message };
}
