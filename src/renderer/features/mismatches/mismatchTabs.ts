import type { HubTab } from '../../ui/HubTabs';

/** SPEC.md 2: the mismatches hub's tabs. */
export const MISMATCH_TABS: readonly HubTab[] = [
  { label: 'Trading Pairs', to: '/mismatches/get-tradingPairs' },
  { label: 'Explorer Urls', to: '/mismatches/get-explorerUrls' },
];
