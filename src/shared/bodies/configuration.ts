import { z } from 'zod';
import { CONFIGURATION_CATEGORIES, MARKETS } from '../constants';
import { flagSchema, optionalText, requiredText } from './fields';

/**
 * SPEC.md 7: what the market-currency configuration and mismatch calls send. Market is one of the
 * 13 of SPEC.md 9 and category one of notFound, multiple, different (SPEC.md 5).
 */

export const marketNameSchema = z.enum(MARKETS, {
  message: 'market must be one of the 13 markets',
});
export const categorySchema = z.enum(CONFIGURATION_CATEGORIES, {
  message: 'category must be notFound, multiple or different',
});

/** Add, update and delete of a configuration, and the trading-pair match: the same five fields. */
export const configurationBodySchema = z.object({
  currency: requiredText('currency', 40),
  name: requiredText('name'),
  uniqueName: requiredText('uniqueName'),
  market: marketNameSchema,
  category: categorySchema,
});
export type ConfigurationBody = z.input<typeof configurationBodySchema>;

/** The filters of the configuration and mismatch lists; empty means any. */
export const marketCurrencyQuerySchema = z.object({
  market: optionalText('market', 40).default(''),
  currency: optionalText('currency', 40).default(''),
});

export const mismatchTradingPairBodySchema = z.object({
  market: requiredText('market', 40),
  pair: requiredText('pair', 80),
  baseCurrency: optionalText('baseCurrency', 40).default(''),
  otherCurrency: optionalText('otherCurrency', 40).default(''),
  message: optionalText('message', 1000).default(''),
});

export const explorerUrlBodySchema = z.object({
  uniqueName: requiredText('uniqueName'),
  url: requiredText('url', 2000),
  name: optionalText('name').default(''),
  isSpecific: flagSchema('isSpecific'),
});
export type ExplorerUrlBody = z.input<typeof explorerUrlBodySchema>;
