import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterNextPaint } from '../../ui/afterPaint';
import { isOwnWrite, OWN_WRITE, stillShowing } from '../../ui/ownUrlWrite';
import type { FilterValues, ResourceView } from '../../ui/resource/types';
import { listQuery } from '../../ui/resource/urlFilter';
import { filterFromUrl, openingFilter } from './listOpening';
import { listLoad } from '../../ui/resource/useResourceRows';

/**
 * Keeps a list's applied filter and page (its module-level atoms) and its URL query in step
 * (urlFilter.ts). A navigation that brings a query (a saved view, a link, the last screen at
 * start-up, alt+1) applies it; entering the list without one shows the filter it last had and
 * writes that into the URL; a filter or page applied on the screen replaces the query.
 *
 * The list's own filter and page are written once its call has answered and the rows it brought are
 * painted: React Router draws a new URL by rendering the whole frame again (the routes, the side
 * menu's links, a scan of every memoised row for the location), and started at the click it ran
 * while the answer came back, on the two cores the answer needed, and held up the rows
 * (docs/performance.md, Review and the lists: Crypto Tags' Filter to 50 rows painted, interleaved,
 * p50 50 -> 38 ms and p95 61 -> 50 beyond the server). Meanwhile the URL still says the rows on
 * screen.
 */
export function useFilterInUrl<Row, F extends FilterValues>(view: ResourceView<Row, F>): void {
  const { state, filter: declared } = view;
  const fields = declared.fields;
  const initial = state.initialFilter;
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();

  const queryOf = (f: F, p: number) => listQuery(fields, initial, f, p);

  // Before the atoms are read below and before the first render's calls: a list opened on a link
  // fetches that link's filter only, not the one it had before and then the link's.
  // The frame's opening call (listOpening.ts) was made with the same filter and page.
  useState(() => {
    const opening = openingFilter(view, location, store);
    store.set(state.filterAtom, opening.filter);
    store.set(state.pageAtom, opening.page);
  });
  const filter = useAtomValue(state.filterAtom);
  const page = useAtomValue(state.pageAtom);
  const setFilter = useSetAtom(state.filterAtom);
  const setPage = useSetAtom(state.pageAtom);

  const busy = useListBusy(view);

  const seen = useRef<string | null>(null);
  useEffect(() => {
    // A URL the list wrote itself is not a navigation to apply: the list may have moved on (a page
    // turned, another Filter) while React Router was drawing it.
    const arrived = seen.current !== location.key && !isOwnWrite(location.state);
    seen.current = location.key;
    const wanted = arrived ? filterFromUrl(view, location) : null;
    if (wanted) {
      // The URL was just navigated to: it wins over what the list had.
      if (queryOf(wanted.filter, wanted.page) !== queryOf(filter, page)) {
        setFilter(wanted.filter);
        setPage(wanted.page);
        return;
      }
    }
    // The list's own filter and page (applied here, or kept from before) are what the URL says;
    // a bad or foreign value in the URL is written over with what was applied instead.
    const query = queryOf(filter, page);
    const shown = location.search.replace(/^\?/, '');
    if (shown === query || busy) return;
    const write = () => {
      if (!stillShowing(location.pathname)) return;
      void navigate(
        { pathname: location.pathname, search: query ? `?${query}` : '' },
        { replace: true, state: OWN_WRITE },
      );
    };
    return afterNextPaint(write);
    // Every value read here is in the list below or derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.search, location.pathname, location.state, filter, page, busy]);
}

/** Whether the list's call is under way, read from the atoms useResourceRows.ts loads into. */
function useListBusy<Row, F extends FilterValues>({ state, paging }: ResourceView<Row, F>) {
  const rows = useAtomValue(state.rowsAtom);
  const count = useAtomValue(state.countAtom);
  const core = useAtomValue(state.coreAtom);
  return listLoad(paging.kind, { rows, count, core }).status === 'loading';
}
