import type { NewJournalEntry } from '../../../shared/journal';
import { isWaitingAnswer } from '../../../shared/outbox';
import { NAMES_ANOTHER_USER } from '../api/signedInName';
import { CONFLICT_CODE } from '../../../shared/conflict';
import { toBridgeError } from '../bridgeFailure';
import { RECHECK_FAILED, STILL_CHANGING } from './conflictCheck';
import type { UserJournals } from './userJournals';

/**
 * The refusals of a write that wrote nothing: it never left core, or it was a card's decision on
 * an item changed since (CONFLICT: refused by its check, conflictCheck.ts, even when that check
 * was a conditional write the server refused), or one whose item could not be read to check it.
 */
const NOT_SENT = new Set([
  'SESSION_ENDED',
  NAMES_ANOTHER_USER,
  CONFLICT_CODE,
  STILL_CHANGING,
  RECHECK_FAILED,
]);

/** What a write's entry says before its outcome is known. */
export type WriteEntry = Omit<NewJournalEntry, 'at' | 'outcome' | 'status' | 'message'>;

/**
 * Sends one write and journals its outcome: ok with the answer's status, or failed with the
 * failure's status (null when there was no answer) and message; the failure is then thrown on. A
 * call refused before it left (not signed in, or naming someone else as its reviewer) was not a
 * write and is not journalled. The one way a single write is journalled: a screen's call
 * (journalWrite.ts), a card's decision and its undo.
 */
export async function journalled<T>(
  journals: UserJournals,
  username: string | null,
  entry: WriteEntry,
  send: (onStatus: (status: number) => void) => Promise<T>,
): Promise<T> {
  const record = (outcome: 'ok' | 'failed', status: number | null, message: string | null) =>
    username
      ? journals.record(username, {
          ...entry,
          at: new Date().toISOString(),
          outcome,
          status,
          message,
        })
      : Promise.resolve(null);
  let status = 200;
  try {
    const answer = await send((answered) => (status = answered));
    // Kept in the outbox without an answer: journalled once its outcome is known (outbox.ts).
    if (isWaitingAnswer(answer)) return answer;
    await record('ok', status, null);
    return answer;
  } catch (error) {
    const failure = toBridgeError(error);
    if (!NOT_SENT.has(failure.code))
      await record('failed', failure.status || null, failure.message);
    throw error;
  }
}
