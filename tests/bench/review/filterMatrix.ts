import { screenFilter } from '../../support/screenFilter';
import type { ReviewFilterBody } from '../../../src/shared/bodies/review';

/**
 * Every filter of the Review screen (SPEC.md 3: dates, keyword, Is Eliminated, Is Manually Changed,
 * Is Reviewed, Reviewed By, sort) alone and in the combinations a reviewer uses, on the first page
 * and on deep pages (page 500 is items 10,000 to 10,019). The keyword 'chainlink' is rare (one item
 * in a thousand): the planner must not walk the time index to find it.
 */
export const FILTER_MATRIX: { name: string; filter: Partial<ReviewFilterBody> }[] = [
  { name: 'defaults (newest first)', filter: {} },
  { name: 'oldest first', filter: { sortBy: 'asc' } },
  { name: 'eliminated', filter: { isEliminated: 'true' } },
  { name: 'kept', filter: { isEliminated: 'false' } },
  { name: 'manually changed', filter: { isManuallyChanged: 'true' } },
  { name: 'not manually changed', filter: { isManuallyChanged: 'false' } },
  { name: 'reviewed', filter: { isReviewed: 'true' } },
  { name: 'not reviewed', filter: { isReviewed: 'false' } },
  { name: 'reviewed by reviewer2', filter: { reviewedBy: 'reviewer2' } },
  { name: 'keyword bitcoin', filter: { keyword: 'bitcoin' } },
  { name: 'keyword etf, kept', filter: { keyword: 'etf', isEliminated: 'false' } },
  { name: 'rare keyword chainlink', filter: { keyword: 'chainlink' } },
  { name: 'one quarter', filter: { startDate: '2023-01-01T00:00', endDate: '2023-03-31T23:59' } },
  {
    name: 'one month, eliminated',
    filter: { startDate: '2023-06-01T00:00', endDate: '2023-06-30T23:59', isEliminated: 'true' },
  },
  { name: 'one day', filter: { startDate: '2024-02-10T00:00', endDate: '2024-02-10T23:59' } },
  {
    name: 'shift queue: kept, not reviewed, bitcoin, one quarter',
    filter: {
      isEliminated: 'false',
      isReviewed: 'false',
      keyword: 'bitcoin',
      startDate: '2024-01-01T00:00',
      endDate: '2024-03-31T23:59',
    },
  },
  { name: 'page 50', filter: { startIndex: 50 } },
  { name: 'page 500', filter: { startIndex: 500 } },
  { name: 'page 500, oldest first', filter: { startIndex: 500, sortBy: 'asc' } },
  { name: 'page 500, kept', filter: { startIndex: 500, isEliminated: 'false' } },
  { name: 'page 500, not reviewed', filter: { startIndex: 500, isReviewed: 'false' } },
  { name: 'page 500, keyword bitcoin', filter: { startIndex: 500, keyword: 'bitcoin' } },
  { name: 'page 500, reviewed by reviewer1', filter: { startIndex: 500, reviewedBy: 'reviewer1' } },
];

export const isDeepPage = (filter: Partial<ReviewFilterBody>) => (filter.startIndex ?? 0) >= 500;

/** The body the screen sends: every field present, as ReviewFilterBar fills it. */
export const fullFilter = (filter: Partial<ReviewFilterBody>): ReviewFilterBody =>
  screenFilter(filter);
