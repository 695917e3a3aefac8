/**
 * How a screen is opened on given filters (a saved view, alt+1 … alt+9, a dqc-console:// link)
 * and the link Copy link gives.
 */

/**
 * The navigation state that says "apply this URL's filters even if the query is empty": a view
 * saved on a list as it opens has no query, and a list entered without one otherwise keeps the
 * filter it last had (useFilterInUrl).
 */
export const FILTERS_FROM_URL = { filtersFromUrl: true } as const;

export function filtersFromUrl(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { filtersFromUrl?: unknown }).filtersFromUrl === true
  );
}

/** A screen's path with its query, as the router takes it. */
export function screenHref(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/**
 * The link to a screen and its filters: `dqc-console://open/<path>?<query>` in the desktop app
 * (it opens the app there), the page's own address in browser mode. A query holds filters only,
 * never a token; browser mode's secret is already gone from the address bar.
 */
export function shareLink(
  shell: 'electron' | 'browser',
  origin: string,
  path: string,
  query: string,
): string {
  if (shell === 'electron') return `dqc-console://open${screenHref(path, query)}`;
  // The router is a hash router: the screen is in the fragment.
  return `${origin}/#${screenHref(path, query)}`;
}
