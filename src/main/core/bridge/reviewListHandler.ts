import type { AxiosInstance } from 'axios';
import type { ReviewItem } from '../../../shared/api/records';
import type { ReviewListPayload, ReviewListResult } from '../../../shared/bodies/review';
import { sendCall } from '../api/sendCall';
import type { CallContext } from './callContext';
import { filterCallsOf } from '../insight/filterCalls';
import type { ServerExtensions } from '../insight/serverExtensions';

/**
 * review.list: the page of items, its total, and how many of them are reviewed (the shift's
 * progress), as three calls at once. The only data channel written by hand: it makes more than
 * one call, and a filter with the insight fields (DESIGN.md, Extensions) takes the extension's
 * calls, as Stories on takes the stories extension's (then the counts count stories).
 */
export function createReviewListHandler(api: AxiosInstance, extensions: ServerExtensions) {
  return async (
    { filterType, filter, stories }: ReviewListPayload,
    context: CallContext,
  ): Promise<ReviewListResult> => {
    const calls = await filterCallsOf(extensions, filterType, filter, stories ?? false);
    const send = (declared: typeof calls.count, body: object) =>
      sendCall(api, declared, { ...body }, context.user);
    const [items, total, reviewed] = await Promise.all([
      send(calls.filter, calls.body) as Promise<ReviewItem[]>,
      send(calls.count, calls.body) as Promise<number>,
      filter.isReviewed === 'false'
        ? Promise.resolve(0)
        : (send(calls.count, { ...calls.body, isReviewed: 'true' }) as Promise<number>),
    ]);
    return { items, total, reviewed, view: calls.view };
  };
}
