import {
  flag,
  num,
  optionalRecord,
  record,
  records,
  text,
  texts,
  type FieldReader,
} from './answers';
import { z } from 'zod';

/** Provider ids of earlier versions: numbers, or numbers as text. */
const numbers: FieldReader<number[]> = Object.assign(
  z.unknown().transform((value) => readNumbers(value)) as unknown as z.ZodType<number[]>,
  { read: (value: unknown) => readNumbers(value) },
);
function readNumbers(value: unknown): number[] {
  return texts.read(value).map(Number).filter(Number.isFinite);
}

/**
 * The records of SPEC.md 3 as the client reads them from the provider: every field may be absent
 * (the screens show '-'), list fields are never null, ids may come as numbers or text. These are
 * the only record types the renderer knows.
 */

// Review (tweets, news) and keywords ------------------------------------------------------------

const reviewFields = {
  id: num,
  url: text,
  message: text,
  detectTime: text,
  nlpDecisionRatio: num,
  detectedKeyword: texts,
  unwantedUsage: texts,
  reviewedBy: text,
  eliminatedKeyword: text,
  selected: flag,
  /** Our server also says whether a person changed the decision; the provider may not. */
  manuallyChanged: flag,
  accountName: text,
  /**
   * Our server's conditional-writes extension (src/shared/conflict.ts): the item's version, who
   * made its decision and when it was last written. A provider need not send them.
   */
  version: num,
  manuallyChangedBy: text,
  changedAt: text,
};

export const tweetItemRecord = record({
  ...reviewFields,
  twitterUserName: text,
  tweetId: text,
  tweetTime: text,
  eliminatedBySimilarity: flag,
  eliminatedByQuotedPost: flag,
});
export type TweetItem = z.output<typeof tweetItemRecord>;

export const newsItemRecord = record({
  ...reviewFields,
  newsId: text,
  website: text,
  cryptoCurrencyList: records(record({ symbol: text })),
  cryptoMarketList: records(record({ name: text })),
  cryptoTagsList: texts,
});
export type NewsItem = z.output<typeof newsItemRecord>;
export type ReviewItem = TweetItem | NewsItem;

export const keywordRecord = record({
  id: num,
  keyword: text,
  type: text,
  unwantedUsages: texts,
});
export type Keyword = z.output<typeof keywordRecord>;

// Currencies -----------------------------------------------------------------------------------

export const SOCIAL_NAMES = [
  'twitter',
  'reddit',
  'discord',
  'telegram',
  'forum',
  'facebook',
] as const;
export type SocialName = (typeof SOCIAL_NAMES)[number];

const socialsRecord = record(
  Object.fromEntries(SOCIAL_NAMES.map((name) => [name, text])) as Record<SocialName, typeof text>,
);

const tradingPairRecord = record({
  id: num,
  otherCurrency: text,
  otherCurrencyUniqueName: text,
  pairActive: flag,
});

const currencyFields = {
  id: num,
  currencyId: num,
  rank: num,
  currency: text,
  name: text,
  uniqueName: text,
  active: flag,
  searchWithCurrency: flag,
  tags: texts,
  unwantedUsages: texts,
  detectTime: text,
  website: texts,
  socials: optionalRecord(socialsRecord),
  marketTradingPairs: records(record({ market: text, tradingPairs: records(tradingPairRecord) })),
};

export const currencyRecord = record({
  ...currencyFields,
  // Provider ids of earlier versions: numbers or numbers as text.
  currencyIds: numbers,
});
export type Currency = z.output<typeof currencyRecord>;

export const newCurrencyRecord = record({
  ...currencyRecord.shape,
  sameCurrencySymbolList: records(currencyRecord),
});
export type NewCurrency = z.output<typeof newCurrencyRecord>;

export const newVersionCurrencyRecord = record({
  ...currencyRecord.shape,
  oldVersionCurrency: optionalRecord(currencyRecord),
});
export type NewVersionCurrency = z.output<typeof newVersionCurrencyRecord>;

// Markets and tags ------------------------------------------------------------------------------

export const marketRecord = record({
  id: num,
  marketId: num,
  uniqueName: text,
  name: text,
  search: flag,
  active: flag,
  unwantedUsages: texts,
  tags: texts,
});
export type MarketRecord = z.output<typeof marketRecord>;

export const newMarketRecord = record({
  marketId: num,
  name: text,
  uniqueName: text,
  search: flag,
  active: flag,
  detectTime: text,
  sameMarketNameList: records(marketRecord),
});
export type NewMarketRecord = z.output<typeof newMarketRecord>;

export const cryptoTagRecord = record({
  name: text,
  uniqueName: text,
  usages: texts,
  search: flag,
  displayOnApps: flag,
});
export type CryptoTagRecord = z.output<typeof cryptoTagRecord>;

export const ecosystemTagRecord = record({ name: text, uniqueName: text });
export type EcosystemTagRecord = z.output<typeof ecosystemTagRecord>;

// Configurations and mismatches -----------------------------------------------------------------

export const configurationRecord = record({
  currency: text,
  name: text,
  uniqueName: text,
  market: text,
  category: text,
});
export type ConfigurationRecord = z.output<typeof configurationRecord>;

export const mismatchTradingPairRecord = record({
  pair: text,
  market: text,
  baseCurrency: text,
  otherCurrency: text,
  message: text,
});
export type MismatchTradingPairRecord = z.output<typeof mismatchTradingPairRecord>;

export const mismatchExplorerUrlRecord = record({
  url: text,
  uniqueName: text,
  name: text,
  /** SPEC.md 3 calls it specific; it is sent as isSpecific, and read under either name. */
  specific: flag,
  isSpecific: flag,
});
export type MismatchExplorerUrlRecord = z.output<typeof mismatchExplorerUrlRecord>;

// Twitter accounts ------------------------------------------------------------------------------

const accountFields = {
  twitterAccountName: text,
  accountType: text,
  active: flag,
  userId: text,
};

export const coinAccountRecord = record({ ...accountFields, currencyCode: text, uniqueName: text });
export type CoinAccountRecord = z.output<typeof coinAccountRecord>;

export const newsAccountRecord = record(accountFields);
export type NewsAccountRecord = z.output<typeof newsAccountRecord>;

export const marketAccountRecord = record({
  ...accountFields,
  market: text,
  uniqueName: text,
  listingActive: flag,
  marketAnnouncementActive: flag,
});
export type MarketAccountRecord = z.output<typeof marketAccountRecord>;
