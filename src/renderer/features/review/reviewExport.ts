import type { ExportColumn } from '../../../shared/export';
import type { FilterType } from '../../../shared/bodies/review';

/**
 * What Export… writes as "Columns shown" on Review: what a card shows, by the item's field names
 * (shared/api/records.ts), in the card's order.
 */
const TWEET_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', title: 'Data Id' },
  { key: 'twitterUserName', title: 'Account' },
  { key: 'accountName', title: 'Account Name' },
  { key: 'message', title: 'Message' },
  { key: 'url', title: 'Url' },
  { key: 'tweetId', title: 'Tweet Id' },
  { key: 'tweetTime', title: 'Tweet Time' },
  { key: 'detectTime', title: 'Detect Time' },
  { key: 'detectedKeyword', title: 'Detected Keyword' },
  { key: 'unwantedUsage', title: 'Unwanted Usage' },
  { key: 'eliminatedKeyword', title: 'Eliminated Keyword' },
  { key: 'nlpDecisionRatio', title: 'NLP Decision Ratio' },
  { key: 'selected', title: 'Selected' },
  { key: 'manuallyChanged', title: 'Manually Changed' },
  { key: 'reviewedBy', title: 'Reviewed By' },
];

const NEWS_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', title: 'Data Id' },
  { key: 'website', title: 'Website' },
  { key: 'accountName', title: 'Account Name' },
  { key: 'message', title: 'Message' },
  { key: 'url', title: 'Url' },
  { key: 'newsId', title: 'News Id' },
  { key: 'detectTime', title: 'Detect Time' },
  { key: 'detectedKeyword', title: 'Detected Keyword' },
  { key: 'unwantedUsage', title: 'Unwanted Usage' },
  { key: 'eliminatedKeyword', title: 'Eliminated Keyword' },
  { key: 'cryptoTagsList', title: 'Tags' },
  { key: 'nlpDecisionRatio', title: 'NLP Decision Ratio' },
  { key: 'selected', title: 'Selected' },
  { key: 'manuallyChanged', title: 'Manually Changed' },
  { key: 'reviewedBy', title: 'Reviewed By' },
];

export const exportColumnsOf = (filterType: FilterType): readonly ExportColumn[] =>
  filterType === 'tweets' ? TWEET_COLUMNS : NEWS_COLUMNS;

export const exportLabelOf = (filterType: FilterType): string =>
  filterType === 'tweets' ? 'Review: tweets' : 'Review: news';
