import { z } from 'zod';

/**
 * The Twitter accounts our reference server sends (SPEC.md 3): the declared `response` of the
 * account calls. The client reads the provider's leniently (src/shared/api/records.ts) and never
 * through these.
 */

const accountFields = {
  twitterAccountName: z.string(),
  accountType: z.string(),
  active: z.boolean(),
  userId: z.string(),
};

export const coinAccountSchema = z.object({
  ...accountFields,
  currencyCode: z.string(),
  uniqueName: z.string(),
});

export const newsAccountSchema = z.object(accountFields);

export const marketAccountSchema = z.object({
  ...accountFields,
  market: z.string(),
  uniqueName: z.string(),
  listingActive: z.boolean(),
  marketAnnouncementActive: z.boolean(),
});
