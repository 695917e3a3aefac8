import { z } from 'zod';
import { claimIdsBodySchema, queueBodySchema } from '../bodies/claims';
import {
  claimListSchema,
  newsQueuePageSchema,
  releasedSchema,
  reviewingNowSchema,
  tweetQueuePageSchema,
} from '../responses/claims';
import { listAnswer } from './answers';
import { call } from './call';
import { EXTENSIONS_BASE } from './insight';
import { newsItemRecord, tweetItemRecord } from './records';

/**
 * The work queue with claims: our reference server's extension `claims` (DESIGN.md, Several people
 * at once), under /dqc-extensions like every extension and sent by core only when the capabilities
 * list names it. A claim is a lease of one item to the signed-in user (never a name from the
 * body), CLAIM_LEASE_SECONDS long, renewed while its card is on screen and released on a decision,
 * a page change, sign-out or quit; a lease that runs out frees its item, so a console that dies
 * holds nothing for long.
 */

/** How long a claim lasts unless renewed. */
export const CLAIM_LEASE_SECONDS = 600;

export const claimCalls = {
  /** Who holds items now, per reviewer and service (the top bar), the caller too. */
  reviewingNow: call({
    method: 'GET',
    path: `${EXTENSIONS_BASE}/claims/reviewing-now`,
    answer: reviewingNowSchema,
    describe: 'reviewers holding items',
    response: reviewingNowSchema,
  }),
  /** Releases every claim of the caller, of both services (sign-out, quit). */
  releaseMine: call({
    method: 'POST',
    path: `${EXTENSIONS_BASE}/claims/release-mine`,
    answer: releasedSchema,
    describe: 'released claims',
    response: releasedSchema,
  }),
};

function claimServiceCalls<Item, Sent extends z.ZodType>(
  service: 'twitter-service' | 'news-service',
  item: { read(value: unknown): Item | null },
  pageSchema: Sent,
) {
  const base = `${EXTENSIONS_BASE}/${service}`;
  return {
    /**
     * The next page of my queue: the caller's own unexpired claims on the filter first (a console
     * restarted), then the first items of the filter nobody holds, claimed in the same step.
     */
    queue: call({
      method: 'POST',
      path: `${base}/queue`,
      body: queueBodySchema,
      answer: z.object({
        items: listAnswer(item),
        expiresAt: z.string().nullable(),
        leaseSeconds: z.number(),
        resumed: z.number(),
      }),
      describe: 'queue page',
      response: pageSchema,
    }),
    /** Claims these items, all or none: 404 when one does not exist, 409 when another holds one. */
    claim: call({
      method: 'POST',
      path: `${base}/claims`,
      body: claimIdsBodySchema,
      answer: claimListSchema,
      describe: 'claims',
      response: claimListSchema,
    }),
    /** Renews the caller's leases, all or none: 409 when the caller does not hold one. */
    renew: call({
      method: 'POST',
      path: `${base}/claims/renew`,
      body: claimIdsBodySchema,
      answer: claimListSchema,
      describe: 'claims',
      response: claimListSchema,
    }),
    /** Releases those of the items the caller holds; the others are left as they are. */
    release: call({
      method: 'POST',
      path: `${base}/claims/release`,
      body: claimIdsBodySchema,
      answer: releasedSchema,
      describe: 'released claims',
      response: releasedSchema,
    }),
    /** Who holds which of these items now (the cards' "reviewer2, 4 min"); free ones are absent. */
    holders: call({
      method: 'POST',
      path: `${base}/claims/holders`,
      body: claimIdsBodySchema,
      answer: claimListSchema,
      describe: 'claims',
      response: claimListSchema,
    }),
  };
}

export const claimTweetCalls = claimServiceCalls(
  'twitter-service',
  tweetItemRecord,
  tweetQueuePageSchema,
);
export const claimNewsCalls = claimServiceCalls(
  'news-service',
  newsItemRecord,
  newsQueuePageSchema,
);
