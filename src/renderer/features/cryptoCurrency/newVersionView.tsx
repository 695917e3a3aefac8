import type { NewVersionCurrency } from '../../../shared/api/records';
import { LIST_PAGE_SIZE } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { shown } from '../../ui/shown';
import {
  NEW_VERSION_FIELDS,
  newVersionFormValues,
  type NewVersionFormValues,
} from './currencyFields';
import { OldVersionModal } from './OldVersionModal';
import { CURRENCY_COMPARE_FIELDS, oldVersionTarget } from './currencyCompare';
import {
  compareAction,
  suggestionColumn,
  type CompareSetup,
} from '../../domain/duplicates/compareSetup';
import { identityColumns, stateColumns } from './queueColumns';
import { QUEUE_FILTER, QUEUE_FILTER_DEFAULT, queueQuery, type QueueFilter } from './queueFilter';

const noOldVersion = (v: NewVersionCurrency) =>
  v.oldVersionCurrency ? null : 'The old version was not sent';

/** Save as a separate currency, or merge into the old one: the same form, another call. */
const moveAction = (kind: 'save' | 'merge') =>
  modalAction<NewVersionCurrency, NewVersionFormValues>({
    label: kind === 'save' ? 'Save' : 'Merge',
    look: kind === 'save' ? 'primary' : undefined,
    title:
      kind === 'save'
        ? 'Save New Version Currency as New Currency'
        : 'Merge new Version Currency With Old Currency',
    okText: kind === 'save' ? 'Save' : 'Merge',
    fields: NEW_VERSION_FIELDS,
    values: newVersionFormValues,
    submit: (values) =>
      invoke(
        kind === 'save'
          ? 'currencies.saveNewVersionAsNewCurrency'
          : 'currencies.mergeNewVersionWithOldCurrency',
        values,
      ),
    done: (values) =>
      kind === 'save'
        ? `${values.name} saved as a new currency`
        : `${values.name} merged into ${values.oldVersionCurrency}`,
  });

const saveAction = moveAction('save');
const mergeAction = moveAction('merge');

/**
 * Compare with the old version or another catalogue currency (issue 49): Save and Merge open from
 * it with the picked values. Merge goes into the old version the queue names, as SPEC.md's body
 * says, whichever record the values were picked from.
 */
const compare: CompareSetup<NewVersionCurrency> = {
  kind: 'currency',
  fields: CURRENCY_COMPARE_FIELDS,
  rowKey: (v) => rowKeyOf(v.currencyId, v.uniqueName),
  actions: () => [saveAction, mergeAction],
  fixed: (v) => oldVersionTarget(v.oldVersionCurrency),
};

/**
 * /cryptoCurrency/get-new-version-of-currencies (SPEC.md 2, New version currencies): each new
 * version next to the currency it replaces, saved as a separate currency or merged into it.
 */
export const newVersionView: ResourceView<NewVersionCurrency, QueueFilter> = {
  label: 'New version currencies',
  filter: QUEUE_FILTER,
  state: resourceState<NewVersionCurrency, QueueFilter>(QUEUE_FILTER_DEFAULT),
  paging: {
    kind: 'client',
    pageSize: LIST_PAGE_SIZE,
    fetch: (filter) => invoke('currencies.getNewVersionCurrencies', queueQuery(filter)),
  },
  rowKey: (v) => rowKeyOf(v.currencyId, v.uniqueName),
  columns: (kit) => [
    ...identityColumns<NewVersionCurrency>(),
    {
      title: 'Old Version',
      key: 'old',
      render: (_, v) =>
        `${shown(v.oldVersionCurrency?.currency)} · ${shown(v.oldVersionCurrency?.uniqueName)}`,
    },
    suggestionColumn(compare, kit),
    ...stateColumns<NewVersionCurrency>(),
  ],
  actions: [
    {
      label: 'Old Version Of Currency',
      disabled: noOldVersion,
      open: (v, { close }) =>
        v.oldVersionCurrency && <OldVersionModal currency={v.oldVersionCurrency} onClose={close} />,
    },
    saveAction,
    mergeAction,
    compareAction(compare),
  ],
};
