import { atom } from 'jotai';
import { listFilterAtoms } from '../../ui/listFilterAtoms';
import { DEFAULT_FILTER, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';

/** The filter last applied with Filter, and its zero-based page: kept while the user visits other screens. */
export const { filterAtom: appliedFilterAtom, pageAtom: reviewPageAtom } =
  listFilterAtoms<ReviewFilterValues>(DEFAULT_FILTER);

const NONE: readonly number[] = [];

const chosenStoreAtom = atom<{ filter: ReviewFilterValues | null; ids: readonly number[] }>({
  filter: null,
  ids: NONE,
});

/**
 * The data ids chosen for a bulk decision (the cards' checkboxes, x and shift+x). A choice belongs
 * to the filter it was made under, so a new filter (or filter type) shows none without an effect
 * to clear it; paging keeps it, since a range may span pages.
 */
export const chosenIdsAtom = atom(
  (get) => {
    const stored = get(chosenStoreAtom);
    return stored.filter === get(appliedFilterAtom) ? stored.ids : NONE;
  },
  (get, set, ids: readonly number[]) =>
    set(chosenStoreAtom, { filter: get(appliedFilterAtom), ids: ids.length ? ids : NONE }),
);

/**
 * The location (its router key) the Review page last took its filter and page from, or wrote
 * itself (useReviewUrl.ts): a location not taken yet leads the page.
 */
export const reviewUrlTakenAtom = atom<string | null>(null);
