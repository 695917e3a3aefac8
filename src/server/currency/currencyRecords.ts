/**
 * The currency records this server sends are declared with its calls, in src/shared/responses; the
 * server's code and tests take them from here under the same names.
 */
export {
  currencySchema,
  marketTradingPairsSchema,
  newCurrencySchema,
  newVersionCurrencySchema,
  socialsSchema,
  tradingPairSchema,
  type ServerCurrency,
  type MarketTradingPairs,
  type ServerNewCurrency,
  type ServerNewVersionCurrency,
  type Socials,
} from '../../shared/responses/currency';
