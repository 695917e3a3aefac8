import type { Currency, NewCurrency, NewVersionCurrency } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { flagText, type UpdateField } from '../../ui/updateFields';

/**
 * The shared update modal's field configs for the three currency modals (SPEC.md 2, 3 and 5):
 * active and search flags are free text; tags and unwanted usages are lists of words.
 */

/** The forms' values: what their calls send (the bodies of src/shared/bodies/currency.ts). */
export type CurrencyFormValues = PayloadOf<'currencies.updateCurrency'>;
export type NewCurrencyFormValues = PayloadOf<'currencies.saveNewCurrency'>;
export type NewVersionFormValues = PayloadOf<'currencies.saveNewVersionAsNewCurrency'>;

const COMMON: readonly UpdateField[] = [
  { name: 'currency', label: 'Currency', kind: 'text' },
  { name: 'name', label: 'Name', kind: 'text' },
];
const FLAGS: readonly UpdateField[] = [
  { name: 'active', label: 'Active', kind: 'flag' },
  { name: 'searchWithCurrency', label: 'Search With Currency', kind: 'flag' },
];
const LISTS: readonly UpdateField[] = [
  { name: 'tags', label: 'Tags', kind: 'list', placeholder: 'Type a tag, then Enter' },
  {
    name: 'unwantedUsages',
    label: 'Unwanted Usages',
    kind: 'list',
    placeholder: 'Type an unwanted usage, then Enter',
  },
];

/** Update of a catalogue currency: the unique name identifies it and is not edited here. */
export const CURRENCY_UPDATE_FIELDS: readonly UpdateField[] = [
  ...COMMON,
  { name: 'uniqueName', label: 'Unique Name', kind: 'text', readOnly: true },
  ...FLAGS,
  ...LISTS,
];

/** Save of a detected currency into the catalogue. */
export const NEW_CURRENCY_FIELDS: readonly UpdateField[] = [
  { name: 'currencyId', label: 'Currency Id', kind: 'number', readOnly: true },
  { name: 'rank', label: 'Rank', kind: 'number' },
  ...COMMON,
  { name: 'uniqueName', label: 'Unique Name', kind: 'text' },
  ...FLAGS,
  ...LISTS,
];

/** Save-as-new and merge of a new version: the old currency is fixed by the queue. */
export const NEW_VERSION_FIELDS: readonly UpdateField[] = [
  ...NEW_CURRENCY_FIELDS,
  { name: 'oldVersionCurrency', label: 'Old Version Currency', kind: 'text', readOnly: true },
];

/** SPEC.md 4: prefilled from the row; unwanted usages and tags start empty. */
export const currencyFormValues = (c: Currency): Partial<CurrencyFormValues> => ({
  currency: c.currency,
  name: c.name,
  uniqueName: c.uniqueName,
  active: flagText(c.active),
  searchWithCurrency: flagText(c.searchWithCurrency),
  tags: [],
  unwantedUsages: [],
});

export const newCurrencyFormValues = (c: NewCurrency): Partial<NewCurrencyFormValues> => ({
  currencyId: c.currencyId,
  rank: c.rank,
  currency: c.currency,
  name: c.name,
  uniqueName: c.uniqueName,
  active: flagText(c.active),
  searchWithCurrency: flagText(c.searchWithCurrency),
  tags: c.tags,
  unwantedUsages: c.unwantedUsages,
});

export const newVersionFormValues = (v: NewVersionCurrency): Partial<NewVersionFormValues> => ({
  ...newCurrencyFormValues({ ...v, sameCurrencySymbolList: [] }),
  oldVersionCurrency: v.oldVersionCurrency?.uniqueName,
});
