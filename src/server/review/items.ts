import type { KeywordType } from '../../shared/constants';
/**
 * The review records the reference server sends (SPEC.md 3): every field, always. The client
 * reads the provider's leniently (src/shared/api/records.ts); only the server uses these.
 */

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
  type: KeywordType;
  unwantedUsages: string[];
}
