import type { Keyword } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { listFilterAtoms } from '../../ui/listFilterAtoms';
import { loadAtom } from '../../ui/loadState';

/** The keyword list's applied filter and zero-based page, kept across screens. */
export const { filterAtom: keywordFilterAtom, pageAtom: keywordPageAtom } = listFilterAtoms<{
  filterType: FilterType;
  contains: string;
}>({ filterType: 'tweets', contains: '' });

/** The keyword list call's load state (SPEC.md 4). */
export const keywordListAtom = loadAtom<Keyword[]>([]);
