import { z } from 'zod';

/**
 * The market-currency configurations and mismatch records our reference server sends (SPEC.md 3).
 * They are the declared `response` of the configuration and mismatch calls; the client reads the
 * provider's leniently (src/shared/api/records.ts) and never through these.
 */

export const configurationSchema = z.object({
  currency: z.string(),
  name: z.string(),
  uniqueName: z.string(),
  market: z.string(),
  category: z.string(),
});

export const mismatchTradingPairSchema = z.object({
  market: z.string(),
  pair: z.string(),
  baseCurrency: z.string(),
  otherCurrency: z.string(),
  message: z.string(),
});

/** A trading pair matched: the configuration it named, and the queued pairs it resolved. */
export const tradingPairMatchSchema = z.object({
  configuration: configurationSchema,
  resolved: z.array(mismatchTradingPairSchema),
});

/** SPEC.md 3 names the flag `specific`; it is sent as `isSpecific`. Both are given. */
export const explorerUrlSchema = z.object({
  url: z.string(),
  uniqueName: z.string(),
  name: z.string(),
  specific: z.boolean(),
  isSpecific: z.boolean(),
});
