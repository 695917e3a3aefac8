import { atom } from 'jotai';
import { DEFAULT_CURRENCY_ID_FILTER } from '../../../shared/constants';
import type { Currency, NewCurrency, NewVersionCurrency } from '../../../shared/api/records';
import { listFilterAtoms } from '../../ui/listFilterAtoms';
import { loadAtom } from '../../ui/loadState';

/**
 * State of the three currency lists (SPEC.md 2 and 9): each list's applied filter, its own
 * zero-based page counter and the load status of each of its calls, kept across screens.
 */

export interface QueueFilter {
  contains: string;
  /** As typed in 'Currency Id'; '0' means any. */
  currencyId: string;
}
const defaultQueueFilter: QueueFilter = { contains: '', currencyId: DEFAULT_CURRENCY_ID_FILTER };

export const { filterAtom: currencyFilterAtom, pageAtom: currencyPageAtom } = listFilterAtoms({
  contains: '',
});
export const currencyListAtom = loadAtom<Currency[]>([]);

export const { filterAtom: newCurrencyFilterAtom, pageAtom: newCurrencyPageAtom } =
  listFilterAtoms<QueueFilter>(defaultQueueFilter);
export const newCurrencyRowsAtom = loadAtom<NewCurrency[]>([]);
export const newCurrencyCountAtom = loadAtom<number>(0);

export const { filterAtom: newVersionFilterAtom, pageAtom: newVersionPageAtom } =
  listFilterAtoms<QueueFilter>(defaultQueueFilter);
export const newVersionListAtom = loadAtom<NewVersionCurrency[]>([]);

/** Image check results by unique name (SPEC.md 3); the new-currency save waits for true. */
export const imageChecksAtom = atom<Record<string, boolean>>({});
