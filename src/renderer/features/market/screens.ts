import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Market: the market list and the queue of new markets, as tabs; /market opens the list. */
export const marketArea: Area = {
  path: '/market',
  label: 'Market',
  screens: [
    viewScreen({
      path: '/market/get-markets',
      title: 'List Markets',
      tab: true,
      view: () => import('./marketView').then((module) => module.marketView),
    }),
    viewScreen({
      path: '/market/get-newMarkets',
      title: 'List New Markets',
      tab: true,
      view: () => import('./newMarketView').then((module) => module.newMarketView),
    }),
  ],
};
