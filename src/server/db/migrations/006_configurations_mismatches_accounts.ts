/**
 * Migration 6: market-currency configurations, the mismatch queues (trading pairs, explorer URLs),
 * the explorer URLs matched to a currency, and the coin, news and market Twitter accounts.
 */
export const configurationsMismatchesAccounts: readonly string[] = [
  `CREATE TABLE market_currency_configurations (
        id serial PRIMARY KEY,
        symbol text NOT NULL,
        name text NOT NULL,
        unique_name text NOT NULL,
        market text NOT NULL CHECK (market IN ('BINANCE', 'BITFINEX', 'BITSTAMP', 'BYBIT',
          'COINBASE', 'COINLIST', 'CRYPTOCOM', 'GATE_IO', 'HUOBI', 'KRAKEN', 'KUCOIN', 'MEXC', 'OKEX')),
        category text NOT NULL CHECK (category IN ('notFound', 'multiple', 'different')),
        UNIQUE (unique_name, market)
      )`,
  `CREATE INDEX market_currency_configurations_market_symbol
        ON market_currency_configurations (market, lower(symbol))`,
  `CREATE INDEX market_currency_configurations_symbol
        ON market_currency_configurations (lower(symbol))`,
  `CREATE TABLE mismatch_trading_pairs (
        id serial PRIMARY KEY,
        market text NOT NULL,
        pair text NOT NULL,
        base_currency text NOT NULL,
        other_currency text NOT NULL,
        message text NOT NULL,
        UNIQUE (market, pair)
      )`,
  'CREATE INDEX mismatch_trading_pairs_base ON mismatch_trading_pairs (lower(base_currency), market)',
  'CREATE INDEX mismatch_trading_pairs_other ON mismatch_trading_pairs (lower(other_currency), market)',
  `CREATE TABLE mismatch_explorer_urls (
        id serial PRIMARY KEY,
        url text NOT NULL,
        unique_name text NOT NULL,
        name text NOT NULL,
        is_specific boolean NOT NULL,
        UNIQUE (unique_name, url)
      )`,
  `CREATE TABLE currency_explorer_urls (
        id serial PRIMARY KEY,
        unique_name text NOT NULL REFERENCES currencies(unique_name) ON UPDATE CASCADE ON DELETE CASCADE,
        url text NOT NULL,
        name text NOT NULL,
        is_specific boolean NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (unique_name, url)
      )`,
  `CREATE TABLE coin_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        currency_code text NOT NULL,
        twitter_account_name text NOT NULL,
        unique_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'COIN'),
        active boolean NOT NULL
      )`,
  'CREATE INDEX coin_accounts_unique_name ON coin_accounts (lower(unique_name))',
  `CREATE TABLE news_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        twitter_account_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'NEWS'),
        active boolean NOT NULL
      )`,
  `CREATE TABLE market_accounts (
        id serial PRIMARY KEY,
        user_id text NOT NULL UNIQUE,
        market text NOT NULL,
        twitter_account_name text NOT NULL,
        unique_name text NOT NULL,
        account_type text NOT NULL CHECK (account_type = 'MARKET'),
        active boolean NOT NULL,
        listing_active boolean NOT NULL,
        market_announcement_active boolean NOT NULL
      )`,
  'CREATE INDEX market_accounts_unique_name ON market_accounts (lower(unique_name))',
];
