import type { AxiosInstance } from 'axios';
import { REVIEW_GROUPS } from '../../../shared/api';
import type { ReviewItem } from '../../../shared/api/records';
import type { ReviewListPayload, ReviewListResult } from '../../../shared/bodies/review';
import { sendCall, type SessionValues } from '../api/sendCall';

/**
 * review.list: the page of items, its total, and how many of them are reviewed (the shift's
 * progress), as three calls at once. The only data channel written by hand: it makes more than
 * one call.
 */
export function createReviewListHandler(api: AxiosInstance, fromSession: SessionValues) {
  return async ({ filterType, filter }: ReviewListPayload): Promise<ReviewListResult> => {
    const calls = REVIEW_GROUPS[filterType];
    const send = (declared: typeof calls.count | typeof calls.filter, body: object) =>
      sendCall(api, declared, { ...body }, fromSession);
    const [items, total, reviewed] = await Promise.all([
      send(calls.filter, filter) as Promise<ReviewItem[]>,
      send(calls.count, filter) as Promise<number>,
      filter.isReviewed === 'false'
        ? Promise.resolve(0)
        : (send(calls.count, { ...filter, isReviewed: 'true' }) as Promise<number>),
    ]);
    return { items, total, reviewed };
  };
}
