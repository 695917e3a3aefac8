import type { ReviewItem } from '../../../shared/api/records';
import { MAX_CHOSEN } from '../../../shared/runs';
import { cardState } from './reviewLogic';

/** Where the last toggle happened: the start of the next shift+x range. */
export interface ChoiceAnchor {
  page: number;
  index: number;
}

/**
 * Only a card with actions can be chosen: items eliminated by similarity or by quoted post have
 * none (SPEC.md 4), and an item without a data id cannot be named to core.
 */
export function choosable(item: ReviewItem): item is ReviewItem & { id: number } {
  const state = cardState(item);
  return item.id !== undefined && (state === 'selected' || state === 'notSelected');
}

/**
 * The positions on this page between the anchor and the focused card, inclusive. An anchor on an
 * earlier page makes the range start at the top of this one, on a later page end at its bottom:
 * the part of a range spanning pages that this page holds.
 */
export function rangeOnPage(
  anchor: ChoiceAnchor | null,
  page: number,
  focused: number,
  count: number,
): [number, number] {
  if (!anchor) return [focused, focused];
  if (anchor.page < page) return [0, focused];
  if (anchor.page > page) return [focused, count - 1];
  return [Math.min(anchor.index, focused), Math.max(anchor.index, focused)];
}

/** The choice with `ids` added in order, as many as fit under MAX_CHOSEN. */
export function addChosen(
  chosen: readonly number[],
  ids: readonly number[],
  max = MAX_CHOSEN,
): { ids: readonly number[]; full: boolean } {
  const next = [...chosen];
  const present = new Set(chosen);
  for (const id of ids) {
    if (present.has(id)) continue;
    if (next.length >= max) return { ids: next, full: true };
    next.push(id);
    present.add(id);
  }
  return { ids: next, full: false };
}

/** The choice with `id` removed if it was chosen, added otherwise (when there is room). */
export function toggleChosen(
  chosen: readonly number[],
  id: number,
  max = MAX_CHOSEN,
): { ids: readonly number[]; full: boolean } {
  return chosen.includes(id)
    ? { ids: chosen.filter((c) => c !== id), full: false }
    : addChosen(chosen, [id], max);
}
