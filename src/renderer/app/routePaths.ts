import { aboutArea } from '../features/about/screens';
import { configurationsArea } from '../features/configurations/screens';
import { cryptoCurrencyArea } from '../features/cryptoCurrency/screens';
import { cryptoTagArea } from '../features/cryptoTag/screens';
import { ecosystemTagArea } from '../features/ecosystemTag/screens';
import { journalArea } from '../features/journal/screens';
import { keywordArea } from '../features/keyword/screens';
import { marketArea } from '../features/market/screens';
import { mismatchesArea } from '../features/mismatches/screens';
import { modelRunsArea } from '../features/modelRuns/screens';
import { qualityArea } from '../features/quality/screens';
import { queuesArea } from '../features/queues/screens';
import { reviewArea } from '../features/review/screens';
import { shiftArea } from '../features/shift/screens';
import { twitterAccountsArea } from '../features/twitterAccounts/screens';
import { hasExtension, type ExtensionName, type ServerExtension } from '../../shared/insight';
import { areaRoutes, type Area } from '../domain/screens/screens';

/**
 * The routes, derived from the features' screen registries (`features/<area>/screens.ts`), as
 * plain data: tests and tools list them without loading any screen.
 */

/**
 * The areas of SPEC.md 1, in the side menu's order, then the Journal: the user's own writes (beyond
 * SPEC.md 2), after the data areas since it reads none of the provider's data. The Shift (the
 * reviewer's progress and pace; docs/user-guide.md, A reviewer's shift) follows Review, the work it
 * counts, and Quality (the classifier's audited quality; docs/user-guide.md, Quality) follows the
 * Shift. Queues (the operators' queues at a glance) leads the reference-data areas it links to.
 * Model runs needs a server extension (DESIGN.md, Extensions), so it comes last: an entry
 * that some servers lack moves no other entry when it is absent.
 */
export const AREAS: readonly Area[] = [
  reviewArea,
  shiftArea,
  qualityArea,
  keywordArea,
  queuesArea,
  cryptoCurrencyArea,
  marketArea,
  cryptoTagArea,
  ecosystemTagArea,
  mismatchesArea,
  configurationsArea,
  twitterAccountsArea,
  journalArea,
  modelRunsArea,
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

/** A side-menu link; one that `requires` an extension is listed only when the server offers it. */
export interface NavLink {
  to: string;
  label: string;
  requires?: ExtensionName;
}

/**
 * The side menu's links, one per area of SPEC.md 1, the Journal and Model runs, in order. Model
 * runs is listed only when the server offers its extension: see `shownNavLinks`.
 */
export const NAV_LINKS: readonly NavLink[] = AREAS.map((area) => ({
  to: area.path,
  label: area.label,
  ...(area.requires ? { requires: area.requires } : {}),
}));

/** Whether the side menu lists an area, given what the server offers (null: not known yet). */
export const areaShown = (
  area: { requires?: ExtensionName },
  offered: readonly ServerExtension[] | null,
): boolean => area.requires === undefined || hasExtension(offered, area.requires);

/** The side menu's links for a server that offers these extensions (null: not known yet). */
export const shownNavLinks = (offered: readonly ServerExtension[] | null): readonly NavLink[] =>
  NAV_LINKS.filter((link) => areaShown(link, offered));

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
