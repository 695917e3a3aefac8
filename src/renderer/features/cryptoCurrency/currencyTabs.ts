import type { HubTab } from '../../ui/HubTabs';

export const CURRENCY_TABS: readonly HubTab[] = [
  { label: 'List Crypto Currencies', to: '/cryptoCurrency/get-currencies' },
  { label: 'List New Crypto Currencies', to: '/cryptoCurrency/get-newCurrencies' },
  { label: "Currency's New Version", to: '/cryptoCurrency/get-new-version-of-currencies' },
];
