import type { HubTab } from '../../ui/HubTabs';

/** SPEC.md 2: the market hub's tabs. */
export const MARKET_TABS: readonly HubTab[] = [
  { label: 'List Markets', to: '/market/get-markets' },
  { label: 'List New Markets', to: '/market/get-newMarkets' },
];
