import type { createStore } from 'jotai';
import { filtersFromUrl } from '../views/viewLink';
import { openList } from '../../ui/resource/openingCall';
import type { FilterValues, ResourceView } from '../../ui/resource/types';
import { hasListQuery, listQuery, readListQuery } from '../../ui/resource/urlFilter';

type Store = ReturnType<typeof createStore>;

/** Where a route is: its path, query and navigation state (React Router's location). */
export interface RouteAt {
  pathname: string;
  search: string;
  state: unknown;
}

/**
 * The filter and page a list's URL asks for (a saved view, a link, the last screen at start-up),
 * or null when the URL says nothing and the list opens on the filter it last had.
 */
export function filterFromUrl<Row, F extends FilterValues>(
  view: ResourceView<Row, F>,
  at: Pick<RouteAt, 'search' | 'state'>,
): { filter: F; page: number } | null {
  const { filter: declared, state } = view;
  if (!hasListQuery(declared.fields, at.search) && !filtersFromUrl(at.state)) return null;
  const wanted = readListQuery(declared.fields, state.initialFilter, at.search);
  const filter = declared.read ? declared.read(wanted.values) : (wanted.values as F);
  return { filter, page: wanted.page };
}

/**
 * The filter and page a list opens with at `at`: the URL's when it names one that differs from
 * what the list last had, otherwise what it had (the same objects, so that the list's calls are
 * the same calls).
 */
export function openingFilter<Row, F extends FilterValues>(
  view: ResourceView<Row, F>,
  at: Pick<RouteAt, 'search' | 'state'>,
  store: Store,
): { filter: F; page: number } {
  const { state, filter: declared } = view;
  const had = { filter: store.get(state.filterAtom), page: store.get(state.pageAtom) };
  const wanted = filterFromUrl(view, at);
  if (!wanted) return had;
  const queryOf = ({ filter, page }: { filter: F; page: number }) =>
    listQuery(declared.fields, state.initialFilter, filter, page);
  return queryOf(wanted) === queryOf(had) ? had : wanted;
}

/** The list views whose chunk has loaded, by route (routes.ts registers each as it loads). */
const listViews = new Map<string, ResourceView<object, FilterValues>>();

export function registerListView(path: string, view: ResourceView<object, FilterValues>): void {
  listViews.set(path, view);
}

/** The path the frame last saw, so a list is opened once as it is entered, not at each query. */
const entered = { path: null as string | null };

/**
 * Called as the URL changes, before the router draws anything of it (App.tsx's history, through
 * routeEntry.ts; for the URL the page opens at, by the frame's first component, frameRouting.tsx):
 * entering a list that core pages starts its opening call at once (openingCall.ts), with the
 * filter and page it will open with, so the call does not wait for the frame's side menu and the
 * screen's last rows to be rendered (docs/performance.md, The paint floor: the catalogue's
 * opening). The screen's own call joins it. A query changed on the same screen (a Filter, a page
 * turn) is the screen's own business. True when it started a call: the router then lets core take
 * it before drawing (App.tsx).
 */
export function enterRoute(at: RouteAt, store: Store): boolean {
  if (entered.path === at.pathname) return false;
  entered.path = at.pathname;
  const view = listViews.get(at.pathname);
  if (view?.paging.kind !== 'core') return false;
  const { filter, page } = openingFilter(view, at, store);
  return openList(view.paging, filter, page);
}
