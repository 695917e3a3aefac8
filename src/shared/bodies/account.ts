import { z } from 'zod';
import { requiredText, textField } from './fields';

/**
 * SPEC.md 7, account calls under /twitter-service: coin, news and market Twitter accounts.
 * accountType is sent upper-cased (SPEC.md 5); active flags are chosen as True or False.
 */

export const ACCOUNT_TYPES = ['COIN', 'NEWS', 'MARKET'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const accountType = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.enum(ACCOUNT_TYPES, { message: 'accountType must be COIN, NEWS or MARKET' }));

const accountFields = {
  twitterAccountName: requiredText('twitterAccountName', 100),
  accountType,
  active: z.boolean({ message: 'active must be True or False' }),
  userId: requiredText('userId', 100),
};
const withNewUserId = { newUserId: requiredText('newUserId', 100) };

export const coinAccountBodySchema = z.object({
  ...accountFields,
  currencyCode: requiredText('currencyCode', 40),
  uniqueName: requiredText('uniqueName'),
});
export const newsAccountBodySchema = z.object(accountFields);
export const marketAccountBodySchema = z.object({
  ...accountFields,
  market: requiredText('market', 40),
  uniqueName: requiredText('uniqueName'),
  listingActive: z.boolean({ message: 'listingActive must be True or False' }),
  marketAnnouncementActive: z.boolean({
    message: 'marketAnnouncementActive must be True or False',
  }),
});
export type CoinAccountBody = z.input<typeof coinAccountBodySchema>;
export type NewsAccountBody = z.input<typeof newsAccountBodySchema>;
export type MarketAccountBody = z.input<typeof marketAccountBodySchema>;

export const coinAccountUpdateSchema = coinAccountBodySchema.extend(withNewUserId);
export const newsAccountUpdateSchema = newsAccountBodySchema.extend(withNewUserId);
export const marketAccountUpdateSchema = marketAccountBodySchema.extend(withNewUserId);

/** The filter of the coin and market account lists. */
export const accountQuerySchema = z.object({
  uniqueName: textField('uniqueName', 200, { trim: true }).optional(),
});
