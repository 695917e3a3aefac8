import { listFilterAtoms } from '../listFilterAtoms';
import { loadAtom } from '../loadState';
import type { FilterValues } from './filterValues';

/**
 * A list's state (SPEC.md 2, 4 and 9): its applied filter, its own zero-based page counter, and
 * the load status of each of its calls (rows, and the count where the server pages). Created once
 * per view at module level, so a list keeps its filter and page across screens.
 */
export function resourceState<Row, F extends FilterValues>(initialFilter: F) {
  const { filterAtom, pageAtom } = listFilterAtoms<F>(initialFilter);
  return {
    initialFilter,
    filterAtom,
    pageAtom,
    rowsAtom: loadAtom<Row[]>([]),
    countAtom: loadAtom<number>(0),
  };
}
export type ResourceState<Row, F extends FilterValues> = ReturnType<typeof resourceState<Row, F>>;
