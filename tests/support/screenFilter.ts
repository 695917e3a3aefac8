import type { ReviewFilterBody } from '../../src/shared/bodies/review';
import { DEFAULT_START_DATE } from '../../src/shared/constants';

/** The Review filter's body as the screen sends it: every field present, as ReviewFilterBar fills it. */
export const screenFilter = (filter: Partial<ReviewFilterBody> = {}): ReviewFilterBody => ({
  startDate: DEFAULT_START_DATE,
  endDate: null,
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  reviewedBy: null,
  sortBy: 'desc',
  startIndex: 0,
  keyword: null,
  ...filter,
});
