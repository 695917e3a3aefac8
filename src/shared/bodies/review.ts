import { z } from 'zod';
import type { ReviewItem } from '../api/records';
import { KEYWORD_TYPES } from '../constants';
import {
  recordId,
  requiredText,
  textField,
  TEXT_BOUND,
  wholeNumber,
  withServerLimit,
} from './fields';
import { insightFilterBodySchema } from './reviewFilter';

/** SPEC.md 3 and 7: what the review and keyword calls send, checked in core and on the server. */

export const FILTER_TYPES = ['tweets', 'news'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export {
  reviewFilterBodySchema,
  triStateSchema,
  type ReviewFilterBody,
  type TriState,
} from './reviewFilter';

export const keywordTypeSchema = z.enum(KEYWORD_TYPES);

const optionalWords = (field: string) => textField(field).nullable().optional();

/** PUT /twitter-service/{case} and add-eliminated-keyword-on-eliminated-tweet. */
export const tweetChangeBodySchema = z.object({
  tweetId: textField('tweetId', 64, { required: true }),
  twitterUserName: textField('twitterUserName', 100, { required: true }),
  keyword: optionalWords('keyword'),
  keywordType: keywordTypeSchema.nullable().optional(),
  unwantedUsage: optionalWords('unwantedUsage'),
  reviewedBy: textField('reviewedBy', 100, { required: true }),
});
export type TweetChangeBody = z.infer<typeof tweetChangeBodySchema>;

/** PUT /news-service/{case} and add-eliminated-keyword-on-eliminated-news. */
export const newsChangeBodySchema = z.object({
  newsId: textField('newsId', 64, { required: true }),
  website: textField('website', 200, { required: true }),
  keyword: optionalWords('keyword'),
  newsKeywordType: keywordTypeSchema.nullable().optional(),
  unwantedUsage: optionalWords('unwantedUsage'),
  accountName: textField('accountName').nullable().optional(),
  reviewedBy: textField('reviewedBy', 100, { required: true }),
});
export type NewsChangeBody = z.infer<typeof newsChangeBodySchema>;

export const MANUAL_CASES = ['manually-select', 'manually-eliminate', 'add-keyword'] as const;
export type ManualCase = (typeof MANUAL_CASES)[number];

export const addKeywordBodySchema = z.object({
  keyword: requiredText('keyword'),
  type: keywordTypeSchema,
});
/** Keyword ids are `serial` (int4) columns. */
export const updateKeywordBodySchema = addKeywordBodySchema.extend({ id: recordId('id') });
export const deleteUnwantedUsageBodySchema = z.object({
  id: recordId('id'),
  keyword: textField('keyword').optional(),
  unwantedUsage: textField('unwantedUsage', 200, { required: true }),
});

/** News bodies of add-eliminated-keyword-on-eliminated-news go without accountName (SPEC.md 7). */
export const newsEliminatedKeywordBodySchema = newsChangeBodySchema.omit({ accountName: true });

/**
 * A review item's data id in a path (find by id, reviewed). Tweets and news have `bigserial` ids:
 * every whole number JavaScript holds exactly fits.
 */
export const dataIdParams = z.object({ id: wholeNumber('id', 1, Number.MAX_SAFE_INTEGER) });

/** A keyword's id in a path (delete-keyword-{id}): keyword ids are `serial` (int4). */
export const keywordIdParams = z.object({ id: wholeNumber('id', 1) });

/** The reviewed calls' body: the reviewer's username as one JSON string. */
const USERNAME_BODY = 'the body must be the username as a JSON string';
export const usernameBodySchema = withServerLimit(
  z
    .string({ message: USERNAME_BODY })
    .trim()
    .min(1, USERNAME_BODY)
    .max(TEXT_BOUND, 'the username is too long'),
  { field: 'the username', maxLength: 100, trimmed: true },
);

export const filterTypeSchema = z.enum(FILTER_TYPES);

/** review.list: one page of items with its count and reviewed count (three calls, in core). */
export const reviewListPayloadSchema = z.object({
  filterType: filterTypeSchema,
  // SPEC.md 7's filter, or with the insight fields (DESIGN.md, Extensions): core picks the calls.
  filter: insightFilterBodySchema,
  /** One item per story (the stories extension), where the server offers it. */
  stories: z.boolean().optional(),
});
export type ReviewListPayload = z.infer<typeof reviewListPayloadSchema>;

export interface ReviewListResult {
  items: ReviewItem[];
  total: number;
  /** How many of `total` are reviewed: the shift's progress under this filter. */
  reviewed: number;
  /**
   * What the page and counts are of: items, or stories (one item each, its lead) when Stories was
   * asked for and the server offers it. Absent: items.
   */
  view?: 'items' | 'stories';
}
