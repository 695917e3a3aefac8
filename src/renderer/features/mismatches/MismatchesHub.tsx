/** /mismatches opens on its first tab, the trading pairs. */
export { default } from './TradingPairsPage';
