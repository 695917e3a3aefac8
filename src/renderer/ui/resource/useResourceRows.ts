import { useAtom, useAtomValue, useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { clientPage, lastPage } from '../listPattern';
import { combinedLoad, type LoadState } from '../loadState';
import type { CorePage, FilterValues, Paging, ResourceView } from './types';
import { useLoadIf } from './useLoadIf';
import { openList, pageFetch } from './openingCall';

const EMPTY_CORE_PAGE: CorePage<never> = { rows: [], total: 0, page: 0 };

/**
 * The state a list shows, by its paging kind: core's page, the whole list's one call, or a server
 * page's count and rows together (one failed call of the two fails the list). useFilterInUrl.ts
 * reads the same, to write the URL once the list is no longer loading.
 */
export function listLoad(
  kind: Paging<unknown, FilterValues>['kind'],
  calls: { rows: LoadState<unknown>; count: LoadState<unknown>; core: LoadState<unknown> },
): { status: LoadState<unknown>['status']; message?: string } {
  if (kind === 'core') return calls.core;
  if (kind === 'client') return calls.rows;
  return combinedLoad(calls.count, calls.rows);
}

/**
 * The rows on screen of a view: its calls run whenever the filter (or, for server and core
 * pages, the page) changes; a failed call empties the list and keeps its message (SPEC.md 4).
 * Only the calls of the view's own paging kind run.
 */
export function useResourceRows<Row, F extends FilterValues>(view: ResourceView<Row, F>) {
  const { state, paging } = view;
  const store = useStore();
  const filter = useAtomValue(state.filterAtom);
  const [page, setPage] = useAtom(state.pageAtom);
  const inCore = paging.kind === 'core';
  // Client pages come from one fetch of the whole list; only server pages refetch on a page turn.
  const serverPage = paging.kind === 'server' ? page : 0;
  const fetchRows = useCallback(
    () =>
      paging.kind === 'server'
        ? paging.fetch(filter, serverPage)
        : paging.kind === 'client'
          ? paging.fetch(filter)
          : Promise.resolve([]),
    [paging, filter, serverPage],
  );
  const fetchCount = useCallback(
    () => (paging.kind === 'server' ? paging.count(filter) : Promise.resolve(0)),
    [paging, filter],
  );
  const [rows, reloadRows] = useLoadIf(!inCore, state.rowsAtom, [], fetchRows);
  const [count, reloadCount] = useLoadIf(!inCore, state.countAtom, 0, fetchCount);

  // Core pages: a new filter (or a first fetch, or a reload) asks core to read the list again;
  // a page turn of the same filter is answered from the list core holds. The opening call leaves
  // as the screen's render begins, if the frame has not started it already (listOpening.ts); the
  // first call below takes its answer (openingCall.ts).
  useState(() => {
    if (paging.kind === 'core') openList(paging, filter, page);
  });
  const corePage = inCore ? page : 0;
  const fetchedFilter = useRef<F | null>(null);
  const freshNext = useRef(false);
  const fetchCore = useCallback((): Promise<CorePage<Row>> => {
    if (paging.kind !== 'core') return Promise.resolve(EMPTY_CORE_PAGE);
    const fresh = freshNext.current || fetchedFilter.current !== filter;
    freshNext.current = false;
    fetchedFilter.current = filter;
    return pageFetch(paging)(filter, corePage, fresh);
  }, [paging, filter, corePage]);
  const [core, reloadCore] = useLoadIf(inCore, state.coreAtom, EMPTY_CORE_PAGE, fetchCore);
  const load = listLoad(paging.kind, { rows, count, core });

  if (paging.kind === 'core') {
    const reloadFresh = async () => {
      freshNext.current = true;
      await reloadCore();
    };
    return {
      filter,
      load,
      // Core answers the page it shows: the last one when the list has shrunk below the asked.
      page: core.data.page,
      rows: core.data.rows,
      total: core.data.total,
      pageSize: paging.pageSize,
      setPage,
      retry: reloadFresh,
      reload: reloadFresh,
    };
  }

  if (paging.kind === 'client') {
    const visible = clientPage(rows.data, page, paging.pageSize);
    return {
      filter,
      load,
      ...visible,
      pageSize: paging.pageSize,
      setPage,
      retry: reloadRows,
      reload: reloadRows,
    };
  }

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
