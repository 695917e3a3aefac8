import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Mismatches: trading pairs and explorer urls, as tabs; /mismatches opens the first. */
export const mismatchesArea: Area = {
  path: '/mismatches',
  label: 'Mismatches',
  screens: [
    viewScreen({
      path: '/mismatches/get-tradingPairs',
      title: 'Trading Pairs',
      tab: true,
      view: () => import('./tradingPairView').then((module) => module.tradingPairView),
    }),
    viewScreen({
      path: '/mismatches/get-explorerUrls',
      title: 'Explorer Urls',
      tab: true,
      view: () => import('./explorerUrlView').then((module) => module.explorerUrlView),
    }),
  ],
};
