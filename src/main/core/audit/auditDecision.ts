import type { Envelope, PayloadOf } from '../../../shared/bridge';
import { CONFLICT_CODE } from '../../../shared/conflict';
import type { AuditDecision } from '../../../shared/quality/auditChannels';
import type { DecisionResult } from '../../../shared/runs';
import { BridgeFailure } from '../bridgeFailure';
import type { SampleItem } from './sampleItem';

/**
 * Sends a card's decision the way the Review page does: review.manualChange through core's own
 * dispatcher, so the payload is checked against its declaration, the item against what the card
 * showed (the conflict check), and the write journalled and offered for undo, as any card's.
 */
export type DecidePort = (payload: PayloadOf<'review.manualChange'>) => Promise<Envelope<unknown>>;

/**
 * The item an answer's decision names: a drawn item of the user's own sample, or a team card's
 * item as core read it when serving the card (teamAudit.ts), whose decision then may be unknown.
 */
export type DecisionItem = Pick<SampleItem, 'itemId' | 'reviewedBy' | 'version' | 'key'> & {
  classifierKept: boolean | null;
};

/**
 * The decision an audit answer makes: Keep is SPEC.md 7's manually-select, Eliminate its
 * manually-eliminate, with no keyword, naming the item as it was drawn: its decision then (the
 * classifier's) and its reviewer, which the conflict check compares with the item now.
 */
export function decisionPayload(
  item: DecisionItem,
  keep: boolean,
): PayloadOf<'review.manualChange'> {
  const shown = {
    id: item.itemId,
    selected: item.classifierKept,
    reviewedBy: item.reviewedBy,
    ...(item.version === null ? {} : { version: item.version }),
  };
  const change = keep ? ('manually-select' as const) : ('manually-eliminate' as const);
  if ('tweetId' in item.key)
    return {
      filterType: 'tweets',
      case: change,
      tweetId: item.key.tweetId,
      twitterUserName: item.key.twitterUserName,
      keyword: null,
      keywordType: null,
      unwantedUsage: null,
      shown,
    };
  return {
    filterType: 'news',
    case: change,
    newsId: item.key.newsId,
    website: item.key.website,
    accountName: item.key.accountName,
    keyword: null,
    newsKeywordType: null,
    unwantedUsage: null,
    shown,
  };
}

/**
 * Sends the answer's decision. Landed: its undo as a card's decision has it. Refused because the
 * item changed since it was drawn: not sent, with the conflict (the answer still judges the
 * classifier's decision at sampling). Any other failure is thrown with its status, code and
 * message only (nothing of the item), and the answer is not counted, so it can be given again.
 */
export async function sendAuditDecision(
  decide: DecidePort,
  item: DecisionItem,
  keep: boolean,
): Promise<AuditDecision> {
  const outcome = await decide(decisionPayload(item, keep));
  if (outcome.ok) {
    const landed = (outcome.data ?? null) as DecisionResult | null;
    return {
      sent: true,
      undoId: landed?.undoId ?? null,
      cannotUndo: landed?.cannotUndo ?? null,
      conflict: null,
    };
  }
  const { status, code, message, conflict } = outcome.error;
  if (code === CONFLICT_CODE && conflict)
    return { sent: false, undoId: null, cannotUndo: null, conflict };
  throw new BridgeFailure(status, code, message);
}
