import { z } from 'zod';
import { KEYWORD_TYPES } from '../constants';

/**
 * The review records our reference server sends (SPEC.md 3): every field, always. They are the
 * declared `response` of the review, keyword and model calls; the client reads the provider's
 * leniently (src/shared/api/records.ts) and never through these.
 */

const reviewFields = {
  id: z.number(),
  url: z.string(),
  message: z.string(),
  detectTime: z.string(),
  nlpDecisionRatio: z.number(),
  detectedKeyword: z.array(z.string()),
  unwantedUsage: z.array(z.string()),
  reviewedBy: z.string().nullable(),
  eliminatedKeyword: z.string().nullable(),
  selected: z.boolean(),
  manuallyChanged: z.boolean(),
  accountName: z.string(),
  /**
   * Beyond SPEC.md 3, for the conditional-writes extension (src/shared/conflict.ts): the item's
   * version, bumped by every write (a decision's If-Match names it), who made the manual decision,
   * and when the item was last written (null: never since it was collected).
   */
  version: z.number().int().min(0),
  manuallyChangedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
};

export const tweetItemSchema = z.object({
  ...reviewFields,
  twitterUserName: z.string(),
  tweetId: z.string(),
  tweetTime: z.string(),
  eliminatedBySimilarity: z.boolean(),
  eliminatedByQuotedPost: z.boolean(),
});

export const newsItemSchema = z.object({
  ...reviewFields,
  newsId: z.string(),
  website: z.string(),
  cryptoCurrencyList: z.array(z.object({ symbol: z.string() })),
  cryptoMarketList: z.array(z.object({ name: z.string() })),
  cryptoTagsList: z.array(z.string()),
});

export const keywordSchema = z.object({
  id: z.number(),
  keyword: z.string(),
  type: z.enum(KEYWORD_TYPES),
  unwantedUsages: z.array(z.string()),
});

/** A deleted keyword: its id. */
export const deletedKeywordSchema = z.object({ deleted: z.number() });

/** A model run started (202), or the one already running. */
export const modelStartSchema = z.object({
  status: z.enum(['started', 'running']),
  service: z.enum(['tweets', 'news']),
  startedAt: z.string(),
  /** With the model-runs extension (DESIGN.md, Extensions): the run this call started or joined. */
  runId: z.number().int().optional(),
});
