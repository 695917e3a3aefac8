/** /market opens on its first tab, the market list. */
export { default } from './ListMarketsPage';
