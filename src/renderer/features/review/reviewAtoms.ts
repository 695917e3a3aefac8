import { listFilterAtoms } from '../../ui/listFilterAtoms';
import { DEFAULT_FILTER, type ReviewFilterValues } from './reviewLogic';

/** The filter last applied with Filter, and its zero-based page: kept while the user visits other screens. */
export const { filterAtom: appliedFilterAtom, pageAtom: reviewPageAtom } =
  listFilterAtoms<ReviewFilterValues>(DEFAULT_FILTER);
