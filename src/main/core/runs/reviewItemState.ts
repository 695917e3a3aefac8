import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';

/**
 * What a run compares to tell whether someone changed an item since it looked at it: the decision,
 * the reviewer and the manually-changed flag. A field the provider did not send is undefined and
 * is not compared (SPEC.md 3 lists no manually-changed field; our server sends one).
 */
export interface ItemState {
  selected?: boolean;
  /** null: not reviewed. */
  reviewedBy: string | null;
  manuallyChanged?: boolean;
}

/** The fields a manual change names the item by (SPEC.md 7): the provider's id and its source. */
export type ItemKey =
  | { tweetId: string; twitterUserName: string }
  | { newsId: string; website: string; accountName: string | null };

/** One item of a run's frozen input. */
export interface SnapshotItem {
  /** The data id (find by id, reviewed). */
  id: number;
  key: ItemKey;
  /** The state the run expects to find before it writes. */
  expect: ItemState;
}

export function stateOf(item: ReviewItem): ItemState {
  return {
    ...(item.selected === undefined ? {} : { selected: item.selected }),
    reviewedBy: item.reviewedBy ?? null,
    ...(item.manuallyChanged === undefined ? {} : { manuallyChanged: item.manuallyChanged }),
  };
}

export function keyOf(filterType: FilterType, item: ReviewItem): ItemKey {
  if (filterType === 'tweets' && 'tweetId' in item)
    return { tweetId: item.tweetId ?? '', twitterUserName: item.twitterUserName ?? '' };
  const news = item as { newsId?: string; website?: string; accountName?: string };
  return {
    newsId: news.newsId ?? '',
    website: news.website ?? '',
    accountName: news.accountName ?? null,
  };
}

/** SPEC.md 4: an item eliminated by similarity or by quoted post has no actions, in bulk neither. */
export function isLeftOut(item: ReviewItem): boolean {
  return (
    ('eliminatedBySimilarity' in item && item.eliminatedBySimilarity === true) ||
    ('eliminatedByQuotedPost' in item && item.eliminatedByQuotedPost === true)
  );
}

const show = (value: unknown) => (value === null ? 'none' : String(value));

/**
 * How the item differs from what was expected, in words ('reviewedBy none → reviewer2'), or null
 * when it is as expected. A field is compared when both sides have it.
 */
export function differences(expected: ItemState, now: ItemState): string | null {
  const changed: string[] = [];
  if (expected.selected !== undefined && now.selected !== undefined)
    if (expected.selected !== now.selected)
      changed.push(`selected ${show(expected.selected)} → ${show(now.selected)}`);
  if (expected.reviewedBy !== now.reviewedBy)
    changed.push(`reviewedBy ${show(expected.reviewedBy)} → ${show(now.reviewedBy)}`);
  if (expected.manuallyChanged !== undefined && now.manuallyChanged !== undefined)
    if (expected.manuallyChanged !== now.manuallyChanged)
      changed.push(
        `manually changed ${show(expected.manuallyChanged)} → ${show(now.manuallyChanged)}`,
      );
  return changed.length ? changed.join(', ') : null;
}

/** The journal's `before`: the state as plain values. */
export function beforeOf(state: ItemState): Record<string, string | boolean | null> {
  return {
    ...(state.selected === undefined ? {} : { selected: state.selected }),
    reviewedBy: state.reviewedBy,
    ...(state.manuallyChanged === undefined ? {} : { manuallyChanged: state.manuallyChanged }),
  };
}
