/**
 * Migration 2: the review tables (tweets, news) with the indexes their filters walk in detect-time
 * order, and the two keyword lists.
 */
export const review: readonly string[] = [
  `CREATE TABLE tweets (
        id bigserial PRIMARY KEY,
        tweet_id text NOT NULL,
        twitter_user_name text NOT NULL,
        account_name text NOT NULL,
        url text NOT NULL,
        message text NOT NULL,
        tweet_time timestamptz NOT NULL,
        detect_time timestamptz NOT NULL,
        nlp_decision_ratio double precision NOT NULL DEFAULT 0,
        detected_keywords text[] NOT NULL DEFAULT '{}',
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        reviewed_by text,
        eliminated_keyword text,
        eliminated_by_similarity boolean NOT NULL DEFAULT false,
        eliminated_by_quoted_post boolean NOT NULL DEFAULT false,
        selected boolean NOT NULL DEFAULT false,
        manually_changed boolean NOT NULL DEFAULT false,
        manually_changed_by text,
        UNIQUE (tweet_id, twitter_user_name)
      )`,
  'CREATE INDEX tweets_detect_time ON tweets (detect_time, id)',
  'CREATE INDEX tweets_selected_time ON tweets (selected, detect_time, id)',
  'CREATE INDEX tweets_reviewed_time ON tweets ((reviewed_by IS NOT NULL), detect_time, id)',
  'CREATE INDEX tweets_detected_keywords ON tweets USING gin (detected_keywords)',
  `CREATE TABLE news (
        id bigserial PRIMARY KEY,
        news_id text NOT NULL,
        website text NOT NULL,
        account_name text NOT NULL,
        url text NOT NULL,
        message text NOT NULL,
        detect_time timestamptz NOT NULL,
        nlp_decision_ratio double precision NOT NULL DEFAULT 0,
        currencies text[] NOT NULL DEFAULT '{}',
        markets text[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        detected_keywords text[] NOT NULL DEFAULT '{}',
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        reviewed_by text,
        eliminated_keyword text,
        selected boolean NOT NULL DEFAULT false,
        manually_changed boolean NOT NULL DEFAULT false,
        manually_changed_by text,
        UNIQUE (news_id, website)
      )`,
  'CREATE INDEX news_detect_time ON news (detect_time, id)',
  'CREATE INDEX news_selected_time ON news (selected, detect_time, id)',
  'CREATE INDEX news_detected_keywords ON news USING gin (detected_keywords)',
  `CREATE TABLE tweet_keywords (
        id serial PRIMARY KEY,
        keyword text NOT NULL UNIQUE,
        type text NOT NULL,
        unwanted_usages text[] NOT NULL DEFAULT '{}'
      )`,
  `CREATE TABLE news_keywords (
        id serial PRIMARY KEY,
        keyword text NOT NULL UNIQUE,
        type text NOT NULL,
        unwanted_usages text[] NOT NULL DEFAULT '{}'
      )`,
];
