import { z } from 'zod';
import type { NewsItem, ReviewItem, TweetItem } from '../api/records';
import type { AuditSource } from './auditRecord';

/**
 * What an audit card may show before its answer (the blind audit sample): the item's text, where
 * it came from, its keywords and times, and nothing that tells what the classifier decided. The
 * card is built by naming each allowed field (`blindCardOf`), never by deleting the others from an
 * item: a field a provider adds later stays out unless it is listed here.
 *
 * Left out on purpose: selected, nlpDecisionRatio, eliminatedKeyword, eliminatedBySimilarity,
 * eliminatedByQuotedPost, manuallyChanged (and who and when), reviewedBy, the item's version, and
 * unwantedUsage (the usages the pipeline matched to eliminate an item: a hint of its decision).
 */
export interface BlindCard {
  source: AuditSource;
  /** The data id (SPEC.md 3): what audit.answer names the item by, with its source. */
  itemId: number;
  message: string | null;
  url: string | null;
  detectTime: string | null;
  /** Tweets only. */
  tweetTime: string | null;
  /** The tweet's account (tweets only). */
  twitterUserName: string | null;
  /** The news website (news only). */
  website: string | null;
  accountName: string | null;
  /** The keywords the item was found by. */
  detectedKeyword: string[];
  /** News only: the currencies' symbols, the markets' names and the tags found in it. */
  currencies: string[];
  markets: string[];
  tags: string[];
}

/** The card as a strict schema: a key that is not listed above fails it (the blindness tests). */
export const blindCardSchema = z.strictObject({
  source: z.enum(['tweets', 'news']),
  itemId: z.number().int(),
  message: z.string().nullable(),
  url: z.string().nullable(),
  detectTime: z.string().nullable(),
  tweetTime: z.string().nullable(),
  twitterUserName: z.string().nullable(),
  website: z.string().nullable(),
  accountName: z.string().nullable(),
  detectedKeyword: z.array(z.string()),
  currencies: z.array(z.string()),
  markets: z.array(z.string()),
  tags: z.array(z.string()),
}) satisfies z.ZodType<BlindCard>;

/** The keys a blind card holds, and no others. */
export const BLIND_CARD_KEYS = Object.keys(blindCardSchema.shape) as (keyof BlindCard)[];

const orNull = (value: string | undefined): string | null => value ?? null;

/** The blind card of an item as read from the provider (src/shared/api/records.ts). */
export function blindCardOf(source: AuditSource, itemId: number, item: ReviewItem): BlindCard {
  const tweet = source === 'tweets' ? (item as TweetItem) : null;
  const news = source === 'news' ? (item as NewsItem) : null;
  return {
    source,
    itemId,
    message: orNull(item.message),
    url: orNull(item.url),
    detectTime: orNull(item.detectTime),
    tweetTime: orNull(tweet?.tweetTime),
    twitterUserName: orNull(tweet?.twitterUserName),
    website: orNull(news?.website),
    accountName: orNull(item.accountName),
    detectedKeyword: [...item.detectedKeyword],
    currencies: (news?.cryptoCurrencyList ?? []).flatMap((c) => (c.symbol ? [c.symbol] : [])),
    markets: (news?.cryptoMarketList ?? []).flatMap((m) => (m.name ? [m.name] : [])),
    tags: [...(news?.cryptoTagsList ?? [])],
  };
}
