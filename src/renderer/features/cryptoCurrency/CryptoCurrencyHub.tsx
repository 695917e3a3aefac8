/** /cryptoCurrency opens on its first tab, the catalogue. */
export { default } from './ListCurrenciesPage';
