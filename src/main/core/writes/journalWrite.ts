import { isUndoableChannel, type BridgeChannel } from '../../../shared/bridge';
import { reviewTarget } from '../../../shared/journal';
import type { DecisionResult, ShownItem } from '../../../shared/runs';
import { writingAs } from '../api/signedInName';
import type { SessionValues } from '../api/sendCall';
import type { CallContext } from '../bridge/callContext';
import type { SentDecision } from '../runs/decisions';
import { journalled, type WriteEntry } from './journalled';
import type { UserJournals } from './userJournals';
import {
  areaOf,
  callText,
  filterTypeOf,
  isWriteChannel,
  summaryOf,
  targetOf,
} from './writeChannels';

type Handler = (payload: unknown, context: CallContext) => Promise<unknown>;
/**
 * Sends the call's fields (its payload less what only core reads) with the reviewer `user` gives;
 * tells `onStatus` the status.
 */
type Sender = (
  fields: Record<string, unknown>,
  user: SessionValues,
  onStatus: (status: number) => void,
) => Promise<unknown>;

export interface JournalWriteDeps {
  journals: UserJournals;
  /** Offers the undo of a card's decision once it landed (runs/decisions.ts). */
  decisions: { offer(username: string, sent: SentDecision): DecisionResult };
}

/**
 * The one wrapper of a provider channel's writes: it journals what is sent (when, which call, the
 * target, a summary, and the outcome: the answer's status, or the failure's), whatever screen
 * sends it. A read is passed through untouched. The journal entry is written after the answer,
 * before the page hears of it (journalled.ts); a journal that fails never fails the write
 * (UserJournals.record).
 *
 * A channel declared undoable (src/shared/bridge.ts) whose payload names what the card showed is a
 * card's decision: journalled with that state before and the card's item as target, and answered
 * with its undo (runs/decisions.ts) instead of the call's answer. It needs the signed-in user
 * before anything is sent, since its undo is kept for that user.
 */
export function journalWrite(
  channel: BridgeChannel,
  send: Sender,
  deps: JournalWriteDeps,
): Handler {
  if (!isWriteChannel(channel))
    return (payload, context) =>
      send(payload as Record<string, unknown>, context.user, () => undefined);
  const undoable = isUndoableChannel(channel);
  return async (payload, context) => {
    const { shown, ...fields } = payload as Record<string, unknown> & { shown?: ShownItem };
    const decision = undoable && shown !== undefined ? shown : null;
    const username = decision ? context.user() : context.userOrNull();
    const entry = entryOf(channel, fields, decision);
    // The write names the user whose journal it goes to, even if the session changes meanwhile.
    const user = username === null ? context.user : writingAs(context.user, username);
    const answer = await journalled(deps.journals, username, entry, (onStatus) =>
      send(fields, user, onStatus),
    );
    if (!decision || username === null) return answer;
    return deps.decisions.offer(username, {
      channel,
      filterType: filterTypeOf(fields),
      fields,
      shown: decision,
    });
  };
}

/** What the journal says of a write before its outcome; a decision's with what the card showed. */
function entryOf(
  channel: BridgeChannel,
  fields: Record<string, unknown>,
  shown: ShownItem | null,
): WriteEntry {
  return {
    channel,
    call: callText(channel, fields),
    area: areaOf(channel),
    target: shown ? reviewTarget(filterTypeOf(fields), shown.id) : targetOf(channel, fields),
    summary: summaryOf(fields),
    before: shown ? { selected: shown.selected, reviewedBy: shown.reviewedBy } : null,
    runId: null,
  };
}
