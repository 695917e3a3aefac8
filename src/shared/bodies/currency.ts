import { z } from 'zod';
import { flagSchema, requiredText, textField, wholeNumber, wordList } from './fields';

/**
 * SPEC.md 7, configuration service: what the currency calls send. The same schemas check the
 * page's payload in core and the request on the reference server.
 */

export const updateCurrencyBodySchema = z.object({
  currency: requiredText('currency', 40),
  name: requiredText('name'),
  uniqueName: requiredText('uniqueName'),
  active: flagSchema('active'),
  searchWithCurrency: flagSchema('searchWithCurrency'),
  tags: wordList('tags'),
  unwantedUsages: wordList('unwantedUsages'),
});
export type UpdateCurrencyBody = z.input<typeof updateCurrencyBodySchema>;

export const currencyTagBodySchema = z.object({
  uniqueName: requiredText('uniqueName'),
  tag: requiredText('tag'),
});
export const currencyUnwantedUsageBodySchema = z.object({
  uniqueName: requiredText('uniqueName'),
  unwantedUsage: requiredText('unwantedUsage'),
});

/** The query of the new-currency and new-version lists; currencyId 0 means any. */
export const newCurrencyQuerySchema = z.object({
  currencySymbolNameOrUniqueName: textField('currencySymbolNameOrUniqueName', 200, {
    trim: true,
  }).default(''),
  currencyId: wholeNumber('currencyId', 0).default(0),
});
export const newCurrencyPageQuerySchema = newCurrencyQuerySchema.extend({
  startIndex: wholeNumber('startIndex', 0).default(0),
});
export type NewCurrencyQuery = z.output<typeof newCurrencyPageQuerySchema>;

export const saveNewCurrencyBodySchema = z.object({
  currencyId: wholeNumber('currencyId', 1),
  rank: wholeNumber('rank', 0),
  currency: requiredText('currency', 40),
  name: requiredText('name'),
  uniqueName: requiredText('uniqueName'),
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
  oldVersionCurrency: requiredText('oldVersionCurrency'),
});
export type NewVersionBody = z.input<typeof newVersionBodySchema>;
export type NewVersion = z.output<typeof newVersionBodySchema>;

export const imageCheckQuerySchema = z.object({ uniqueName: requiredText('uniqueName') });
