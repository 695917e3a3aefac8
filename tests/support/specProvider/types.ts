/**
 * The records the spec provider holds, written from SPEC.md section 3 alone. They are kept in the
 * shape the provider answers with: a field SPEC.md does not promise for every record is optional,
 * some list fields may be `null`, some ids are numbers, and a few records carry an extra field
 * that SPEC.md does not name at all.
 */
import type { ConfigurationCategory, KeywordType } from '../../../src/shared/constants';

/** One request as it reached the provider. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The raw body text ('' when none). */
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
  userId: string | undefined;
  idToken: string | undefined;
}

/** Fields a tweet and a news item share, as far as the review filter needs them. */
export interface ReviewItem {
  id: number;
  message: string | null;
  detectTime: string;
  nlpDecisionRatio: number;
  detectedKeyword: string[] | null;
  unwantedUsage: string[] | null;
  reviewedBy: string | null;
  eliminatedKeyword: string | null;
  selected: boolean;
  accountName?: string;
  url?: string;
  /** Extra (not in SPEC.md 3): set by a manual select or eliminate. */
  manuallyChanged: boolean;
}

export interface Tweet extends ReviewItem {
  twitterUserName: string;
  /** A number on some tweets, a string of digits on others. */
  tweetId: number | string;
  tweetTime: string;
  eliminatedBySimilarity: boolean;
  eliminatedByQuotedPost: boolean;
  /** Extra (not in SPEC.md 3). */
  lang: string;
}

export interface NewsItem extends ReviewItem {
  /** A number on some items, a string on others. */
  newsId: number | string;
  website: string;
  cryptoCurrencyList: { symbol: string; name?: string }[] | null;
  cryptoMarketList: { name: string }[] | null;
  cryptoTagsList?: string[] | null;
  /** Extra (not in SPEC.md 3). */
  source: string;
}

export interface Keyword {
  id: number;
  keyword: string;
  type: KeywordType;
  unwantedUsages: string[] | null;
  /** Extra (not in SPEC.md 3). */
  createdBy?: string;
}

export type SocialKey = 'twitter' | 'reddit' | 'discord' | 'telegram' | 'forum' | 'facebook';

export interface TradingPair {
  id: number;
  otherCurrency: string;
  otherCurrencyUniqueName: string;
  pairActive: boolean;
}

export interface MarketTradingPairs {
  market: string;
  tradingPairs: TradingPair[];
}

/** A currency of the catalogue. */
export interface Currency {
  id: number;
  currencyId: number;
  currencyIds: number[] | null;
  rank: number;
  currency: string;
  name: string;
  uniqueName: string;
  active: boolean;
  searchWithCurrency: boolean;
  tags: string[] | null;
  unwantedUsages: string[] | null;
  website?: string[] | null;
  socials?: Partial<Record<SocialKey, string | null>>;
  marketTradingPairs?: MarketTradingPairs[];
  /** Extra (not in SPEC.md 3). */
  lastUpdated: string;
}

/** A detected currency waiting in the queue; the answer adds sameCurrencySymbolList. */
export interface NewCurrency {
  id: number;
  currencyId: number;
  rank: number;
  currency: string;
  name: string;
  uniqueName: string;
  active: boolean;
  searchWithCurrency: boolean;
  detectTime: string;
}

/** A new version of a catalogue currency; the answer adds the old one as oldVersionCurrency. */
export interface NewVersion {
  id: number;
  currencyId: number;
  rank: number;
  currency: string;
  name: string;
  uniqueName: string;
  active: boolean;
  searchWithCurrency: boolean;
  tags: string[] | null;
  unwantedUsages: string[] | null;
  detectTime: string;
  /** uniqueName of the catalogue currency it replaces. */
  oldVersionUniqueName: string;
}

export interface Market {
  id: number;
  marketId: number;
  uniqueName: string;
  name: string;
  search: boolean;
  active: boolean;
  unwantedUsages: string[] | null;
  tags: string[] | null;
  /** Extra (not in SPEC.md 3). */
  exchangeType?: string;
}

/** A detected market waiting in the queue; the answer adds sameMarketNameList. */
export interface NewMarket {
  marketId: number;
  name: string;
  uniqueName: string;
  search: boolean;
  active: boolean;
  detectTime: string;
}

export interface CryptoTag {
  name: string;
  uniqueName: string;
  usages: string[] | null;
  search: boolean;
  displayOnApps: boolean;
}

export interface EcosystemTag {
  name: string;
  uniqueName: string;
}

export interface Configuration {
  currency: string;
  name: string;
  uniqueName: string;
  market: string;
  category: ConfigurationCategory;
}

export interface MismatchTradingPair {
  pair: string;
  market: string;
  baseCurrency: string;
  otherCurrency: string;
  message: string | null;
}

export interface MismatchExplorerUrl {
  url: string;
  uniqueName: string;
  name: string;
  specific: boolean;
}

export interface CoinAccount {
  currencyCode: string;
  twitterAccountName: string;
  uniqueName: string;
  accountType: string;
  active: boolean;
  userId: number | string;
}

export interface NewsAccount {
  twitterAccountName: string;
  accountType: string;
  active: boolean;
  userId: number | string;
}

export interface MarketAccount {
  market: string;
  twitterAccountName: string;
  uniqueName: string;
  accountType: string;
  active: boolean;
  listingActive: boolean;
  marketAnnouncementActive: boolean;
  userId: number | string;
}

export type ReviewService = 'tweets' | 'news';

/** Everything the provider holds; tests may read and change it. */
export interface ProviderState {
  tweets: Tweet[];
  news: NewsItem[];
  keywords: Record<ReviewService, Keyword[]>;
  /** How many times each model creation was asked for. */
  modelRuns: Record<ReviewService, number>;
  currencies: Currency[];
  newCurrencies: NewCurrency[];
  newVersions: NewVersion[];
  /** uniqueNames whose image is on file. */
  currencyImages: string[];
  marketImages: string[];
  markets: Market[];
  newMarkets: NewMarket[];
  cryptoTags: CryptoTag[];
  ecosystemTags: EcosystemTag[];
  configurations: Configuration[];
  mismatchTradingPairs: MismatchTradingPair[];
  mismatchExplorerUrls: MismatchExplorerUrl[];
  /** Explorer URLs matched out of the mismatch queue. */
  explorerUrls: MismatchExplorerUrl[];
  coinAccounts: CoinAccount[];
  newsAccounts: NewsAccount[];
  marketAccounts: MarketAccount[];
  /** The next id handed to a new record. */
  nextId: number;
}
