import { z } from 'zod';

/**
 * The currency records our reference server sends (SPEC.md 3): richer and stricter than the
 * provider's, which the client reads leniently (src/shared/api/records.ts). They are the declared
 * `response` of the currency calls; the client never reads an answer through them (DESIGN.md,
 * "The provider is not our server").
 */

export const socialsSchema = z.object({
  twitter: z.string().nullable(),
  reddit: z.string().nullable(),
  discord: z.string().nullable(),
  telegram: z.string().nullable(),
  forum: z.string().nullable(),
  facebook: z.string().nullable(),
});
export type Socials = z.infer<typeof socialsSchema>;

export const tradingPairSchema = z.object({
  id: z.number(),
  otherCurrency: z.string(),
  otherCurrencyUniqueName: z.string(),
  pairActive: z.boolean(),
});
export const marketTradingPairsSchema = z.object({
  market: z.string(),
  tradingPairs: z.array(tradingPairSchema),
});
export type MarketTradingPairs = z.infer<typeof marketTradingPairsSchema>;

/** A currency of the catalogue. `currencyIds` holds the provider ids of its earlier versions. */
export const currencySchema = z.object({
  id: z.number(),
  currencyId: z.number(),
  currencyIds: z.array(z.number()),
  rank: z.number(),
  currency: z.string(),
  name: z.string(),
  uniqueName: z.string(),
  active: z.boolean(),
  searchWithCurrency: z.boolean(),
  tags: z.array(z.string()),
  unwantedUsages: z.array(z.string()),
  detectTime: z.string().nullable(),
  website: z.array(z.string()),
  socials: socialsSchema,
  marketTradingPairs: z.array(marketTradingPairsSchema),
});
export type ServerCurrency = z.infer<typeof currencySchema>;

/** A currency the system detected, waiting in the queue to be saved into the catalogue. */
export const newCurrencySchema = currencySchema
  .omit({ currencyIds: true, marketTradingPairs: true })
  .extend({
    detectTime: z.string(),
    /** Catalogue currencies with the same symbol. */
    sameCurrencySymbolList: z.array(currencySchema),
  });
export type ServerNewCurrency = z.infer<typeof newCurrencySchema>;

/** A new version of a catalogue currency (a migration, a rebrand), waiting to be saved or merged. */
export const newVersionCurrencySchema = currencySchema
  .omit({ marketTradingPairs: true })
  .extend({ detectTime: z.string(), oldVersionCurrency: currencySchema });
export type ServerNewVersionCurrency = z.infer<typeof newVersionCurrencySchema>;
