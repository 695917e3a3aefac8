import type { ComponentType } from 'react';

export interface RouteDef {
  path: string;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** Every protected route of SPEC.md 2, each a lazy chunk of its feature. */
export const PROTECTED_ROUTES: readonly RouteDef[] = [
  { path: '/filter', title: 'Review', load: () => import('../features/review/ReviewPage') },
  { path: '/keyword', title: 'Keyword', load: () => import('../features/keyword/KeywordHub') },
  {
    path: '/keyword/get-keywords',
    title: 'List Keywords',
    load: () => import('../features/keyword/ListKeywordsPage'),
  },
  {
    path: '/cryptoCurrency',
    title: 'Crypto Currency',
    load: () => import('../features/cryptoCurrency/CryptoCurrencyHub'),
  },
  {
    path: '/cryptoCurrency/get-currencies',
    title: 'List Crypto Currencies',
    load: () => import('../features/cryptoCurrency/ListCurrenciesPage'),
  },
  {
    path: '/cryptoCurrency/get-newCurrencies',
    title: 'List New Crypto Currencies',
    load: () => import('../features/cryptoCurrency/ListNewCurrenciesPage'),
  },
  {
    path: '/cryptoCurrency/get-new-version-of-currencies',
    title: "Currency's New Version",
    load: () => import('../features/cryptoCurrency/NewVersionCurrenciesPage'),
  },
  { path: '/market', title: 'Market', load: () => import('../features/market/MarketHub') },
  {
    path: '/market/get-markets',
    title: 'List Markets',
    load: () => import('../features/market/MarketHub'),
  },
  {
    path: '/market/get-newMarkets',
    title: 'List New Markets',
    load: () => import('../features/market/MarketHub'),
  },
  {
    path: '/cryptoTag',
    title: 'Crypto Tag',
    load: () => import('../features/cryptoTag/CryptoTagHub'),
  },
  {
    path: '/cryptoTag/listTags',
    title: 'List Crypto Tags',
    load: () => import('../features/cryptoTag/CryptoTagHub'),
  },
  {
    path: '/ecosystemTag',
    title: 'Ecosystem Tag',
    load: () => import('../features/ecosystemTag/EcosystemTagPage'),
  },
  {
    path: '/configurations',
    title: 'Configurations',
    load: () => import('../features/configurations/ConfigurationsHub'),
  },
  {
    path: '/configurations/list',
    title: 'List Configurations',
    load: () => import('../features/configurations/ConfigurationsHub'),
  },
  {
    path: '/mismatches',
    title: 'Mismatches',
    load: () => import('../features/mismatches/MismatchesHub'),
  },
  {
    path: '/mismatches/get-tradingPairs',
    title: 'Trading Pairs',
    load: () => import('../features/mismatches/MismatchesHub'),
  },
  {
    path: '/mismatches/get-explorerUrls',
    title: 'Explorer Urls',
    load: () => import('../features/mismatches/MismatchesHub'),
  },
  {
    path: '/twitter-accounts',
    title: 'Twitter Accounts',
    load: () => import('../features/twitterAccounts/TwitterAccountsPage'),
  },
];

/** The navigation bar's links, in order; the logout button follows them. */
export const NAV_LINKS: readonly { to: string; label: string }[] = [
  { to: '/filter', label: 'Review' },
  { to: '/keyword', label: 'Keyword' },
  { to: '/cryptoCurrency', label: 'Crypto Currency' },
  { to: '/market', label: 'Market' },
  { to: '/cryptoTag', label: 'Crypto Tag' },
  { to: '/ecosystemTag', label: 'Ecosystem Tag' },
  { to: '/mismatches', label: 'Mismatches' },
  { to: '/configurations', label: 'Configurations' },
  { to: '/twitter-accounts', label: 'Twitter Accounts' },
];

/** The nav link that owns a path: its first segment. */
export function activeNavLink(pathname: string): string | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return NAV_LINKS.find((link) => link.to === first)?.to ?? null;
}
