import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import type { InsightFilterBody } from '../../../shared/bodies/insight';
import type { ReviewCalls } from '../runs/reviewCalls';

/** Find-by-id calls one read sends at once, at most. */
const FIND_AT_ONCE = 4;

/**
 * What the page shows, read again from the provider with SPEC.md 7's calls: the page's own list
 * call (one call for the whole page), then find-by-id for each shown item the page no longer holds
 * (it left the filter: someone reviewed or decided it). `ids` is what to look for; an item that
 * cannot be found (deleted, or the call failed) is left out, and its card stays as it is. A failed
 * list call fails the read.
 */
export async function readShown(
  calls: ReviewCalls,
  filterType: FilterType,
  filter: InsightFilterBody | null,
  ids: readonly number[],
): Promise<Map<number, ReviewItem>> {
  const wanted = new Set(ids);
  const found = new Map<number, ReviewItem>();
  if (filter) {
    for (const item of await calls.page(filterType, filter, filter.startIndex))
      if (item.id !== undefined && wanted.has(item.id)) found.set(item.id, item);
  }
  const missing = ids.filter((id) => !found.has(id));
  for (let start = 0; start < missing.length; start += FIND_AT_ONCE) {
    const batch = missing.slice(start, start + FIND_AT_ONCE);
    const items = await Promise.all(
      batch.map((id) => calls.findById(filterType, id).catch(() => null)),
    );
    items.forEach((item, index) => {
      if (item) found.set(batch[index]!, item);
    });
  }
  return found;
}
