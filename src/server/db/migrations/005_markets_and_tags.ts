/**
 * Migration 5: markets and detected new markets, market image-check results, crypto and ecosystem
 * tags.
 */
export const marketsAndTags: readonly string[] = [
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
];
