import type { MarketRecord } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { RemovableField, ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import { MARKET_UPDATE_FIELDS, marketFormValues, type MarketFormValues } from './marketFields';

/** /market/get-markets (SPEC.md 2, Market list): filter 'Market Contains', client pages of 50. */
type MarketFilter = { contains: string };

const keyOf = (m: MarketRecord) => ({
  marketId: m.marketId ?? 0,
  uniqueName: m.uniqueName ?? '',
});

const removable = (kind: 'usage' | 'tag'): RemovableField<MarketRecord> => ({
  title: kind === 'usage' ? 'Unwanted Usages' : 'Tags',
  values: (m) => (kind === 'usage' ? m.unwantedUsages : m.tags),
  removeLabel: kind === 'usage' ? 'Remove unwanted usage' : 'Remove tag',
  confirm:
    kind === 'usage'
      ? 'Are You Sure The Delete This Unwanted Usage'
      : 'Are You Sure The Delete This Tag',
  remove: (m, value) =>
    kind === 'usage'
      ? invoke('markets.deleteUnwantedUsageOfMarket', { ...keyOf(m), unwantedUsage: value })
      : invoke('markets.deleteTagOfMarket', { ...keyOf(m), tag: value }),
  done: (m, value) =>
    `${kind === 'usage' ? 'Unwanted usage' : 'Tag'} "${value}" removed from ${shown(m.name)}`,
});

export const marketView: ResourceView<MarketRecord, MarketFilter> = {
  label: 'Markets',
  filter: {
    label: 'Market filter',
    fields: [{ name: 'contains', label: 'Market Contains', width: 260 }],
    read: (values) => ({ contains: values.contains ?? '' }),
  },
  state: resourceState<MarketRecord, MarketFilter>({ contains: '' }),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: ({ contains }) => invoke('markets.getMarketsIncludes', { text: contains }),
  },
  rowKey: (m) => rowKeyOf(m.marketId, m.uniqueName),
  columns: [
    { title: 'Market Id', dataIndex: 'marketId', width: 100 },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
    { title: 'Search', dataIndex: 'search', width: 80 },
    { title: 'Active', dataIndex: 'active', width: 80 },
  ],
  removable: [removable('usage'), removable('tag')],
  actions: [
    modalAction<MarketRecord, MarketFormValues>({
      label: 'Update',
      title: (m) => `Update ${shown(m.name)}`,
      fields: MARKET_UPDATE_FIELDS,
      values: marketFormValues,
      submit: (values) => invoke('markets.updateMarket', values),
      done: (values) => `${values.name} updated`,
    }),
  ],
};
