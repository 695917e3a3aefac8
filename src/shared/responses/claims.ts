import { z } from 'zod';
import { newsItemSchema, tweetItemSchema } from './review';

/**
 * What our reference server answers to the work-queue extension (src/shared/api/claims.ts). Sent
 * only when the capabilities list names `claims`, so the client reads the answers with these.
 * Remaining times are the database clock's, so a console with a wrong clock still shows them right.
 */

/** One item's lease: who holds it, until when, and how long that is from now. */
export const claimSchema = z.object({
  id: z.number().int(),
  holder: z.string(),
  expiresAt: z.string(),
  /** Whole seconds left, rounded up; at least 1 while the lease runs. */
  remainingSeconds: z.number().int(),
});
export type ClaimView = z.infer<typeof claimSchema>;

/** Claimed, renewed, or held now (only leases that have not run out). */
export const claimListSchema = z.object({ claims: z.array(claimSchema) });

export const releasedSchema = z.object({ released: z.number().int() });

/** One reviewer holding items of one service now (the top bar's "who is reviewing"). */
export const reviewerNowSchema = z.object({
  user: z.string(),
  service: z.enum(['tweets', 'news']),
  /** Items held. */
  items: z.number().int(),
  /** The latest of those leases. */
  expiresAt: z.string(),
  remainingSeconds: z.number().int(),
});
export const reviewingNowSchema = z.object({ reviewers: z.array(reviewerNowSchema) });
export type ReviewerNowView = z.infer<typeof reviewerNowSchema>;

/** The part of a queue page beside its items. */
const queueLease = {
  /** When this page's leases run out unless renewed; null when the page is empty. */
  expiresAt: z.string().nullable(),
  leaseSeconds: z.number().int(),
  /** How many of the items (first on the page) the caller already held: a console restarted. */
  resumed: z.number().int(),
};

export const tweetQueuePageSchema = z.object({ items: z.array(tweetItemSchema), ...queueLease });
export const newsQueuePageSchema = z.object({ items: z.array(newsItemSchema), ...queueLease });
