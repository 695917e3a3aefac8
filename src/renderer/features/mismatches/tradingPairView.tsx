import type { MismatchTradingPairRecord } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  CONFIGURATION_FIELDS,
  MARKET_FILTER_FIELD,
  configurationFormValues,
  type ConfigurationFormValues,
} from '../../domain/configuration/configurationForm';

/** /mismatches and /mismatches/get-tradingPairs (SPEC.md 2): filters Market and 'Currency Symbol'. */
type PairFilter = { market: string; currency: string };

/** The Delete body of a pair, as its row's Delete sends it. */
const deleteBody = (p: MismatchTradingPairRecord) => ({
  market: p.market ?? '',
  pair: p.pair ?? '',
  baseCurrency: p.baseCurrency ?? '',
  otherCurrency: p.otherCurrency ?? '',
  message: p.message ?? '',
});

export const tradingPairView: ResourceView<MismatchTradingPairRecord, PairFilter> = {
  label: 'Mismatched trading pairs',
  filter: {
    label: 'Trading pair filter',
    fields: [MARKET_FILTER_FIELD, { name: 'currency', label: 'Currency Symbol', width: 180 }],
    read: (values) => ({ market: values.market ?? '', currency: values.currency ?? '' }),
  },
  state: resourceState<MismatchTradingPairRecord, PairFilter>({ market: '', currency: '' }),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: (filter) => invoke('mismatches.getMismatchTradingPairs', filter),
  },
  rowKey: (p) => rowKeyOf(p.market, p.pair),
  columns: [
    { title: 'Market', dataIndex: 'market', width: 130 },
    { title: 'Pair', dataIndex: 'pair', width: 140 },
    { title: 'Base Currency', dataIndex: 'baseCurrency', width: 130 },
    { title: 'Other Currency', dataIndex: 'otherCurrency', width: 130 },
    { title: 'Message', dataIndex: 'message' },
  ],
  actions: [
    // SPEC.md 7: the match sends the configuration it resolves to; the list is fetched again.
    modalAction<MismatchTradingPairRecord, ConfigurationFormValues>({
      label: 'Match',
      look: 'primary',
      title: 'Match Trading Pair',
      okText: 'Match',
      fields: CONFIGURATION_FIELDS,
      values: (p) => configurationFormValues({ market: p.market, currency: p.baseCurrency }),
      submit: (values) => invoke('mismatches.matchMismatchTradingPair', values),
      done: (values) => `Trading pair matched to ${values.uniqueName} on ${values.market}`,
    }),
    {
      label: 'Delete',
      confirm: {
        content: 'Are you sure you want to delete this Trading Pair',
        run: (p) => invoke('mismatches.deleteMismatchTradingPair', deleteBody(p)),
        done: (p) => `Trading pair ${shown(p.pair)} on ${shown(p.market)} deleted`,
      },
    },
  ],
  // Chosen pairs deleted as one run (issue 49); a match needs its own configuration each.
  historyTarget: (p) => (p.pair ? `${p.pair} on ${shown(p.market)}` : null),
  bulk: [
    {
      label: 'Delete',
      channel: 'mismatches.deleteMismatchTradingPair',
      noun: 'trading pairs',
      target: (p) => `${shown(p.pair)} on ${shown(p.market)}`,
      payload: deleteBody,
    },
  ],
};
