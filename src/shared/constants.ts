/**
 * Business constants of SPEC.md section 9, each defined once. Every other part imports them from
 * here so that a change of a page size or a delay is made in one place.
 */

export const REVIEW_PAGE_SIZE = 20;
export const CURRENCY_PAGE_SIZE = 50;
/** Client-side page size of most reference-data lists. */
export const LIST_PAGE_SIZE = 50;
/** New currencies are paged on the server. */
export const NEW_CURRENCY_PAGE_SIZE = 25;
export const PAGINATION_MARGIN_PAGES = 1;

export const RELOAD_DELAY_MS = 150;
export const RELOAD_DELAY_SINGLE_ID_MS = 100;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

export const NLP_RATIO_DISPLAY_CHARS = 5;
export const NLP_RATIO_HIGHLIGHT_ABOVE = 0.5;

export const DEFAULT_START_DATE = '2022-01-01T00:00';
export const MIN_DATE = '2022-01-01';
export const DEFAULT_SORT = 'desc';
export const DEFAULT_CURRENCY_ID_FILTER = '0';
export const DEFAULT_TWITTER_ACCOUNT_TYPE = 'coin';

export const KEYWORD_TYPES = [
  'NO_FILTER',
  'IMPORTANT',
  'RELATIVE',
  'DEFINITELY_NOT_CONTAINS',
  'INFLUENCER',
] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];

export const MARKETS = [
  'BINANCE',
  'BITFINEX',
  'BITSTAMP',
  'BYBIT',
  'COINBASE',
  'COINLIST',
  'CRYPTOCOM',
  'GATE_IO',
  'HUOBI',
  'KRAKEN',
  'KUCOIN',
  'MEXC',
  'OKEX',
] as const;
export type Market = (typeof MARKETS)[number];

export const CONFIGURATION_CATEGORIES = ['notFound', 'multiple', 'different'] as const;
export type ConfigurationCategory = (typeof CONFIGURATION_CATEGORIES)[number];

/** OAuth client id and scope of the sign-in grant (SPEC.md 7, Auth). */
export const SIGN_IN_CLIENT_ID = 'data-quality-center';
export const SIGN_IN_SCOPE = 'openid';
/** The spec leaves the refresh client id as "a fixed data-quality client id"; it is a setting. */
export const DEFAULT_REFRESH_CLIENT_ID = 'data-quality-center';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The only role the console checks (SPEC.md 6). */
export const ADMIN_ROLE = 'ADMIN';

/** Default names of the Reviewed By filter; a setting, and also the demo users. */
export const DEFAULT_REVIEWERS = ['reviewer1', 'reviewer2', 'reviewer3'] as const;

/**
 * Default AES key for the sign-in password cipher. It matches the reference server's default so
 * that the demo works out of the box; a real deployment sets DQC_PASSWORD_KEY on both sides.
 */
export const DEFAULT_PASSWORD_KEY = 'dqc-demo-password-key-0123456789';
export const PASSWORD_KEY_LENGTHS = [16, 24, 32] as const;
