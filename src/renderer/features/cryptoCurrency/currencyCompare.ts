import type { Currency } from '../../../shared/api/records';
import type { CompareField, CompareTarget } from '../../domain/duplicates/CompareModal';
import { formatProviderTime } from '../../ui/dates';

/**
 * A detected currency beside a catalogue currency (issue 49): the fields the Save and Merge forms
 * take are picked side by side; the rest are shown to tell the two apart.
 */
export const CURRENCY_COMPARE_FIELDS: readonly CompareField[] = [
  { name: 'currencyId', label: 'Currency Id' },
  { name: 'rank', label: 'Rank', pick: true },
  { name: 'currency', label: 'Currency', pick: true },
  { name: 'name', label: 'Name', pick: true },
  { name: 'uniqueName', label: 'Unique Name', pick: true },
  { name: 'active', label: 'Active', pick: true },
  { name: 'searchWithCurrency', label: 'Search With Currency', pick: true },
  { name: 'tags', label: 'Tags', pick: true },
  { name: 'unwantedUsages', label: 'Unwanted Usages', pick: true },
  { name: 'website', label: 'Website' },
  { name: 'socials', label: 'Socials' },
  { name: 'detectTime', label: 'Detect Time', show: (v) => formatProviderTime(v as string) },
];

/** The old version a new version names: the first record to compare it with. */
export const oldVersionTarget = (old: Currency | null | undefined): CompareTarget[] =>
  old
    ? [
        {
          id: old.uniqueName ?? old.name ?? 'old version',
          label: `${old.name ?? old.uniqueName ?? '-'} · the old version`,
          record: old as unknown as Record<string, unknown>,
        },
      ]
    : [];
