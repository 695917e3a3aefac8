import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import type { DecidePayload, DecisionChange } from '../../../shared/runs';
import { changeRequest, type KeywordFormValues } from './reviewChange';

/**
 * What review.decide sends for a card's decision: the declared call's body (changeRequest) as
 * `fields`, less what the payload names itself (filterType, and the case, which is `change`), with
 * what the card knew of the item, which core journals as the state before and undo restores.
 */
export function decideRequest(
  item: ReviewItem,
  filterType: FilterType,
  change: DecisionChange,
  values: KeywordFormValues,
): DecidePayload & { id: number; change: DecisionChange } {
  if (item.id === undefined) throw new Error('this item has no data id');
  const request = changeRequest(item, change, values);
  const fields = Object.fromEntries(
    Object.entries(request.payload).filter(([key]) => key !== 'filterType' && key !== 'case'),
  );
  return {
    filterType,
    id: item.id,
    change: request.channel === 'review.manualChange' ? request.payload.case : change,
    before: { selected: item.selected ?? null, reviewedBy: item.reviewedBy ?? null },
    fields,
  };
}

/** What a decision did, for its undo notice: 'Eliminated tweet 123'. */
export const DECIDED: Record<DecisionChange, string> = {
  'manually-select': 'Selected',
  'manually-eliminate': 'Eliminated',
  'add-eliminated-keyword': 'Eliminated',
  'add-keyword': 'Added a keyword to',
};
