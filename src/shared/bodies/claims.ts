import { z } from 'zod';
import { recordId, withServerLimit } from './fields';
import { reviewFilterBodySchema } from './reviewFilter';

/** What the work-queue extension (src/shared/api/claims.ts) is sent. */

/** The most item ids one claim, renewal, release or holders question names. */
export const CLAIM_IDS_MAX = 500;

/** Item ids of one review service, each once (repeats are dropped, not refused). */
const itemIds = withServerLimit(
  z
    .array(recordId('ids entries', Number.MAX_SAFE_INTEGER))
    .min(1, 'ids: name at least one item')
    .max(CLAIM_IDS_MAX, `ids: at most ${CLAIM_IDS_MAX} items at once`),
  { field: 'ids', maxItems: CLAIM_IDS_MAX },
).transform((ids) => [...new Set(ids)]);

/** Claim, renew, release, or ask who holds: the items, by data id. */
export const claimIdsBodySchema = z.object({ ids: itemIds });
export type ClaimIdsBody = z.infer<typeof claimIdsBodySchema>;

/**
 * The next page of my queue: SPEC.md 7's Review filter (its page, startIndex, is not read: the
 * queue always answers the first page nobody else holds), and the page the console is leaving,
 * whose items are released and not handed back in this answer.
 */
export const queueBodySchema = reviewFilterBodySchema.omit({ startIndex: true }).extend({
  leave: withServerLimit(
    z
      .array(recordId('leave entries', Number.MAX_SAFE_INTEGER))
      .max(CLAIM_IDS_MAX, `leave: at most ${CLAIM_IDS_MAX} items at once`),
    { field: 'leave', maxItems: CLAIM_IDS_MAX },
  )
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type QueueBody = z.infer<typeof queueBodySchema>;
