import { aboutArea } from '../features/about/screens';
import { configurationsArea } from '../features/configurations/screens';
import { cryptoCurrencyArea } from '../features/cryptoCurrency/screens';
import { cryptoTagArea } from '../features/cryptoTag/screens';
import { ecosystemTagArea } from '../features/ecosystemTag/screens';
import { journalArea } from '../features/journal/screens';
import { keywordArea } from '../features/keyword/screens';
import { marketArea } from '../features/market/screens';
import { mismatchesArea } from '../features/mismatches/screens';
import { reviewArea } from '../features/review/screens';
import { shiftArea } from '../features/shift/screens';
import { twitterAccountsArea } from '../features/twitterAccounts/screens';
import { areaRoutes, type Area } from '../ui/screens';

/**
 * The routes, derived from the features' screen registries (`features/<area>/screens.ts`), as
 * plain data: tests and tools list them without loading any screen.
 */

/**
 * The areas of SPEC.md 1, in the side menu's order, then the Journal: the user's own writes
 * (beyond SPEC.md 2), after the data areas since it reads none of the provider's data. The Shift
 * (issue 23: the reviewer's progress and pace) follows Review, the work it counts.
 */
export const AREAS: readonly Area[] = [
  reviewArea,
  shiftArea,
  keywordArea,
  cryptoCurrencyArea,
  marketArea,
  cryptoTagArea,
  ecosystemTagArea,
  mismatchesArea,
  configurationsArea,
  twitterAccountsArea,
  journalArea,
];

/** The side menu's last entry, apart from the areas: the console itself. */
export const ABOUT_AREA: Area = aboutArea;

/**
 * Every protected route of SPEC.md 2, the Journal and About & Settings, area by area in the side
 * menu's order.
 */
export const ROUTE_PATHS: readonly { path: string; title: string }[] = [
  ...AREAS,
  ABOUT_AREA,
].flatMap((area) => areaRoutes(area).map(({ path, title }) => ({ path, title })));

/** The side menu's links, one per area of SPEC.md 1 and the Journal, in order. */
export const NAV_LINKS: readonly { to: string; label: string }[] = AREAS.map((area) => ({
  to: area.path,
  label: area.label,
}));

export const ABOUT_LINK: { to: string; label: string } = {
  to: ABOUT_AREA.path,
  label: ABOUT_AREA.label,
};

/** The nav link that owns a path: its first segment. */
export function activeNavLink(pathname: string): string | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return [...NAV_LINKS, ABOUT_LINK].find((link) => link.to === first)?.to ?? null;
}

/** Whether a path (without its query) is one of the protected routes. */
export function isProtectedPath(pathname: string): boolean {
  return ROUTE_PATHS.some((route) => route.path === pathname);
}
