import type { ComponentType } from 'react';
import { ROUTE_PATHS, type RoutePath } from './routePaths';

export { ABOUT_LINK, activeNavLink, NAV_LINKS } from './routePaths';

type Loader = () => Promise<{ default: ComponentType }>;

/** Each route's screen, a lazy chunk of its feature. */
const LOADERS: Record<RoutePath, Loader> = {
  '/filter': () => import('../features/review/ReviewPage'),
  '/keyword': () => import('../features/keyword/KeywordHub'),
  '/keyword/get-keywords': () => import('../features/keyword/ListKeywordsPage'),
  '/cryptoCurrency': () => import('../features/cryptoCurrency/CryptoCurrencyHub'),
  '/cryptoCurrency/get-currencies': () => import('../features/cryptoCurrency/ListCurrenciesPage'),
  '/cryptoCurrency/get-newCurrencies': () =>
    import('../features/cryptoCurrency/ListNewCurrenciesPage'),
  '/cryptoCurrency/get-new-version-of-currencies': () =>
    import('../features/cryptoCurrency/NewVersionCurrenciesPage'),
  '/market': () => import('../features/market/MarketHub'),
  '/market/get-markets': () => import('../features/market/ListMarketsPage'),
  '/market/get-newMarkets': () => import('../features/market/ListNewMarketsPage'),
  '/cryptoTag': () => import('../features/cryptoTag/CryptoTagHub'),
  '/cryptoTag/listTags': () => import('../features/cryptoTag/CryptoTagHub'),
  '/ecosystemTag': () => import('../features/ecosystemTag/EcosystemTagPage'),
  '/configurations': () => import('../features/configurations/ConfigurationsHub'),
  '/configurations/list': () => import('../features/configurations/ConfigurationsHub'),
  '/mismatches': () => import('../features/mismatches/MismatchesHub'),
  '/mismatches/get-tradingPairs': () => import('../features/mismatches/TradingPairsPage'),
  '/mismatches/get-explorerUrls': () => import('../features/mismatches/ExplorerUrlsPage'),
  '/twitter-accounts': () => import('../features/twitterAccounts/TwitterAccountsPage'),
  '/about': () => import('../features/about/AboutPage'),
};

/** The login screen, also a chunk of its own: the shell alone is what every screen loads first. */
export const loadLoginPage: Loader = () =>
  import('../features/login/LoginPage').then((module) => ({ default: module.LoginPage }));

export interface RouteDef {
  path: RoutePath;
  title: string;
  load: Loader;
}

/** Every protected route of SPEC.md 2, and About & Settings. */
export const PROTECTED_ROUTES: readonly RouteDef[] = ROUTE_PATHS.map((route) => ({
  ...route,
  load: LOADERS[route.path],
}));
