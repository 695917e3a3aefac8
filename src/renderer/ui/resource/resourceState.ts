import { listFilterAtoms } from '../listFilterAtoms';
import { loadAtom } from '../loadState';
import type { FilterValues } from './filterValues';

/** One page of a list core keeps (paging kind 'core'): its rows, the list's total, which page. */
export interface CorePage<Row> {
  rows: Row[];
  total: number;
  /** The page answered: the one asked for, or the last when the list has shrunk below it. */
  page: number;
}

const EMPTY_CORE_PAGE: CorePage<never> = { rows: [], total: 0, page: 0 };

/**
 * A list's state (SPEC.md 2, 4 and 9): its applied filter, its own zero-based page counter, and
 * the load status of each of its calls (rows, and the count where the server pages, or the page
 * core answers). Created once per view at module level, so a list keeps its filter and page
 * across screens.
 */
export function resourceState<Row, F extends FilterValues>(initialFilter: F) {
  const { filterAtom, pageAtom } = listFilterAtoms<F>(initialFilter);
  return {
    initialFilter,
    filterAtom,
    pageAtom,
    rowsAtom: loadAtom<Row[]>([]),
    countAtom: loadAtom<number>(0),
    /** Paging kind 'core': the page on screen, its list's total and the page core answered. */
    coreAtom: loadAtom<CorePage<Row>>(EMPTY_CORE_PAGE),
  };
}
export type ResourceState<Row, F extends FilterValues> = ReturnType<typeof resourceState<Row, F>>;
