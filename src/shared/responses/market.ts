import { z } from 'zod';

/**
 * The market records our reference server sends (SPEC.md 3): complete and strict, where the
 * client reads the provider's leniently (src/shared/api/records.ts). They are the declared
 * `response` of the market calls; the client never reads an answer through them.
 */

/** A market of the catalogue; `marketId` is the provider's id, `id` the row's own. */
export const marketSchema = z.object({
  id: z.number(),
  marketId: z.number(),
  uniqueName: z.string(),
  name: z.string(),
  search: z.boolean(),
  active: z.boolean(),
  unwantedUsages: z.array(z.string()),
  tags: z.array(z.string()),
});
export type Market = z.infer<typeof marketSchema>;

/** A market the system detected, waiting to be saved into the catalogue. */
export const newMarketSchema = z.object({
  id: z.number(),
  marketId: z.number(),
  name: z.string(),
  uniqueName: z.string(),
  search: z.boolean(),
  active: z.boolean(),
  detectTime: z.string(),
  /** Catalogue markets with the same name, in any case. */
  sameMarketNameList: z.array(marketSchema),
});
export type NewMarket = z.infer<typeof newMarketSchema>;
