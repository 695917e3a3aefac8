import type { MarketRecord, NewMarketRecord } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { formatProviderTime } from '../../ui/dates';
import { useCheckImgAction } from '../../domain/imageCheck/checkImgAction';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { SameRecordsDropdown } from '../../ui/SameRecordsDropdown';
import { shown } from '../../ui/shown';
import { NEW_MARKET_FIELDS, newMarketFormValues, type NewMarketFormValues } from './marketFields';
import { MarketModal } from './MarketModal';
import {
  compareAction,
  suggestionColumn,
  type CompareSetup,
} from '../../domain/duplicates/compareSetup';
import type { CompareField } from '../../domain/duplicates/CompareModal';

/** A detected market beside a known one (issue 49): the Save form's fields are picked. */
const MARKET_COMPARE_FIELDS: readonly CompareField[] = [
  { name: 'marketId', label: 'Market Id' },
  { name: 'name', label: 'Name', pick: true },
  { name: 'uniqueName', label: 'Unique Name', pick: true },
  { name: 'search', label: 'Search', pick: true },
  { name: 'active', label: 'Active', pick: true },
  { name: 'detectTime', label: 'Detect Time', show: (v) => formatProviderTime(v as string) },
];

/** Save: SPEC.md's own modal, from the row or from the compare view. */
const saveAction = modalAction<NewMarketRecord, NewMarketFormValues>({
  label: 'Save',
  look: 'primary',
  title: (m) => `Save New Market ${shown(m.name)}`,
  okText: 'Save',
  fields: NEW_MARKET_FIELDS,
  values: newMarketFormValues,
  submit: (values) => invoke('markets.saveNewMarket', values),
  // SPEC.md 4: after saving a new market, the new-markets list is fetched again.
  done: (values) => `${values.name} saved to the markets`,
});

/** Compare with the markets (issue 49): Save opens from it with the picked values. */
const compare: CompareSetup<NewMarketRecord> = {
  kind: 'market',
  fields: MARKET_COMPARE_FIELDS,
  rowKey: (m) => rowKeyOf(m.marketId, m.uniqueName),
  actions: () => [saveAction],
};

/**
 * /market/get-newMarkets (SPEC.md 2, New markets): the detected markets, loaded on open. Save
 * posts to /save-new-currency with the market body, as SPEC.md 7 says the provider does.
 */
export const newMarketView: ResourceView<NewMarketRecord, Record<string, never>> = {
  label: 'New markets',
  filter: { label: 'New market filter', fields: [] },
  state: resourceState<NewMarketRecord, Record<string, never>>({}),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: () => invoke('markets.getNewMarkets', {}),
  },
  rowKey: (m) => rowKeyOf(m.marketId, m.uniqueName),
  columns: (kit) => [
    { title: 'Market Id', dataIndex: 'marketId', width: 100 },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
    { title: 'Search', dataIndex: 'search', width: 80 },
    { title: 'Active', dataIndex: 'active', width: 80 },
    { title: 'Detect Time', dataIndex: 'detectTime', render: formatProviderTime, width: 150 },
    {
      title: 'Same Markets',
      key: 'same',
      render: (_, m) => (
        <SameRecordsDropdown<MarketRecord>
          label="Same Markets"
          records={m.sameMarketNameList}
          describe={(s) => `${shown(s.name)} (${shown(s.uniqueName)})`}
          onOpen={(s) => kit.open(<MarketModal market={s} onClose={kit.close} />)}
        />
      ),
    },
    suggestionColumn(compare, kit),
  ],
  actions: [saveAction, compareAction(compare)],
  useActions: () => useCheckImgAction<NewMarketRecord>('markets.checkMarketImage', 'market'),
};
