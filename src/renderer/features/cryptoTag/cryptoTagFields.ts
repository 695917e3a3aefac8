import type { CryptoTagRecord } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { flagText, type UpdateField } from '../../ui/updateFields';

/** The update form's values: what update-crypto-tag sends (src/shared/bodies/tag.ts). */
export type CryptoTagFormValues = PayloadOf<'tags.updateCryptoTag'>;

/**
 * The add form (SPEC.md 5): search, displayOnApps and usages are free text; usages are written
 * as one text with commas and sent as a list.
 */
export type AddCryptoTagFormValues = Omit<PayloadOf<'tags.addCryptoTag'>, 'usages'> & {
  usages?: string;
};

const FLAGS: readonly UpdateField[] = [
  { name: 'search', label: 'Search', kind: 'flag' },
  { name: 'displayOnApps', label: 'Display On Apps', kind: 'flag' },
];

export const CRYPTO_TAG_UPDATE_FIELDS: readonly UpdateField[] = [
  { name: 'uniqueName', label: 'Unique Name', kind: 'text', readOnly: true },
  { name: 'name', label: 'Name', kind: 'text' },
  ...FLAGS,
  { name: 'usages', label: 'Usages', kind: 'list', placeholder: 'Type a usage, then Enter' },
];

export const ADD_CRYPTO_TAG_FIELDS: readonly UpdateField[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'uniqueName', label: 'Unique Name', kind: 'text' },
  {
    name: 'usages',
    label: 'Usages',
    kind: 'text',
    required: false,
    placeholder: 'Usages, separated by commas',
  },
  ...FLAGS,
];

/** Prefilled from the row; the usages typed are added to the tag's (they start empty). */
export const cryptoTagFormValues = (t: CryptoTagRecord): Partial<CryptoTagFormValues> => ({
  uniqueName: t.uniqueName,
  name: t.name,
  search: flagText(t.search),
  displayOnApps: flagText(t.displayOnApps),
  usages: [],
});

/** 'staking, yield ,,defi' → ['staking', 'yield', 'defi']. */
export const usagesFromText = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((usage) => usage.trim())
    .filter((usage) => usage !== '');
