/**
 * The market records this server sends are declared with its calls, in src/shared/responses; the
 * server's code and tests take them from here under the same names.
 */
export {
  marketSchema,
  newMarketSchema,
  type Market,
  type NewMarket,
} from '../../shared/responses/market';
