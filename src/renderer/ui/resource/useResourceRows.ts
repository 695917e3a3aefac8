import { useAtom, useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { clientPage, lastPage } from '../listPattern';
import { combinedLoad, useLoad } from '../loadState';
import type { FilterValues, ResourceView } from './types';

/**
 * The rows on screen of a view: its calls run whenever the filter (or, for server pages, the
 * page) changes; a failed call empties the list and keeps its message (SPEC.md 4).
 */
export function useResourceRows<Row, F extends FilterValues>(view: ResourceView<Row, F>) {
  const { state, paging } = view;
  const store = useStore();
  const filter = useAtomValue(state.filterAtom);
  const [page, setPage] = useAtom(state.pageAtom);
  // Client pages come from one fetch of the whole list; only server pages refetch on a page turn.
  const serverPage = paging.kind === 'server' ? page : 0;
  const fetchRows = useCallback(
    () => (paging.kind === 'server' ? paging.fetch(filter, serverPage) : paging.fetch(filter)),
    [paging, filter, serverPage],
  );
  const fetchCount = useCallback(
    () => (paging.kind === 'server' ? paging.count(filter) : Promise.resolve(0)),
    [paging, filter],
  );
  const [rows, reloadRows] = useLoad(state.rowsAtom, [], fetchRows);
  const [count, reloadCount] = useLoad(state.countAtom, 0, fetchCount);

  if (paging.kind === 'client') {
    const visible = clientPage(rows.data, page, paging.pageSize);
    return {
      filter,
      load: rows,
      ...visible,
      pageSize: paging.pageSize,
      setPage,
      retry: reloadRows,
      reload: reloadRows,
    };
  }

  const load = combinedLoad(count, rows);
  // SPEC.md 4: after a save the count and the page are fetched again; a page that no longer
  // exists (its last row saved) gives way to the new last page.
  const reload = async () => {
    await reloadCount();
    const last = lastPage(store.get(state.countAtom).data, paging.pageSize);
    if (store.get(state.pageAtom) > last) setPage(last);
    else await reloadRows();
  };
  return {
    filter,
    load,
    // One failed call of the two empties the list, and the header counts from 0 again.
    page: load.status === 'failed' ? 0 : page,
    rows: load.status === 'failed' ? [] : rows.data,
    total: load.status === 'failed' ? 0 : count.data,
    pageSize: paging.pageSize,
    setPage,
    retry: async () => {
      await Promise.all([reloadCount(), reloadRows()]);
    },
    reload,
  };
}
