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
  columns: ({ open, close }) => [
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
          onOpen={(s) => open(<MarketModal market={s} onClose={close} />)}
        />
      ),
    },
  ],
  actions: [
    modalAction<NewMarketRecord, NewMarketFormValues>({
      label: 'Save',
      look: 'primary',
      title: (m) => `Save New Market ${shown(m.name)}`,
      okText: 'Save',
      fields: NEW_MARKET_FIELDS,
      values: newMarketFormValues,
      submit: (values) => invoke('markets.saveNewMarket', values),
      // SPEC.md 4: after saving a new market, the new-markets list is fetched again.
      done: (values) => `${values.name} saved to the markets`,
    }),
  ],
  useActions: () => useCheckImgAction<NewMarketRecord>('markets.checkMarketImage', 'market'),
};
