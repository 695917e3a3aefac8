import { z } from 'zod';
import { dataIdParams, filterTypeSchema, type FilterType } from './bodies/review';
import { insightFilterBodySchema } from './bodies/reviewFilter';
import { REVIEW_PAGE_SIZE } from './constants';

/**
 * Cards that stay true while others work (DESIGN.md, Several people at once): the page tells core
 * which items it shows and as what, core follows them (our server's item-events stream where it is
 * offered, else a bounded poll of what is on screen while the window is in use: core/live/), and
 * tells the page what changed elsewhere, which it shows in place.
 */

/** The most cards one watch names: a page is REVIEW_PAGE_SIZE; some room for a longer one. */
export const MAX_WATCHED_ITEMS = REVIEW_PAGE_SIZE * 5;

/** One card as the page shows it: the fields a change elsewhere can touch. null: not sent. */
export const watchedItemSchema = z.object({
  id: dataIdParams.shape.id,
  selected: z.boolean().nullable(),
  manuallyChanged: z.boolean().nullable(),
  reviewedBy: z.string().max(200).nullable(),
  eliminatedKeyword: z.string().max(1000).nullable(),
});
export type WatchedItem = z.output<typeof watchedItemSchema>;

/** live.watch: what the Review page shows now, and whether its window is in use. */
export const liveWatchPayloadSchema = z.object({
  filterType: filterTypeSchema,
  /**
   * The page's filter as review.list sent it (its startIndex is the page), which a poll reads the
   * page again with; null when the page is a data-id search (its one item is found by id).
   */
  filter: insightFilterBodySchema.nullable(),
  /** The cards on screen; none when the page shows none or is left. */
  items: z.array(watchedItemSchema).max(MAX_WATCHED_ITEMS),
  /** The window is visible and focused: only then does a poll ask the provider anything. */
  inUse: z.boolean(),
});
export type LiveWatchPayload = z.input<typeof liveWatchPayloadSchema>;

/**
 * What changed on one card, as core learnt it: each field given is the item's new value (absent:
 * not known, left as shown); reviewedBy and eliminatedKeyword null when the item has none.
 */
export interface ItemChange {
  id: number;
  fields: {
    selected?: boolean;
    manuallyChanged?: boolean;
    reviewedBy: string | null;
    eliminatedKeyword: string | null;
    nlpDecisionRatio?: number;
  };
  /** Who changed it: the server's record of the write, or the new reviewer a poll read; null if unknown. */
  by: string | null;
  /** When: the server's time of the write, or when a poll noticed it (ISO). */
  at: string;
  /** The change is the signed-in user's own (another console of theirs, or this one's write). */
  mine: boolean;
}

/** The bridge event core sends when items on screen changed elsewhere. */
export interface ItemsChangedEvent {
  type: 'review.itemsChanged';
  filterType: FilterType;
  changes: ItemChange[];
}
