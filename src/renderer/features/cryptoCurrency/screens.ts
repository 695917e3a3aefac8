import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Crypto Currency: the catalogue and its two queues, as tabs; /cryptoCurrency opens the catalogue. */
export const cryptoCurrencyArea: Area = {
  path: '/cryptoCurrency',
  label: 'Crypto Currency',
  screens: [
    viewScreen({
      path: '/cryptoCurrency/get-currencies',
      title: 'List Crypto Currencies',
      tab: true,
      view: () => import('./catalogueView').then((module) => module.catalogueView),
    }),
    viewScreen({
      path: '/cryptoCurrency/get-newCurrencies',
      title: 'List New Crypto Currencies',
      tab: true,
      view: () => import('./newCurrencyView').then((module) => module.newCurrencyView),
    }),
    viewScreen({
      path: '/cryptoCurrency/get-new-version-of-currencies',
      title: "Currency's New Version",
      tab: true,
      view: () => import('./newVersionView').then((module) => module.newVersionView),
    }),
  ],
};
