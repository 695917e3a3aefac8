import { DEFAULT_SORT, DEFAULT_START_DATE } from '../../../shared/constants';
import type { FilterType, TriState } from '../../../shared/bodies/review';
import type { ChangeDirection, InsightFilterBody } from '../../../shared/bodies/reviewFilter';

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
  /** 'borderline' (DESIGN.md, Extensions) only when the server offers it. */
  sortBy: 'desc' | 'asc' | 'borderline';
  /** Ratio between (the borderline extension, DESIGN.md, Extensions), inclusive; null: no bound. */
  ratioFrom: number | null;
  ratioTo: number | null;
  /** Review these (the model-runs extension): only the items this run changed ... */
  modelRunId: number | null;
  /** ... in this direction (null: any) ... */
  modelRunDirection: ChangeDirection | null;
  /** ... reviewed when it ran, or not ('null': either). */
  modelRunReviewed: TriState;
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
  ratioFrom: null,
  ratioTo: null,
  modelRunId: null,
  modelRunDirection: null,
  modelRunReviewed: 'null',
};

/**
 * The filter call's body for a zero-based page (SPEC.md 7: startIndex is the page). The insight
 * fields go only when set; core sends a body with any of them with the extension's calls.
 */
export function toFilterBody(values: ReviewFilterValues, page: number): InsightFilterBody {
  return {
    ...(values.ratioFrom !== null ? { ratioFrom: values.ratioFrom } : {}),
    ...(values.ratioTo !== null ? { ratioTo: values.ratioTo } : {}),
    ...(values.modelRunId !== null
      ? {
          modelRunId: values.modelRunId,
          modelRunDirection: values.modelRunDirection,
          modelRunReviewed: values.modelRunReviewed,
        }
      : {}),
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
