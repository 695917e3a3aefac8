/**
 * The routes of SPEC.md 2, and the About & Settings screen of issue 14, as plain data (no
 * components), so that tests and tools can list them without loading any screen.
 */
export const ROUTE_PATHS = [
  { path: '/filter', title: 'Review' },
  { path: '/keyword', title: 'Keyword' },
  { path: '/keyword/get-keywords', title: 'List Keywords' },
  { path: '/cryptoCurrency', title: 'Crypto Currency' },
  { path: '/cryptoCurrency/get-currencies', title: 'List Crypto Currencies' },
  { path: '/cryptoCurrency/get-newCurrencies', title: 'List New Crypto Currencies' },
  { path: '/cryptoCurrency/get-new-version-of-currencies', title: "Currency's New Version" },
  { path: '/market', title: 'Market' },
  { path: '/market/get-markets', title: 'List Markets' },
  { path: '/market/get-newMarkets', title: 'List New Markets' },
  { path: '/cryptoTag', title: 'Crypto Tag' },
  { path: '/cryptoTag/listTags', title: 'List Crypto Tags' },
  { path: '/ecosystemTag', title: 'Ecosystem Tag' },
  { path: '/configurations', title: 'Configurations' },
  { path: '/configurations/list', title: 'List Configurations' },
  { path: '/mismatches', title: 'Mismatches' },
  { path: '/mismatches/get-tradingPairs', title: 'Trading Pairs' },
  { path: '/mismatches/get-explorerUrls', title: 'Explorer Urls' },
  { path: '/twitter-accounts', title: 'Twitter Accounts' },
  { path: '/about', title: 'About & Settings' },
] as const;

export type RoutePath = (typeof ROUTE_PATHS)[number]['path'];

/** The side menu's links, one per area of SPEC.md 1, in order. */
export const NAV_LINKS: readonly { to: RoutePath; label: string }[] = [
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

/** The side menu's last entry, apart from the areas: the console itself. */
export const ABOUT_LINK: { to: RoutePath; label: string } = {
  to: '/about',
  label: 'About & Settings',
};

/** The nav link that owns a path: its first segment. */
export function activeNavLink(pathname: string): string | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return [...NAV_LINKS, ABOUT_LINK].find((link) => link.to === first)?.to ?? null;
}

/** Whether a path (without its query) is one of the protected routes. */
export function isProtectedPath(pathname: string): pathname is RoutePath {
  return ROUTE_PATHS.some((route) => route.path === pathname);
}
