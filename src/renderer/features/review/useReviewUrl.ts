import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExtensions } from '../../ui/insight/extensionsState';
import { lastReviewQueryAtom } from '../../ui/reviewFilter/lastReviewQuery';
import { DEFAULT_FILTER, type ReviewFilterValues } from '../../ui/reviewFilter/reviewFilter';
import { filtersFromUrl } from '../../ui/views/viewLink';
import {
  reviewFilterFromQuery,
  reviewLinkQueryOf,
  reviewQueryOf,
} from '../../ui/reviewFilter/reviewQuery';
import { hasExtension } from '../../../shared/insight';
import { withinOffered } from './insightFilter';
import { appliedFilterAtom, reviewPageAtom } from './reviewAtoms';

const filterQuery = (filter: ReviewFilterValues) => reviewQueryOf(filter, 0);

/**
 * The Review page's filter and page, kept in its URL (issue 23) so that a saved view, a copied
 * link and the last screen restored at start-up open the same list. The URL leads: the page's own
 * changes (Filter, paging) only replace the URL's query, and the atoms (which keep the filter
 * while the user is on other screens) follow it. A URL without a query shows the kept filter and
 * writes it into the URL.
 */
export function useReviewUrl() {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const [keptFilter, setFilter] = useAtom(appliedFilterAtom);
  const [keptPage, setPage] = useAtom(reviewPageAtom);
  const setLastQuery = useSetAtom(lastReviewQueryAtom);

  const asked = search.startsWith('?') ? search.slice(1) : search;
  // A view or link with no query (saved on the default filter) means the default, not the kept
  // filter: the navigation says so (viewLink.ts).
  const explicit = filtersFromUrl(state);
  const fromUrl = useMemo(
    () =>
      asked !== ''
        ? reviewFilterFromQuery(asked)
        : explicit
          ? { filter: DEFAULT_FILTER, page: 0 }
          : null,
    [asked, explicit],
  );
  // What the page shows: the URL's filter and page, keeping the kept filter's object when only
  // the page differs (a choice of items belongs to the filter object and survives paging).
  const asks =
    fromUrl && filterQuery(fromUrl.filter) !== filterQuery(keptFilter)
      ? fromUrl.filter
      : keptFilter;
  // Once core has said what the server offers, insight fields it lacks are dropped (issue 24):
  // core would read the filter without them anyway, and the URL and form then say so.
  const extensions = useExtensions();
  const borderline = hasExtension(extensions, 'borderline');
  const modelRuns = hasExtension(extensions, 'model-runs');
  const known = extensions !== null;
  const filter = useMemo(
    () => (known ? withinOffered(asks, { borderline, modelRuns }) : asks),
    [asks, known, borderline, modelRuns],
  );
  const page = fromUrl ? fromUrl.page : keptPage;
  const query = reviewQueryOf(filter, page);

  // Before paint, so that nothing is drawn or loaded twice: the kept filter follows the URL.
  useLayoutEffect(() => {
    if (filter !== keptFilter) setFilter(filter);
    if (filter !== keptFilter || page !== keptPage) setPage(page);
  }, [filter, page, keptFilter, keptPage, setFilter, setPage]);

  // The URL says the filter the one way reviewQueryOf writes it ('' for the default).
  useEffect(() => {
    if (asked !== query) navigate({ search: query }, { replace: true });
  }, [asked, query, navigate]);

  useEffect(() => setLastQuery(query), [query, setLastQuery]);

  /**
   * Shows a filter and page: replaces the URL's query (the page's history is not a list of
   * filters). The default filter's first page goes through its explicit query, since an empty one
   * would show the kept filter again.
   */
  const show = useCallback(
    (next: ReviewFilterValues, nextPage: number) =>
      navigate({ search: reviewLinkQueryOf(next, nextPage) }, { replace: true }),
    [navigate],
  );
  return { filter, page, query, show, setFilter };
}
