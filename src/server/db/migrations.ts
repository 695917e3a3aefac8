import { dayCountStatements } from './dayCounts';
import { keywordItemStatements } from './keywordItems';
import type { Database } from './database';

/**
 * Ordered, append-only. A migration that has run is never edited; a change is a new entry.
 * Later issues add their tables here.
 */
/** A migration is SQL split on ';', or a list of statements where bodies hold ';' themselves. */
export const MIGRATIONS: readonly {
  id: number;
  name: string;
  sql?: string;
  statements?: readonly string[];
}[] = [
  {
    id: 1,
    name: 'auth',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        username text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        roles text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        client_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX auth_sessions_user ON auth_sessions(user_id);
      CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        private_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 2,
    name: 'review',
    sql: `
      CREATE TABLE tweets (
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
      );
      CREATE INDEX tweets_detect_time ON tweets (detect_time, id);
      CREATE INDEX tweets_selected_time ON tweets (selected, detect_time, id);
      CREATE INDEX tweets_reviewed_time ON tweets ((reviewed_by IS NOT NULL), detect_time, id);
      CREATE INDEX tweets_detected_keywords ON tweets USING gin (detected_keywords);
      CREATE TABLE news (
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
      );
      CREATE INDEX news_detect_time ON news (detect_time, id);
      CREATE INDEX news_selected_time ON news (selected, detect_time, id);
      CREATE INDEX news_detected_keywords ON news USING gin (detected_keywords);
      CREATE TABLE tweet_keywords (
        id serial PRIMARY KEY,
        keyword text NOT NULL UNIQUE,
        type text NOT NULL,
        unwanted_usages text[] NOT NULL DEFAULT '{}'
      );
      CREATE TABLE news_keywords (
        id serial PRIMARY KEY,
        keyword text NOT NULL UNIQUE,
        type text NOT NULL,
        unwanted_usages text[] NOT NULL DEFAULT '{}'
      );
    `,
  },
  {
    id: 3,
    name: 'review-counts',
    statements: [
      // Filtering by reviewer walks this index in detect-time order instead of scanning.
      'CREATE INDEX tweets_reviewer_time ON tweets (reviewed_by, detect_time, id)',
      'CREATE INDEX news_reviewer_time ON news (reviewed_by, detect_time, id)',
      ...dayCountStatements('tweets'),
      ...dayCountStatements('news'),
    ],
  },
  {
    id: 4,
    name: 'currencies',
    sql: `
      CREATE TABLE currencies (
        id serial PRIMARY KEY,
        currency_id integer NOT NULL UNIQUE,
        currency_ids integer[] NOT NULL DEFAULT '{}',
        rank integer NOT NULL,
        symbol text NOT NULL,
        name text NOT NULL,
        unique_name text NOT NULL UNIQUE,
        active boolean NOT NULL DEFAULT true,
        search_with_currency boolean NOT NULL DEFAULT false,
        tags text[] NOT NULL DEFAULT '{}',
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        detect_time timestamptz,
        website text[] NOT NULL DEFAULT '{}',
        socials jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX currencies_symbol ON currencies (lower(symbol));
      CREATE TABLE currency_trading_pairs (
        id serial PRIMARY KEY,
        currency_id integer NOT NULL REFERENCES currencies(id) ON DELETE CASCADE,
        market text NOT NULL,
        other_currency text NOT NULL,
        other_currency_unique_name text NOT NULL,
        pair_active boolean NOT NULL DEFAULT true
      );
      CREATE INDEX currency_trading_pairs_currency ON currency_trading_pairs (currency_id);
      CREATE TABLE new_currencies (
        id serial PRIMARY KEY,
        currency_id integer NOT NULL UNIQUE,
        rank integer NOT NULL,
        symbol text NOT NULL,
        name text NOT NULL,
        unique_name text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        search_with_currency boolean NOT NULL DEFAULT false,
        tags text[] NOT NULL DEFAULT '{}',
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        detect_time timestamptz NOT NULL,
        website text[] NOT NULL DEFAULT '{}',
        socials jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX new_currencies_order ON new_currencies (detect_time DESC, id DESC);
      CREATE TABLE new_version_currencies (
        id serial PRIMARY KEY,
        currency_id integer NOT NULL UNIQUE,
        old_currency integer NOT NULL REFERENCES currencies(id) ON DELETE CASCADE,
        rank integer NOT NULL,
        symbol text NOT NULL,
        name text NOT NULL,
        unique_name text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        search_with_currency boolean NOT NULL DEFAULT false,
        tags text[] NOT NULL DEFAULT '{}',
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        detect_time timestamptz NOT NULL,
        website text[] NOT NULL DEFAULT '{}',
        socials jsonb NOT NULL DEFAULT '{}'
      );
      CREATE TABLE currency_images (
        unique_name text PRIMARY KEY,
        has_image boolean NOT NULL
      )
    `,
  },
  {
    id: 5,
    name: 'markets-and-tags',
    statements: [
      `CREATE TABLE markets (
        id serial PRIMARY KEY,
        market_id integer NOT NULL UNIQUE,
        unique_name text NOT NULL UNIQUE,
        name text NOT NULL,
        search boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        unwanted_usages text[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}'
      )`,
      // 'Same Markets' of a queued market: catalogue markets with its name in any case.
      'CREATE INDEX markets_lower_name ON markets (lower(name))',
      `CREATE TABLE new_markets (
        id serial PRIMARY KEY,
        market_id integer NOT NULL UNIQUE,
        name text NOT NULL,
        unique_name text NOT NULL,
        search boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        detect_time timestamptz NOT NULL
      )`,
      'CREATE INDEX new_markets_order ON new_markets (detect_time DESC, id DESC)',
      `CREATE TABLE market_images (
        unique_name text PRIMARY KEY,
        has_image boolean NOT NULL
      )`,
      `CREATE TABLE crypto_tags (
        id serial PRIMARY KEY,
        name text NOT NULL,
        unique_name text NOT NULL UNIQUE,
        usages text[] NOT NULL DEFAULT '{}',
        search boolean NOT NULL DEFAULT false,
        display_on_apps boolean NOT NULL DEFAULT false
      )`,
      `CREATE TABLE ecosystem_tags (
        id serial PRIMARY KEY,
        name text NOT NULL,
        unique_name text NOT NULL UNIQUE
      )`,
      // The 'includes' searches are ILIKE '%text%' on name or unique name: only trigram indexes
      // serve a pattern with a leading wildcard. pg_trgm ships with PGlite (loaded in
      // pgliteDatabase.ts) and with PostgreSQL's contrib; where a server lacks it, or the user may
      // not create it, the searches still work, by scanning.
      `DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available: the includes searches will scan';
      END $$`,
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          EXECUTE 'CREATE INDEX markets_name_trgm ON markets USING gin (name gin_trgm_ops, unique_name gin_trgm_ops)';
          EXECUTE 'CREATE INDEX crypto_tags_name_trgm ON crypto_tags USING gin (name gin_trgm_ops, unique_name gin_trgm_ops)';
          EXECUTE 'CREATE INDEX ecosystem_tags_name_trgm ON ecosystem_tags USING gin (name gin_trgm_ops, unique_name gin_trgm_ops)';
        END IF;
      END $$`,
    ],
  },
  {
    id: 6,
    name: 'configurations-mismatches-accounts',
    sql: `
      CREATE TABLE market_currency_configurations (
        id serial PRIMARY KEY,
        symbol text NOT NULL,
        name text NOT NULL,
        unique_name text NOT NULL,
        market text NOT NULL CHECK (market IN ('BINANCE', 'BITFINEX', 'BITSTAMP', 'BYBIT',
          'COINBASE', 'COINLIST', 'CRYPTOCOM', 'GATE_IO', 'HUOBI', 'KRAKEN', 'KUCOIN', 'MEXC', 'OKEX')),
        category text NOT NULL CHECK (category IN ('notFound', 'multiple', 'different')),
        UNIQUE (unique_name, market)
      );
      CREATE INDEX market_currency_configurations_market_symbol
        ON market_currency_configurations (market, lower(symbol));
      CREATE INDEX market_currency_configurations_symbol
        ON market_currency_configurations (lower(symbol));
      CREATE TABLE mismatch_trading_pairs (
        id serial PRIMARY KEY,
        market text NOT NULL,
        pair text NOT NULL,
        base_currency text NOT NULL,
        other_currency text NOT NULL,
        message text NOT NULL,
        UNIQUE (market, pair)
      );
      CREATE INDEX mismatch_trading_pairs_base ON mismatch_trading_pairs (lower(base_currency), market);
      CREATE INDEX mismatch_trading_pairs_other ON mismatch_trading_pairs (lower(other_currency), market);
      CREATE TABLE mismatch_explorer_urls (
        id serial PRIMARY KEY,
        url text NOT NULL,
        unique_name text NOT NULL,
        name text NOT NULL,
        is_specific boolean NOT NULL,
        UNIQUE (unique_name, url)
      );
      CREATE TABLE currency_explorer_urls (
        id serial PRIMARY KEY,
        unique_name text NOT NULL REFERENCES currencies(unique_name) ON UPDATE CASCADE ON DELETE CASCADE,
        url text NOT NULL,
        name text NOT NULL,
        is_specific boolean NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (unique_name, url)
      );
      CREATE TABLE coin_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        currency_code text NOT NULL,
        twitter_account_name text NOT NULL,
        unique_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'COIN'),
        active boolean NOT NULL
      );
      CREATE INDEX coin_accounts_unique_name ON coin_accounts (lower(unique_name));
      CREATE TABLE news_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        twitter_account_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'NEWS'),
        active boolean NOT NULL
      );
      CREATE TABLE market_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        market text NOT NULL,
        twitter_account_name text NOT NULL,
        unique_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'MARKET'),
        active boolean NOT NULL,
        listing_active boolean NOT NULL,
        market_announcement_active boolean NOT NULL
      );
      CREATE INDEX market_accounts_unique_name ON market_accounts (lower(unique_name))
    `,
  },
  {
    id: 7,
    name: 'refresh-token-chain',
    // The token that replaced a used one: a client that lost the rotation's answer may present
    // the used one again while its successor is still unused (authSessions.ts, grace).
    sql: `ALTER TABLE refresh_tokens ADD COLUMN replaced_by text`,
  },
  {
    id: 8,
    name: 'review-keyword-items',
    // A keyword filter's deep pages read an ordered index instead of the items (keywordItems.ts).
    statements: [...keywordItemStatements('tweets'), ...keywordItemStatements('news')],
  },
];

export async function migrate(db: Database): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      const statements = migration.statements ?? splitStatements(migration.sql ?? '');
      for (const statement of statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
    });
    applied.push(migration.id);
  }
  return applied;
}

/** Parameterless statements one by one: the extended protocol takes one statement at a time. */
function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
