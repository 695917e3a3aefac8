import type { ReviewItem } from '../../../shared/api/records';
import type { DecisionResult } from '../../../shared/runs';
import { invoke } from '../../bridge/bridge';
import {
  changeRequest,
  type ChangeRequest,
  type KeywordFormValues,
  type ReviewChange,
} from './reviewChange';

/** What a card showed of its item: core sends the decision only if the item is still so. */
export function shownOf(item: ReviewItem) {
  if (item.id === undefined) throw new Error('this item has no data id');
  return {
    id: item.id,
    selected: item.selected ?? null,
    reviewedBy: item.reviewedBy ?? null,
    // Our server's version (conditional-writes): the decision is one write with If-Match.
    ...(item.version === undefined ? {} : { version: item.version }),
  };
}

/**
 * Apply mine (ConflictPanel.tsx): the reviewer saw what changed and sends anyway; `current` is the
 * item as the conflict found it, the state the decision is then made over.
 */
export interface ApplyMine {
  current: ReviewItem;
}

/**
 * What a card's decision sends: the declared call's payload (changeRequest) with what the card
 * showed of the item (`shown`), which core checks the item against before it writes, journals as
 * the state before and undo restores (src/shared/bridge.ts: the review writes are declared
 * undoable). Apply mine names the item as the conflict found it, and says so (`applyAnyway`).
 */
export function decideRequest(
  item: ReviewItem,
  change: ReviewChange,
  values: KeywordFormValues,
  applyMine?: ApplyMine,
): ChangeRequest {
  const shown = shownOf(applyMine ? { ...applyMine.current, id: item.id } : item);
  const more = applyMine ? { shown, applyAnyway: true as const } : { shown };
  const request = changeRequest(item, change, values);
  // A branch per channel, so that each payload is checked against its own declaration.
  return request.channel === 'review.manualChange'
    ? { channel: request.channel, payload: { ...request.payload, ...more } }
    : { channel: request.channel, payload: { ...request.payload, ...more } };
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
