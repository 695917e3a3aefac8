import { Button } from 'antd';
import type { Currency, NewCurrency } from '../../../shared/api/records';
import { NEW_CURRENCY_PAGE_SIZE } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { invoke } from '../../bridge/bridge';
import { useImageCheck } from '../../domain/imageCheck/imageCheck';
import { useCheckImgAction } from '../../domain/imageCheck/checkImgAction';
import { modalAction } from '../../ui/resource/actions';
import { resourceState } from '../../ui/resource/resourceState';
import type { ResourceView } from '../../ui/resource/types';
import { rowKeyOf } from '../../ui/rowKey';
import { SameRecordsDropdown } from '../../ui/SameRecordsDropdown';
import { shown } from '../../ui/shown';
import {
  NEW_CURRENCY_FIELDS,
  newCurrencyFormValues,
  type NewCurrencyFormValues,
} from './currencyFields';
import { OldVersionModal } from './OldVersionModal';
import { identityColumns, stateColumns } from './queueColumns';
import { CURRENCY_COMPARE_FIELDS } from './currencyCompare';
import {
  compareAction,
  suggestionColumn,
  type CompareSetup,
} from '../../domain/duplicates/compareSetup';
import { QUEUE_FILTER, QUEUE_FILTER_DEFAULT, queueQuery, type QueueFilter } from './queueFilter';

const CHECK = 'currencies.checkCurrencyImage';

/** Save: SPEC.md's own modal, from the row or from the compare view. */
const saveAction = modalAction<NewCurrency, NewCurrencyFormValues>({
  label: 'Save',
  look: 'primary',
  title: (c) => `Save New Currency ${shown(c.name)}`,
  fields: NEW_CURRENCY_FIELDS,
  values: newCurrencyFormValues,
  submit: (values) => invoke('currencies.saveNewCurrency', values),
  done: (values) => `${values.name} saved to the catalogue`,
  // SPEC.md 4: Update stays disabled until the image check of this currency is true.
  useExtras: (c) => {
    const { check, passed } = useImageCheck(CHECK);
    const nameIn = (values: Partial<NewCurrencyFormValues>) => values.uniqueName ?? c.uniqueName;
    return {
      gate: (values) => (passed(nameIn(values)) ? null : MESSAGES.pleaseCheckImage),
      extraFooter: (values) => {
        const uniqueName = nameIn(values);
        return (
          <Button disabled={!uniqueName} onClick={() => uniqueName && void check(uniqueName)}>
            Check Img
          </Button>
        );
      },
    };
  },
});

/** Compare with the catalogue (issue 49): Save opens from it with the picked values. */
const compare: CompareSetup<NewCurrency> = {
  kind: 'currency',
  fields: CURRENCY_COMPARE_FIELDS,
  rowKey: (c) => rowKeyOf(c.currencyId, c.uniqueName),
  actions: () => [saveAction],
};

/**
 * /cryptoCurrency/get-newCurrencies (SPEC.md 2, New currencies): the queue of detected
 * currencies, paged on the server by 25 with the total from the count call; each with its likely
 * duplicates in the catalogue (issue 49).
 */
export const newCurrencyView: ResourceView<NewCurrency, QueueFilter> = {
  label: 'New crypto currencies',
  filter: QUEUE_FILTER,
  state: resourceState<NewCurrency, QueueFilter>(QUEUE_FILTER_DEFAULT),
  paging: {
    kind: 'server',
    pageSize: NEW_CURRENCY_PAGE_SIZE,
    fetch: (filter, page) =>
      invoke('currencies.getNewCurrencies', { ...queueQuery(filter), startIndex: page }),
    count: (filter) => invoke('currencies.countNewCurrencies', queueQuery(filter)),
    exportSource: (filter) => ({
      channel: 'currencies.getNewCurrencies',
      payload: queueQuery(filter),
      pageField: 'startIndex',
    }),
  },
  rowKey: (c) => rowKeyOf(c.currencyId, c.uniqueName),
  columns: (kit) => [
    ...identityColumns<NewCurrency>(),
    {
      title: 'Same Currencies',
      key: 'same',
      render: (_, c) => (
        <SameRecordsDropdown<Currency>
          label="Same Currencies"
          records={c.sameCurrencySymbolList}
          describe={(s) => `${shown(s.name)} (${shown(s.uniqueName)}) · rank ${shown(s.rank)}`}
          onOpen={(s) => kit.open(<OldVersionModal currency={s} onClose={kit.close} />)}
        />
      ),
    },
    suggestionColumn(compare, kit),
    ...stateColumns<NewCurrency>(),
  ],
  actions: [saveAction, compareAction(compare)],
  useActions: () => useCheckImgAction<NewCurrency>(CHECK, 'currency'),
};
