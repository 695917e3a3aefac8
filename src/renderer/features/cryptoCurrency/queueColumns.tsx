import type { NewCurrency, NewVersionCurrency } from '../../../shared/api/records';
import { shownCell } from '../../ui/shown';
import { formatProviderTime } from '../../ui/dates';
import type { ListColumns } from '../../ui/resource/listColumns';

type Queued = NewCurrency | NewVersionCurrency;

/** The columns both queues start with: who the detected currency is. */
export const identityColumns = <T extends Queued>(): ListColumns<T> => [
  { title: 'Currency Id', dataIndex: 'currencyId', width: 100 },
  { title: 'Rank', dataIndex: 'rank', width: 70 },
  { title: 'Currency', dataIndex: 'currency', width: 90 },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Unique Name', dataIndex: 'uniqueName' },
];

/** The columns both queues end with, before the actions: its flags and when it was detected. */
export const stateColumns = <T extends Queued>(): ListColumns<T> => [
  { title: 'Search With Currency', dataIndex: 'searchWithCurrency', render: shownCell, width: 110 },
  { title: 'Active', dataIndex: 'active', render: shownCell, width: 80 },
  { title: 'Detect Time', dataIndex: 'detectTime', render: formatProviderTime, width: 150 },
];
