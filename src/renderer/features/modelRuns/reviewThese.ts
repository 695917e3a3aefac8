import type { ModelRunView } from '../../../shared/responses/insight';
import { DEFAULT_FILTER, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { reviewLinkQueryOf } from '../../domain/reviewFilter/reviewQuery';
import type { RunChangesQuery } from './modelRunsQuery';

/**
 * The Review filter of "Review these": exactly the items a run changed, in the direction and
 * reviewed state chosen on the screen. Every other field is left open (no start date either, since
 * a run changes items of any age), so that Review's count is the changes' total.
 */
export function reviewTheseFilter(
  run: Pick<ModelRunView, 'id' | 'service'>,
  query: Pick<RunChangesQuery, 'direction' | 'reviewed'>,
): ReviewFilterValues {
  return {
    ...DEFAULT_FILTER,
    filterType: run.service,
    startDate: null,
    modelRunId: run.id,
    modelRunDirection: query.direction ?? null,
    modelRunReviewed: query.reviewed,
  };
}

/** Where "Review these" goes: Review on those items, first page. */
export const reviewTheseLink = (
  run: Pick<ModelRunView, 'id' | 'service'>,
  query: Pick<RunChangesQuery, 'direction' | 'reviewed'>,
): string => `/filter?${reviewLinkQueryOf(reviewTheseFilter(run, query), 0)}`;

/** One item on Review, by its data id: the changes table's item links. */
export const reviewItemLink = (service: ModelRunView['service'], itemId: number): string =>
  `/filter?${reviewLinkQueryOf(
    {
      ...DEFAULT_FILTER,
      filterType: service,
      startDate: null,
      searchWithDataId: true,
      searchDataId: String(itemId),
    },
    0,
  )}`;
