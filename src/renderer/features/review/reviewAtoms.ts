import { atom } from 'jotai';
import { DEFAULT_FILTER, type ReviewFilterValues } from './reviewLogic';

/** The filter last applied with Filter, and its zero-based page: kept while the user visits other screens. */
export const appliedFilterAtom = atom<ReviewFilterValues>(DEFAULT_FILTER);
export const reviewPageAtom = atom(0);
