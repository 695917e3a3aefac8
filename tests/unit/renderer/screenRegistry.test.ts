import { describe, expect, it } from 'vitest';
import {
  ABOUT_LINK,
  activeNavLink,
  isProtectedPath,
  NAV_LINKS,
  ROUTE_PATHS,
} from '../../../src/renderer/app/routePaths';
import { PROTECTED_ROUTES, screenAt } from '../../../src/renderer/app/routes';
import { cryptoCurrencyArea } from '../../../src/renderer/features/cryptoCurrency/screens';
import { keywordArea } from '../../../src/renderer/features/keyword/screens';
import { marketArea } from '../../../src/renderer/features/market/screens';
import { areaRoutes, areaTabs, pathsShowing } from '../../../src/renderer/domain/screens/screens';

describe('the screen registries', () => {
  it("derive every protected route of SPEC.md 2, the Journal and About & Settings, area by area in the side menu's order", () => {
    expect(ROUTE_PATHS).toEqual([
      { path: '/filter', title: 'Review' },
      // Beyond SPEC.md 2: the reviewer's shift (docs/user-guide.md, A reviewer's shift), beside the
      // work it counts.
      { path: '/shift', title: 'Shift' },
      // The classifier's audited quality, against any provider (docs/user-guide.md, Quality).
      { path: '/quality', title: 'Quality' },
      { path: '/keyword', title: 'Keyword' },
      { path: '/keyword/get-keywords', title: 'List Keywords' },
      // The operators' queues at a glance (issue 49), before the areas whose lists it links to.
      { path: '/queues', title: 'Queues' },
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
      { path: '/mismatches', title: 'Mismatches' },
      { path: '/mismatches/get-tradingPairs', title: 'Trading Pairs' },
      { path: '/mismatches/get-explorerUrls', title: 'Explorer Urls' },
      { path: '/configurations', title: 'Configurations' },
      { path: '/configurations/list', title: 'List Configurations' },
      { path: '/twitter-accounts', title: 'Twitter Accounts' },
      // Beyond SPEC.md 2 as well: the user's own writes.
      { path: '/journal', title: 'Journal' },
      // A server extension's screen (DESIGN.md, Extensions), listed only when the server offers it.
      { path: '/model-runs', title: 'Model runs' },
      { path: '/about', title: 'About & Settings' },
    ]);
    expect(PROTECTED_ROUTES.map(({ path, title }) => ({ path, title }))).toEqual(ROUTE_PATHS);
  });

  it('give the side menu one link per area and the Journal, About & Settings apart', () => {
    expect(NAV_LINKS.map((link) => link.label)).toEqual([
      'Review',
      'Shift',
      'Quality',
      'Keyword',
      'Queues',
      'Crypto Currency',
      'Market',
      'Crypto Tag',
      'Ecosystem Tag',
      'Mismatches',
      'Configurations',
      'Twitter Accounts',
      'Journal',
      'Model runs',
    ]);
    expect(ABOUT_LINK).toEqual({ to: '/about', label: 'About & Settings' });
    expect(activeNavLink('/market/get-newMarkets')).toBe('/market');
    expect(isProtectedPath('/market/get-newMarkets')).toBe(true);
    expect(isProtectedPath('/market/get-oldMarkets')).toBe(false);
  });

  it("derive an area's tab bar from its screens marked as tabs; an area of one screen has none", () => {
    expect(areaTabs(marketArea)).toEqual([
      { label: 'List Markets', to: '/market/get-markets' },
      { label: 'List New Markets', to: '/market/get-newMarkets' },
    ]);
    expect(areaTabs(cryptoCurrencyArea)?.map((tab) => tab.label)).toEqual([
      'List Crypto Currencies',
      'List New Crypto Currencies',
      "Currency's New Version",
    ]);
    expect(areaTabs(keywordArea)).toBeUndefined();
  });

  it("show an area's first screen on the area's own route", () => {
    const [own, first] = areaRoutes(marketArea);
    expect(own!.path).toBe('/market');
    expect(own!.screen).toBe(first!.screen);
  });

  it('load a screen for every route, and refuse a path that has none', async () => {
    for (const { path } of ROUTE_PATHS) {
      await expect(screenAt(path), path).resolves.toBeTypeOf('function');
    }
    await expect(screenAt('/nowhere')).rejects.toThrow('No screen at /nowhere');
  });

  it('name every path that shows a screen: a list loaded from its tab opens early from the side menu too', () => {
    const [catalogue, newCurrencies] = cryptoCurrencyArea.screens;
    expect(pathsShowing(cryptoCurrencyArea, catalogue!)).toEqual([
      '/cryptoCurrency',
      '/cryptoCurrency/get-currencies',
    ]);
    expect(pathsShowing(cryptoCurrencyArea, newCurrencies!)).toEqual([
      '/cryptoCurrency/get-newCurrencies',
    ]);
  });
});
