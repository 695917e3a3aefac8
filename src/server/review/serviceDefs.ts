import type { z } from 'zod';
import { REVIEW_GROUPS } from '../../shared/api';
import type { newsChangeBodySchema, tweetChangeBodySchema } from '../../shared/bodies/review';
import type { ServerNewsItem, ServerTweetItem } from './items';

/**
 * The two review services of SPEC.md 7 differ in table, identity columns, path names and item
 * shape; everything else (filter, count, changes, keywords, model) is one implementation driven
 * by these descriptors.
 */
export interface ReviewServiceDef<Item, Body> {
  name: 'tweets' | 'news';
  /** The declared calls of this service (src/shared/api/review.ts). */
  calls: (typeof REVIEW_GROUPS)[keyof typeof REVIEW_GROUPS];
  table: 'tweets' | 'news';
  keywordTable: 'tweet_keywords' | 'news_keywords';
  /** The natural key of an item in a change body, and its columns. */
  keyColumns: [string, string];
  keyOf(body: Body): [string, string];
  keywordTypeOf(body: Body): string | null | undefined;
  selectList: string;
  toItem(row: Record<string, unknown>): Item;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const texts = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const textOrNull = (value: unknown) =>
  value === null || value === undefined ? null : String(value);

/** The conditional-writes extension's fields (src/shared/conflict.ts). */
const writeFields = (row: Record<string, unknown>) => ({
  version: Number(row.version),
  manuallyChangedBy: textOrNull(row.manually_changed_by),
  changedAt: row.changed_at === null || row.changed_at === undefined ? null : iso(row.changed_at),
});

export const TWEETS: ReviewServiceDef<ServerTweetItem, z.infer<typeof tweetChangeBodySchema>> = {
  name: 'tweets',
  calls: REVIEW_GROUPS.tweets,
  table: 'tweets',
  keywordTable: 'tweet_keywords',
  keyColumns: ['tweet_id', 'twitter_user_name'],
  keyOf: (body) => [body.tweetId, body.twitterUserName],
  keywordTypeOf: (body) => body.keywordType,
  selectList: `id, tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
    nlp_decision_ratio, detected_keywords, unwanted_usages, reviewed_by, eliminated_keyword,
    eliminated_by_similarity, eliminated_by_quoted_post, selected, manually_changed,
    manually_changed_by, version, changed_at`,
  toItem: (row) => ({
    id: Number(row.id),
    tweetId: String(row.tweet_id),
    twitterUserName: String(row.twitter_user_name),
    accountName: String(row.account_name),
    url: String(row.url),
    message: String(row.message),
    tweetTime: iso(row.tweet_time),
    detectTime: iso(row.detect_time),
    nlpDecisionRatio: Number(row.nlp_decision_ratio),
    detectedKeyword: texts(row.detected_keywords),
    unwantedUsage: texts(row.unwanted_usages),
    reviewedBy: textOrNull(row.reviewed_by),
    eliminatedKeyword: textOrNull(row.eliminated_keyword),
    eliminatedBySimilarity: row.eliminated_by_similarity === true,
    eliminatedByQuotedPost: row.eliminated_by_quoted_post === true,
    selected: row.selected === true,
    manuallyChanged: row.manually_changed === true,
    ...writeFields(row),
  }),
};

export const NEWS: ReviewServiceDef<ServerNewsItem, z.infer<typeof newsChangeBodySchema>> = {
  name: 'news',
  calls: REVIEW_GROUPS.news,
  table: 'news',
  keywordTable: 'news_keywords',
  keyColumns: ['news_id', 'website'],
  keyOf: (body) => [body.newsId, body.website],
  keywordTypeOf: (body) => body.newsKeywordType,
  selectList: `id, news_id, website, account_name, url, message, detect_time, nlp_decision_ratio,
    currencies, markets, tags, detected_keywords, unwanted_usages, reviewed_by, eliminated_keyword,
    selected, manually_changed, manually_changed_by, version, changed_at`,
  toItem: (row) => ({
    id: Number(row.id),
    newsId: String(row.news_id),
    website: String(row.website),
    accountName: String(row.account_name),
    url: String(row.url),
    message: String(row.message),
    detectTime: iso(row.detect_time),
    nlpDecisionRatio: Number(row.nlp_decision_ratio),
    cryptoCurrencyList: texts(row.currencies).map((symbol) => ({ symbol })),
    cryptoMarketList: texts(row.markets).map((name) => ({ name })),
    cryptoTagsList: texts(row.tags),
    detectedKeyword: texts(row.detected_keywords),
    unwantedUsage: texts(row.unwanted_usages),
    reviewedBy: textOrNull(row.reviewed_by),
    eliminatedKeyword: textOrNull(row.eliminated_keyword),
    selected: row.selected === true,
    manuallyChanged: row.manually_changed === true,
    ...writeFields(row),
  }),
};

export const REVIEW_SERVICES = [TWEETS, NEWS] as const;
