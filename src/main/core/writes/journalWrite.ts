import {
  callOfChannel,
  isCheckedChannel,
  isUndoableChannel,
  type BridgeChannel,
} from '../../../shared/bridge';
import { journalFieldsOf, reviewTarget, type ShownRecord } from '../../../shared/journal';
import type { DecisionResult, ShownItem } from '../../../shared/runs';
import { writingAs } from '../api/signedInName';
import { sessionFieldsOf, type SessionValues } from '../api/sendCall';
import type { CallContext } from '../bridge/callContext';
import type { SentDecision } from '../runs/decisions';
import type { ConflictCheck } from './conflictCheck';
import type { Outbox } from '../outbox/outbox';
import { isWaitingAnswer } from '../../../shared/outbox';
import { APPLIED_ANYWAY } from '../../../shared/conflict';
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
 * Sends the call's fields (its payload less what only core reads) with the reviewer `user` gives,
 * and `headers` beside the call's own; tells `onStatus` the status.
 */
type Sender = (
  fields: Record<string, unknown>,
  user: SessionValues,
  onStatus: (status: number) => void,
  headers?: Record<string, string>,
) => Promise<unknown>;

export interface JournalWriteDeps {
  journals: UserJournals;
  /** Offers the undo of a card's decision once it landed (runs/decisions.ts). */
  decisions: { offer(username: string, sent: SentDecision): DecisionResult };
  /** Sends a card's decision only if the item is still as the card showed it. */
  conflicts: Pick<ConflictCheck, 'send'>;
  /** Keeps a card's decision that gets no answer, to send once the provider answers (issue 50). */
  outbox: Pick<Outbox, 'decide'>;
}

/**
 * The one wrapper of a provider channel's writes: it journals what is sent (when, which call, the
 * target, a summary, and the outcome: the answer's status, or the failure's), whatever screen
 * sends it. A read is passed through untouched. The journal entry is written after the answer,
 * before the page hears of it (journalled.ts); a journal that fails never fails the write
 * (UserJournals.record).
 *
 * A channel declared undoable or checked (src/shared/bridge.ts) whose payload names what the card
 * showed is a card's decision. It is sent only if the item is still so (conflictCheck.ts: nothing
 * is written, or journalled, on a change), unless the payload says Apply mine (`applyAnyway`): the
 * reviewer saw the change and sends anyway, journalled as such. It is journalled with that state
 * before and the card's item as target; an undoable one is answered with its undo
 * (runs/decisions.ts) instead of the call's answer. It needs the signed-in user before anything is
 * sent, since its undo is kept for that user.
 */
export function journalWrite(
  channel: BridgeChannel,
  send: Sender,
  deps: JournalWriteDeps,
): Handler {
  if (!isWriteChannel(channel))
    return (payload, context) => {
      // A read sent as POST (the keyword impact, a claim) carries nothing of the journal's.
      const { shownRecord: _shown, runId: _run, ...fields } = payload as Record<string, unknown>;
      return send(fields, context.user, () => undefined);
    };
  const checked = isCheckedChannel(channel);
  const undoable = isUndoableChannel(channel);
  return async (payload, context) => {
    // `runId` is core's own (a bulk run on a reference list, workbench/recordRuns.ts): a payload
    // from the page never carries it, its schema drops what its call does not declare.
    // `shownRecord` is the reference record as its screen showed it (issue 49): the journal keeps
    // it as the state before and names the write by its target.
    const { shown, applyAnyway, runId, shownRecord, ...fields } = payload as Record<
      string,
      unknown
    > & {
      shown?: ShownItem;
      applyAnyway?: true;
      runId?: unknown;
      shownRecord?: ShownRecord;
    };
    const decision = checked && shown !== undefined ? shown : null;
    const mine = decision !== null && applyAnyway === true;
    const username = decision ? context.user() : context.userOrNull();
    const told = entryOf(channel, fields, decision, mine);
    const entry: WriteEntry = {
      ...told,
      ...(!decision && shownRecord
        ? { target: shownRecord.target, before: shownRecord.fields ?? null }
        : {}),
      body: journalFieldsOf(fields),
      runId: typeof runId === 'string' ? runId : null,
    };
    // The write names the user whose journal it goes to, even if the session changes meanwhile.
    const user = username === null ? context.user : writingAs(context.user, username);
    const answer = await journalled(deps.journals, username, entry, (onStatus) => {
      if (!decision || username === null) return send(fields, user, onStatus);
      // A payload naming someone else is refused before the check reads anything (or the outbox
      // keeps it).
      sessionFieldsOf(callOfChannel(channel, filterTypeOf(fields))!, fields, user);
      const first = () =>
        mine
          ? send(fields, user, onStatus)
          : deps.conflicts.send(filterTypeOf(fields), decision, user, (headers) =>
              send(fields, user, onStatus, headers),
            );
      // Kept before it is sent; answered as waiting when it gets no answer (outbox.ts).
      return deps.outbox.decide(
        {
          username,
          channel,
          filterType: filterTypeOf(fields),
          fields,
          shown: decision,
          applyAnyway: mine,
          entry,
        },
        first,
      );
    });
    if (isWaitingAnswer(answer)) return answer;
    if (!undoable || !decision || username === null) return answer;
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
  appliedAnyway: boolean,
): WriteEntry {
  const summary = summaryOf(fields);
  return {
    channel,
    call: callText(channel, fields),
    area: areaOf(channel),
    target: shown ? reviewTarget(filterTypeOf(fields), shown.id) : targetOf(channel, fields),
    summary: appliedAnyway ? `${APPLIED_ANYWAY}: ${summary}` : summary,
    before: shown ? { selected: shown.selected, reviewedBy: shown.reviewedBy } : null,
    runId: null,
  };
}
