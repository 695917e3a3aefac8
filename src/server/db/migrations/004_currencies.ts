/**
 * Migration 4: the currency catalogue and its trading pairs, the new-currency and new-version
 * queues, and the image-check results.
 */
export const currencies: readonly string[] = [
  `CREATE TABLE currencies (
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
      )`,
  'CREATE INDEX currencies_symbol ON currencies (lower(symbol))',
  `CREATE TABLE currency_trading_pairs (
        id serial PRIMARY KEY,
        currency_id integer NOT NULL REFERENCES currencies(id) ON DELETE CASCADE,
        market text NOT NULL,
        other_currency text NOT NULL,
        other_currency_unique_name text NOT NULL,
        pair_active boolean NOT NULL DEFAULT true
      )`,
  'CREATE INDEX currency_trading_pairs_currency ON currency_trading_pairs (currency_id)',
  `CREATE TABLE new_currencies (
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
      )`,
  'CREATE INDEX new_currencies_order ON new_currencies (detect_time DESC, id DESC)',
  `CREATE TABLE new_version_currencies (
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
      )`,
  `CREATE TABLE currency_images (
        unique_name text PRIMARY KEY,
        has_image boolean NOT NULL
      )`,
];
