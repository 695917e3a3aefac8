import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { filtersFromUrl } from '../views/viewLink';
import type { FilterValues, ResourceView } from './types';
import { hasListQuery, listQuery, readListQuery } from './urlFilter';

/**
 * Keeps a list's applied filter and page (its module-level atoms) and its URL query in step
 * (urlFilter.ts). A navigation that brings a query (a saved view, a link, the last screen at
 * start-up, alt+1) applies it; entering the list without one shows the filter it last had and
 * writes that into the URL; a filter or page applied on the screen replaces the query.
 */
export function useFilterInUrl<Row, F extends FilterValues>(view: ResourceView<Row, F>): void {
  const { state, filter: declared } = view;
  const fields = declared.fields;
  const initial = state.initialFilter;
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();

  const fromUrl = () => hasListQuery(fields, location.search) || filtersFromUrl(location.state);
  const read = () => {
    const wanted = readListQuery(fields, initial, location.search);
    const next = declared.read ? declared.read(wanted.values) : (wanted.values as F);
    return { filter: next, page: wanted.page };
  };
  const queryOf = (f: F, p: number) => listQuery(fields, initial, f, p);

  // Before the atoms are read below and before the first render's calls: a list opened on a link
  // fetches that link's filter only, not the one it had before and then the link's.
  useState(() => {
    if (!fromUrl()) return;
    const wanted = read();
    const had = queryOf(store.get(state.filterAtom), store.get(state.pageAtom));
    if (queryOf(wanted.filter, wanted.page) === had) return;
    store.set(state.filterAtom, wanted.filter);
    store.set(state.pageAtom, wanted.page);
  });
  const filter = useAtomValue(state.filterAtom);
  const page = useAtomValue(state.pageAtom);
  const setFilter = useSetAtom(state.filterAtom);
  const setPage = useSetAtom(state.pageAtom);

  const seen = useRef<string | null>(null);
  useEffect(() => {
    const arrived = seen.current !== location.key;
    seen.current = location.key;
    if (arrived && fromUrl()) {
      // The URL was just navigated to: it wins over what the list had.
      const wanted = read();
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
    if (shown !== query)
      void navigate(
        { pathname: location.pathname, search: query ? `?${query}` : '' },
        { replace: true },
      );
    // Every value read here is in the list below or derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.search, location.pathname, location.state, filter, page]);
}
