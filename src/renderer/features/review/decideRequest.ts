import type { ReviewItem } from '../../../shared/api/records';
import type { DecisionResult } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import {
  changeRequest,
  type ChangeRequest,
  type KeywordFormValues,
  type ReviewChange,
} from './reviewChange';

/**
 * What a card's decision sends: the declared call's payload (changeRequest) with what the card
 * showed of the item (`shown`), which core journals as the state before and undo restores
 * (src/shared/bridge.ts: the review writes are declared undoable).
 */
export function decideRequest(
  item: ReviewItem,
  change: ReviewChange,
  values: KeywordFormValues,
): ChangeRequest {
  if (item.id === undefined) throw new Error('this item has no data id');
  const shown = {
    id: item.id,
    selected: item.selected ?? null,
    reviewedBy: item.reviewedBy ?? null,
  };
  const request = changeRequest(item, change, values);
  // A branch per channel, so that each payload is checked against its own declaration.
  return request.channel === 'review.manualChange'
    ? { channel: request.channel, payload: { ...request.payload, shown } }
    : { channel: request.channel, payload: { ...request.payload, shown } };
}

/** Sends a decision; core answers one that names its card with its undo (or none). */
export async function sendDecision(request: ChangeRequest): Promise<DecisionResult> {
  const answer =
    request.channel === 'review.manualChange'
      ? await invoke(request.channel, request.payload)
      : await invoke(request.channel, request.payload);
  return answer ?? { undoId: null, cannotUndo: null };
}

/** What a decision did, for its undo notice: 'Eliminated tweet 123'. */
export const DECIDED: Record<ReviewChange, string> = {
  'manually-select': 'Selected',
  'manually-eliminate': 'Eliminated',
  'add-eliminated-keyword': 'Eliminated',
  'add-keyword': 'Added a keyword to',
};
