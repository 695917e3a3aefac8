import type { MarketRecord, NewMarketRecord } from '../../../shared/api/records';
import type { PayloadOf } from '../../../shared/bridge';
import { flagText, type UpdateField } from '../../ui/updateFields';

/** The forms' values: what their calls send (src/shared/bodies/market.ts). */
export type MarketFormValues = PayloadOf<'markets.updateMarket'>;
export type NewMarketFormValues = PayloadOf<'markets.saveNewMarket'>;

/** Search and active are free text in the market forms (SPEC.md 5). */
const FLAGS: readonly UpdateField[] = [
  { name: 'search', label: 'Search', kind: 'flag' },
  { name: 'active', label: 'Active', kind: 'flag' },
];
const LISTS: readonly UpdateField[] = [
  {
    name: 'unwantedUsages',
    label: 'Unwanted Usages',
    kind: 'list',
    placeholder: 'Type an unwanted usage, then Enter',
  },
  { name: 'tags', label: 'Tags', kind: 'list', placeholder: 'Type a tag, then Enter' },
];

/** Update of a market: market id and unique name identify it. */
export const MARKET_UPDATE_FIELDS: readonly UpdateField[] = [
  { name: 'marketId', label: 'Market Id', kind: 'number', readOnly: true },
  { name: 'uniqueName', label: 'Unique Name', kind: 'text', readOnly: true },
  { name: 'name', label: 'Name', kind: 'text' },
  ...FLAGS,
  ...LISTS,
];

/** Save of a detected market into the catalogue. */
export const NEW_MARKET_FIELDS: readonly UpdateField[] = [
  { name: 'marketId', label: 'Market Id', kind: 'number', readOnly: true },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'uniqueName', label: 'Unique Name', kind: 'text' },
  ...FLAGS,
  ...LISTS,
];

/** SPEC.md 4 (as for currencies): prefilled from the row; unwanted usages and tags start empty. */
export const marketFormValues = (m: MarketRecord): Partial<MarketFormValues> => ({
  marketId: m.marketId,
  uniqueName: m.uniqueName,
  name: m.name,
  search: flagText(m.search),
  active: flagText(m.active),
  unwantedUsages: [],
  tags: [],
});

export const newMarketFormValues = (m: NewMarketRecord): Partial<NewMarketFormValues> => ({
  marketId: m.marketId,
  name: m.name,
  uniqueName: m.uniqueName,
  search: flagText(m.search),
  active: flagText(m.active),
  unwantedUsages: [],
  tags: [],
});
