import { DEFAULT_CURRENCY_ID_FILTER } from '../../../shared/constants';
import type { FilterField, FilterValues } from '../../ui/resource/types';

/** The filter of both queues (SPEC.md 2): 'Currency Contains' and 'Currency Id' ('0' is any). */
export type QueueFilter = { contains: string; currencyId: string };

export const QUEUE_FILTER_DEFAULT: QueueFilter = {
  contains: '',
  currencyId: DEFAULT_CURRENCY_ID_FILTER,
};

export const QUEUE_FILTER = {
  label: 'Currency filter',
  fields: [
    { name: 'contains', label: 'Currency Contains', width: 220 },
    { name: 'currencyId', label: 'Currency Id', kind: 'wholeNumber', width: 140 },
  ] satisfies FilterField[],
  read: (values: FilterValues): QueueFilter => ({
    contains: values.contains ?? '',
    currencyId: values.currencyId ?? DEFAULT_CURRENCY_ID_FILTER,
  }),
};

/** The query both queue calls take. */
export const queueQuery = ({ contains, currencyId }: QueueFilter) => ({
  currencySymbolNameOrUniqueName: contains,
  currencyId: Number(currencyId),
});
