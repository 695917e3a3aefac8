import type { Service } from '../claims/claimSql';

/** Where grouping reads an item of each service: its table and the columns SPEC.md 3 names. */
export interface StoryColumns {
  kind: 'tweet' | 'news';
  table: 'tweets' | 'news';
  /** The account or the website. */
  source: string;
  /** The tweet's own id, which quotes link to; none for news. */
  ownId: string | null;
  /** The news item's listed coins; none for tweets. */
  symbols: string | null;
  /** A fixed key for pg_advisory_xact_lock: one grouper per service at a time. */
  lockKey: number;
}

export const STORY_COLUMNS: Readonly<Record<Service, StoryColumns>> = {
  tweets: {
    kind: 'tweet',
    table: 'tweets',
    source: 'twitter_user_name',
    ownId: 'tweet_id',
    symbols: null,
    lockKey: 480_001,
  },
  news: {
    kind: 'news',
    table: 'news',
    source: 'website',
    ownId: null,
    symbols: 'currencies',
    lockKey: 480_002,
  },
};
