import { z } from 'zod';
import { KEYWORD_TYPES } from './constants';

/** SPEC.md 3 and 7: the review filter, items and keyword calls, shared by server, core and screen. */

export const FILTER_TYPES = ['tweets', 'news'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** 'true', 'false', or the string 'null' meaning all (SPEC.md 3). */
export const triStateSchema = z.enum(['true', 'false', 'null']);
export type TriState = z.infer<typeof triStateSchema>;

/** Date-times as the pickers send them: 2022-01-01T00:00 (seconds optional), read as UTC. */
const localDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/,
    'must look like 2022-01-01T00:00',
  )
  .refine((v) => !Number.isNaN(Date.parse(v.endsWith('Z') ? v : `${v}Z`)), 'is not a real date');

export const reviewFilterBodySchema = z.object({
  startDate: localDateTime.nullable().optional(),
  endDate: localDateTime.nullable().optional(),
  isEliminated: triStateSchema.default('null'),
  isManuallyChanged: triStateSchema.default('null'),
  isReviewed: triStateSchema.default('null'),
  /** null, '' or 'null' mean all reviewers. */
  reviewedBy: z.string().max(100).nullable().optional(),
  sortBy: z.enum(['desc', 'asc']).default('desc'),
  startIndex: z.number().int().min(0).max(1_000_000).default(0),
  /** null or '' mean any keyword. */
  keyword: z.string().max(200).nullable().optional(),
});
export type ReviewFilterBody = z.infer<typeof reviewFilterBodySchema>;

export const keywordTypeSchema = z.enum(KEYWORD_TYPES);

export interface TweetItem {
  id: number;
  twitterUserName: string;
  tweetId: string;
  url: string;
  message: string;
  tweetTime: string;
  detectTime: string;
  nlpDecisionRatio: number;
  detectedKeyword: string[];
  unwantedUsage: string[];
  reviewedBy: string | null;
  eliminatedKeyword: string | null;
  eliminatedBySimilarity: boolean;
  eliminatedByQuotedPost: boolean;
  selected: boolean;
  manuallyChanged: boolean;
  accountName: string;
}

export interface NewsItem {
  id: number;
  newsId: string;
  website: string;
  url: string;
  message: string;
  detectTime: string;
  nlpDecisionRatio: number;
  cryptoCurrencyList: { symbol: string }[];
  cryptoMarketList: { name: string }[];
  cryptoTagsList: string[];
  detectedKeyword: string[];
  unwantedUsage: string[];
  reviewedBy: string | null;
  eliminatedKeyword: string | null;
  selected: boolean;
  manuallyChanged: boolean;
  accountName: string;
}

export type ReviewItem = TweetItem | NewsItem;

export interface Keyword {
  id: number;
  keyword: string;
  type: (typeof KEYWORD_TYPES)[number];
  unwantedUsages: string[];
}

const optionalText = z.string().max(200).nullable().optional();

/** PUT /twitter-service/{case} and add-eliminated-keyword-on-eliminated-tweet. */
export const tweetChangeBodySchema = z.object({
  tweetId: z.string().min(1).max(64),
  twitterUserName: z.string().min(1).max(100),
  keyword: optionalText,
  keywordType: keywordTypeSchema.nullable().optional(),
  unwantedUsage: optionalText,
  reviewedBy: z.string().min(1).max(100),
});
export type TweetChangeBody = z.infer<typeof tweetChangeBodySchema>;

/** PUT /news-service/{case} and add-eliminated-keyword-on-eliminated-news. */
export const newsChangeBodySchema = z.object({
  newsId: z.string().min(1).max(64),
  website: z.string().min(1).max(200),
  keyword: optionalText,
  newsKeywordType: keywordTypeSchema.nullable().optional(),
  unwantedUsage: optionalText,
  accountName: z.string().max(200).nullable().optional(),
  reviewedBy: z.string().min(1).max(100),
});
export type NewsChangeBody = z.infer<typeof newsChangeBodySchema>;

export const MANUAL_CASES = ['manually-select', 'manually-eliminate', 'add-keyword'] as const;
export type ManualCase = (typeof MANUAL_CASES)[number];

export const addKeywordBodySchema = z.object({
  keyword: z.string().trim().min(1, 'keyword is required').max(200),
  type: keywordTypeSchema,
});
export const updateKeywordBodySchema = addKeywordBodySchema.extend({
  id: z.number().int().positive(),
});
export const deleteUnwantedUsageBodySchema = z.object({
  id: z.number().int().positive(),
  keyword: z.string().max(200).optional(),
  unwantedUsage: z.string().min(1).max(200),
});

/** Bridge payloads of the review screen. The reviewer's name is added by core, never sent by the page. */
export const REVIEW_ACTIONS = [...MANUAL_CASES, 'add-eliminated-keyword'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const filterTypeSchema = z.enum(FILTER_TYPES);

export const reviewListPayloadSchema = z.object({
  filterType: filterTypeSchema,
  filter: reviewFilterBodySchema,
});
export type ReviewListPayload = z.infer<typeof reviewListPayloadSchema>;

export interface ReviewListResult {
  items: ReviewItem[];
  total: number;
  /** How many of `total` are reviewed: the shift's progress under this filter. */
  reviewed: number;
}

export const reviewFindPayloadSchema = z.object({
  filterType: filterTypeSchema,
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const reviewChangePayloadSchema = z.discriminatedUnion('filterType', [
  z.object({
    filterType: z.literal('tweets'),
    action: z.enum(REVIEW_ACTIONS),
    body: tweetChangeBodySchema.omit({ reviewedBy: true }),
  }),
  z.object({
    filterType: z.literal('news'),
    action: z.enum(REVIEW_ACTIONS),
    body: newsChangeBodySchema.omit({ reviewedBy: true }),
  }),
]);
export type ReviewChangePayload = z.infer<typeof reviewChangePayloadSchema>;

export const filterTypePayloadSchema = z.object({ filterType: filterTypeSchema });

export interface ModelStarted {
  status: 'started' | 'running';
  service: FilterType;
}

/** Keyword screen payloads (SPEC.md 2, Keyword screen; 7, keyword calls under both services). */
export const keywordListPayloadSchema = z.object({
  filterType: filterTypeSchema,
  contains: z.string().max(200).default(''),
});
export const keywordAddPayloadSchema = addKeywordBodySchema.extend({
  filterType: filterTypeSchema,
});
export const keywordUpdatePayloadSchema = updateKeywordBodySchema.extend({
  filterType: filterTypeSchema,
});
export const keywordDeletePayloadSchema = z.object({
  filterType: filterTypeSchema,
  id: z.number().int().positive(),
});
export const keywordUsagePayloadSchema = deleteUnwantedUsageBodySchema.extend({
  filterType: filterTypeSchema,
});
