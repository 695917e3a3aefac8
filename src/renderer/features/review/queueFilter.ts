import type { QueueBody } from '../../../shared/bodies/claims';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { toFilterBody } from '../../domain/reviewFilter/reviewFilter';

/**
 * The filter My queue is asked for (the claims extension): SPEC.md 7's Review filter only. The
 * queue hands out the first items nobody holds in the filter's order, so the insight fields (ratio
 * range, model run, borderline order) are not its to read; borderline order is asked as newest
 * first, the filter's default.
 */
export function queueFilterOf(filter: ReviewFilterValues): Omit<QueueBody, 'leave'> {
  const body = toFilterBody(filter, 0);
  return {
    startDate: body.startDate,
    endDate: body.endDate,
    isEliminated: body.isEliminated,
    isManuallyChanged: body.isManuallyChanged,
    isReviewed: body.isReviewed,
    reviewedBy: body.reviewedBy,
    sortBy: body.sortBy === 'asc' ? 'asc' : 'desc',
    keyword: body.keyword,
  };
}
