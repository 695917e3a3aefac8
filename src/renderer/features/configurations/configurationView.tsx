import type { ConfigurationRecord } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { createModal, modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  CONFIGURATION_FIELDS,
  MARKET_FILTER_FIELD,
  categoryLabel,
  configurationFormValues,
  type ConfigurationFormValues,
} from '../../domain/configuration/configurationForm';

/** /configurations and /configurations/list (SPEC.md 2): filters Market and Currency. */
type MarketCurrencyFilter = { market: string; currency: string };

const asBody = (c: ConfigurationRecord) =>
  ({
    ...configurationFormValues(c),
  }) as ConfigurationFormValues;

export const configurationView: ResourceView<ConfigurationRecord, MarketCurrencyFilter> = {
  label: 'Configurations',
  filter: {
    label: 'Configuration filter',
    fields: [MARKET_FILTER_FIELD, { name: 'currency', label: 'Currency', width: 180 }],
    read: (values) => ({ market: values.market ?? '', currency: values.currency ?? '' }),
  },
  state: resourceState<ConfigurationRecord, MarketCurrencyFilter>({ market: '', currency: '' }),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: (filter) => invoke('configurations.getConfigurations', filter),
  },
  rowKey: (c) => rowKeyOf(c.uniqueName, c.market, c.currency),
  columns: [
    { title: 'Symbol', dataIndex: 'currency', width: 100 },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Unique Name', dataIndex: 'uniqueName' },
    { title: 'Market', dataIndex: 'market', width: 130 },
    { title: 'Category', dataIndex: 'category', width: 130, render: categoryLabel },
  ],
  actions: [
    modalAction<ConfigurationRecord, ConfigurationFormValues>({
      label: 'Update',
      title: (c) => `Update Configuration ${shown(c.uniqueName)}`,
      fields: CONFIGURATION_FIELDS,
      values: configurationFormValues,
      submit: (values) => invoke('configurations.updateConfiguration', values),
      done: (values) => `Configuration of ${values.uniqueName} on ${values.market} updated`,
    }),
    {
      label: 'Delete',
      confirm: {
        content: 'Are you sure you want to delete this Configuration',
        run: (c) => invoke('configurations.deleteConfiguration', asBody(c)),
        done: (c) => `Configuration of ${shown(c.uniqueName)} on ${shown(c.market)} deleted`,
      },
    },
  ],
  create: {
    tab: 'Add Configuration',
    open: createModal<MarketCurrencyFilter, ConfigurationFormValues>({
      title: 'Add Configuration',
      okText: 'Add',
      fields: CONFIGURATION_FIELDS,
      values: () => ({}),
      submit: (values) => invoke('configurations.addConfiguration', values),
      done: (values) => `Configuration of ${values.uniqueName} on ${values.market} added`,
    }),
  },
};
