import type { ConfigurationRecord } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { CONFIGURATION_CATEGORIES, MARKETS } from '../../../shared/constants';
import type { FilterField } from '../../ui/resource/types';
import type { UpdateField } from '../../ui/updateFields';

/**
 * The market-currency configuration form (SPEC.md 5), shared by the configurations and the
 * mismatched trading pairs (add, update and 'Match Trading Pair' modals): market one of the 13, category shown as NOT FOUND, MULTIPLE, DIFFERENT
 * and sent as notFound, multiple, different.
 */
export type ConfigurationFormValues = PayloadOf<'configurations.addConfiguration'>;

export const CATEGORY_LABELS: Record<(typeof CONFIGURATION_CATEGORIES)[number], string> = {
  notFound: 'NOT FOUND',
  multiple: 'MULTIPLE',
  different: 'DIFFERENT',
};

export const categoryLabel = (category: string | undefined) =>
  category && category in CATEGORY_LABELS
    ? CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS]
    : (category ?? '-');

export const MARKET_OPTIONS = MARKETS.map((market) => ({ value: market, label: market }));

export const CONFIGURATION_FIELDS: readonly UpdateField[] = [
  {
    name: 'market',
    label: 'Market',
    kind: 'select',
    options: MARKET_OPTIONS,
    placeholder: 'Please Select Market *',
    requiredMessage: 'Please Select Market *',
  },
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    options: CONFIGURATION_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
    placeholder: 'Please Select Category *',
    requiredMessage: 'Please Select Category *',
  },
  { name: 'currency', label: 'Currency', kind: 'text' },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'uniqueName', label: 'Unique Name', kind: 'text' },
];

const isMarket = (value: string | undefined): value is ConfigurationFormValues['market'] =>
  (MARKETS as readonly string[]).includes(value ?? '');
const isCategory = (value: string | undefined): value is ConfigurationFormValues['category'] =>
  (CONFIGURATION_CATEGORIES as readonly string[]).includes(value ?? '');

/** Prefilled from a record; a market or category outside the lists is left for the user. */
export const configurationFormValues = (
  c: Partial<Pick<ConfigurationRecord, 'market' | 'category' | 'currency' | 'name' | 'uniqueName'>>,
): Partial<ConfigurationFormValues> => ({
  market: isMarket(c.market) ? c.market : undefined,
  category: isCategory(c.category) ? c.category : undefined,
  currency: c.currency,
  name: c.name,
  uniqueName: c.uniqueName,
});

/** The Market select of a filter: any, or one of the 13. */
export const MARKET_FILTER_FIELD: FilterField = {
  name: 'market',
  label: 'Market',
  kind: 'select',
  width: 160,
  options: [{ value: '', label: 'All Markets' }, ...MARKET_OPTIONS],
};
