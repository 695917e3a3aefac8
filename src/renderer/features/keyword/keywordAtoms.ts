import type { FilterType } from '../../../shared/review';
import { listFilterAtoms } from '../../ui/listFilterAtoms';

/** The keyword list's applied filter and zero-based page, kept across screens. */
export const { filterAtom: keywordFilterAtom, pageAtom: keywordPageAtom } = listFilterAtoms<{
  filterType: FilterType;
  contains: string;
}>({ filterType: 'tweets', contains: '' });
