import { z } from 'zod';

/**
 * SPEC.md 3 (Currency, image check) and 7 (configuration service: currency calls, new
 * currencies, new versions): entities and bodies shared by the server, core and the screens.
 */

/** The configuration service's base path (SPEC.md 7). */
export const CONFIGURATION_SERVICE = '/configuration-service/dqc';

const text = (field: string, max = 200) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is too long`);

/**
 * Active and search flags are free text in the forms (SPEC.md 5); they are accepted as a boolean
 * or the words true/false in any case, and anything else is refused with a sentence.
 */
export const flagSchema = (field: string) =>
  z.union([z.boolean(), z.string()]).transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `${field} must be true or false` });
    return z.NEVER;
  });

/** Tags and unwanted usages: trimmed, blanks dropped, each once. */
const wordList = (field: string) =>
  z
    .array(z.string().max(200, `${field} entries are too long`))
    .max(200, `too many ${field}`)
    .default([])
    .transform((list) => [...new Set(list.map((v) => v.trim()).filter((v) => v.length > 0))]);

const wholeNumber = (field: string, min: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(Number.MAX_SAFE_INTEGER, `${field} is too large`);

// ---- Entities ---------------------------------------------------------------------------------

export const socialsSchema = z.object({
  twitter: z.string().nullable(),
  reddit: z.string().nullable(),
  discord: z.string().nullable(),
  telegram: z.string().nullable(),
  forum: z.string().nullable(),
  facebook: z.string().nullable(),
});
export type Socials = z.infer<typeof socialsSchema>;
export const SOCIAL_NAMES = Object.keys(socialsSchema.shape) as (keyof Socials)[];

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
export type Currency = z.infer<typeof currencySchema>;

/** A currency the system detected, waiting in the queue to be saved into the catalogue. */
export const newCurrencySchema = currencySchema
  .omit({ currencyIds: true, marketTradingPairs: true })
  .extend({
    detectTime: z.string(),
    /** Catalogue currencies with the same symbol. */
    sameCurrencySymbolList: z.array(currencySchema),
  });
export type NewCurrency = z.infer<typeof newCurrencySchema>;

/** A new version of a catalogue currency (a migration, a rebrand), waiting to be saved or merged. */
export const newVersionCurrencySchema = currencySchema
  .omit({ marketTradingPairs: true })
  .extend({ detectTime: z.string(), oldVersionCurrency: currencySchema });
export type NewVersionCurrency = z.infer<typeof newVersionCurrencySchema>;

// ---- Bodies and queries -----------------------------------------------------------------------

export const updateCurrencyBodySchema = z.object({
  currency: text('currency', 40),
  name: text('name'),
  uniqueName: text('uniqueName'),
  active: flagSchema('active'),
  searchWithCurrency: flagSchema('searchWithCurrency'),
  tags: wordList('tags'),
  unwantedUsages: wordList('unwantedUsages'),
});
export type UpdateCurrencyBody = z.input<typeof updateCurrencyBodySchema>;

export const currencyTagBodySchema = z.object({ uniqueName: text('uniqueName'), tag: text('tag') });
export const currencyUnwantedUsageBodySchema = z.object({
  uniqueName: text('uniqueName'),
  unwantedUsage: text('unwantedUsage'),
});

/** The query of the new-currency and new-version lists; currencyId 0 means any. */
export const newCurrencyQuerySchema = z.object({
  currencySymbolNameOrUniqueName: z.string().trim().max(200).default(''),
  currencyId: wholeNumber('currencyId', 0).default(0),
  startIndex: wholeNumber('startIndex', 0).default(0),
});
export type NewCurrencyQuery = z.input<typeof newCurrencyQuerySchema>;

export const saveNewCurrencyBodySchema = z.object({
  currencyId: wholeNumber('currencyId', 1),
  rank: wholeNumber('rank', 0),
  currency: text('currency', 40),
  name: text('name'),
  uniqueName: text('uniqueName'),
  searchWithCurrency: flagSchema('searchWithCurrency'),
  active: flagSchema('active'),
  unwantedUsages: wordList('unwantedUsages'),
  tags: wordList('tags'),
});
export type SaveNewCurrencyBody = z.input<typeof saveNewCurrencyBodySchema>;
/** A new currency's body once read: flags are booleans, word lists trimmed. */
export type SaveNewCurrency = z.output<typeof saveNewCurrencyBodySchema>;

/** Save-as-new and merge of a new version: `oldVersionCurrency` is the old currency's uniqueName. */
export const newVersionBodySchema = saveNewCurrencyBodySchema.extend({
  oldVersionCurrency: text('oldVersionCurrency'),
});
export type NewVersionBody = z.input<typeof newVersionBodySchema>;
export type NewVersion = z.output<typeof newVersionBodySchema>;

export const imageCheckQuerySchema = z.object({ uniqueName: text('uniqueName') });

// ---- Bridge payloads --------------------------------------------------------------------------

export const currencyListPayloadSchema = z.object({ contains: z.string().max(200).default('') });
const count = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(Number.MAX_SAFE_INTEGER, `${field} is too large`);
export const newCurrencyListPayloadSchema = z.object({
  contains: z.string().max(200).default(''),
  /** 0 means any. */
  currencyId: count('Currency Id').default(0),
  page: count('page').default(0),
});
export type NewCurrencyListPayload = z.input<typeof newCurrencyListPayloadSchema>;
