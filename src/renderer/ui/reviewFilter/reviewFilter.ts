import { DEFAULT_SORT, DEFAULT_START_DATE } from '../../../shared/constants';
import type { FilterType, ReviewFilterBody, TriState } from '../../../shared/bodies/review';

/**
 * The Review filter (SPEC.md 3, Review filter) as the Review screen holds it, shared below the
 * features because other screens build Review filters too (the shift panel's "left in this view").
 */
export interface ReviewFilterValues {
  filterType: FilterType;
  searchWithDataId: boolean;
  searchDataId: string;
  /** 'YYYY-MM-DDTHH:mm', or null. */
  startDate: string | null;
  endDate: string | null;
  keyword: string;
  isEliminated: TriState;
  isManuallyChanged: TriState;
  isReviewed: TriState;
  /** 'null' means all reviewers. */
  reviewedBy: string;
  sortBy: 'desc' | 'asc';
}

export const DEFAULT_FILTER: ReviewFilterValues = {
  filterType: 'tweets',
  searchWithDataId: false,
  searchDataId: '',
  startDate: DEFAULT_START_DATE,
  endDate: null,
  keyword: '',
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  reviewedBy: 'null',
  sortBy: DEFAULT_SORT,
};

/** The filter call's body for a zero-based page (SPEC.md 7: startIndex is the page). */
export function toFilterBody(values: ReviewFilterValues, page: number): ReviewFilterBody {
  return {
    startDate: values.startDate,
    endDate: values.endDate,
    isEliminated: values.isEliminated,
    isManuallyChanged: values.isManuallyChanged,
    isReviewed: values.isReviewed,
    reviewedBy: values.reviewedBy === 'null' ? null : values.reviewedBy,
    sortBy: values.sortBy,
    startIndex: page,
    keyword: values.keyword.trim() || null,
  };
}
