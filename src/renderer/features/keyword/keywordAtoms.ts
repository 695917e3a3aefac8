import { atom } from 'jotai';
import type { FilterType } from '../../../shared/review';

/** The keyword list's applied filter and zero-based page, kept across screens. */
export const keywordFilterAtom = atom<{ filterType: FilterType; contains: string }>({
  filterType: 'tweets',
  contains: '',
});
export const keywordPageAtom = atom(0);
