import type { Currency } from '../../../shared/api/records';
import { CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  CURRENCY_UPDATE_FIELDS,
  currencyFormValues,
  type CurrencyFormValues,
} from './currencyFields';
import { CurrencyDetails } from './CurrencyDetails';

/** /cryptoCurrency/get-currencies (SPEC.md 2, Currency list): the catalogue, 50 to a page. */
type CatalogueFilter = { contains: string };

const removeFrom = (kind: 'tag' | 'usage') => ({
  title: kind === 'tag' ? 'Tags' : 'Unwanted Usages',
  values: (c: Currency) => (kind === 'tag' ? c.tags : c.unwantedUsages),
  removeLabel: kind === 'tag' ? 'Remove tag' : 'Remove unwanted usage',
  confirm:
    kind === 'tag'
      ? 'Are You Sure The Delete This Tag'
      : 'Are You Sure The Delete This Unwanted Usage',
  remove: (c: Currency, value: string) =>
    kind === 'tag'
      ? invoke('currencies.deleteTagOfCurrency', { uniqueName: c.uniqueName ?? '', tag: value })
      : invoke('currencies.deleteUnwantedUsageOfCurrency', {
          uniqueName: c.uniqueName ?? '',
          unwantedUsage: value,
        }),
  done: (c: Currency, value: string) =>
    `${kind === 'tag' ? 'Tag' : 'Unwanted usage'} "${value}" removed from ${shown(c.name)}`,
});

export const catalogueView: ResourceView<Currency, CatalogueFilter> = {
  label: 'Crypto currencies',
  filter: {
    label: 'Currency filter',
    fields: [{ name: 'contains', label: 'Currency Contains', width: 260 }],
    read: (values) => ({ contains: values.contains ?? '' }),
  },
  state: resourceState<Currency, CatalogueFilter>({ contains: '' }),
  // Core keeps the whole catalogue (13 MB at 20,000 currencies) or the search's answer, and the
  // bridge carries the 50 rows shown (docs/performance.md, The server and the catalogue).
  paging: {
    kind: 'core',
    pageSize: CURRENCY_PAGE_SIZE,
    fetch: ({ contains }, page, fresh) =>
      invoke('currencies.cataloguePage', { contains, page, fresh }),
    // Export… reads the same call core pages through, whole: its one "page" holds every row, so
    // the export ends there (`page` is a field the call does not take, and is not sent).
    exportSource: ({ contains }) =>
      contains
        ? {
            channel: 'currencies.getCurrenciesIncludes',
            payload: { text: contains },
            pageField: 'page',
          }
        : { channel: 'currencies.getCurrencies', payload: {}, pageField: 'page' },
  },
  rowKey: (c) => rowKeyOf(c.uniqueName, c.currencyId),
  expand: (c) => <CurrencyDetails currency={c} />,
  columns: [
    { title: 'Rank', dataIndex: 'rank', width: 70 },
    { title: 'Currency', dataIndex: 'currency', width: 90 },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
    { title: 'Active', dataIndex: 'active', width: 80 },
    { title: 'Search With Currency', dataIndex: 'searchWithCurrency', width: 110 },
  ],
  removable: [removeFrom('tag'), removeFrom('usage')],
  actions: [
    modalAction<Currency, CurrencyFormValues>({
      label: 'Update',
      title: (c) => `Update ${shown(c.name)}`,
      fields: CURRENCY_UPDATE_FIELDS,
      values: currencyFormValues,
      submit: (values) => invoke('currencies.updateCurrency', values),
      done: (values) => `${values.name} updated`,
    }),
  ],
};
