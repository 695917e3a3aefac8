import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExtensions } from '../../domain/insight/extensionsState';
import { lastReviewQueryAtom } from '../../domain/reviewFilter/lastReviewQuery';
import { DEFAULT_FILTER, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { afterNextPaint } from '../../ui/afterPaint';
import { isOwnWrite, OWN_WRITE, stillShowing } from '../../ui/ownUrlWrite';
import { filtersFromUrl } from '../../domain/views/viewLink';
import { reviewFilterFromQuery, reviewQueryOf } from '../../domain/reviewFilter/reviewQuery';
import { hasExtension } from '../../../shared/insight';
import { withinOffered } from './insightFilter';
import { appliedFilterAtom, reviewPageAtom, reviewUrlTakenAtom } from './reviewAtoms';

const filterQuery = (filter: ReviewFilterValues) => reviewQueryOf(filter, 0);

/**
 * The Review page's filter and page, kept in its URL (DESIGN.md, Links into the app) so that a
 * saved view, a copied link and the last screen restored at start-up open the same list. A URL
 * navigated to leads: a view, a link, the side menu, the last screen at start-up; the atoms (which
 * keep the filter while the user is on other screens) follow it. The page's own changes (Filter,
 * paging) change the atoms at once, and the URL follows once the list's answer is painted
 * (useReviewUrlWrite below): React Router draws a new URL by rendering the whole frame again, which
 * at the click ran while the answer came back and held up the cards (docs/performance.md, Review
 * and the lists). A URL without a query shows the kept filter and writes it into the URL.
 */
export function useReviewUrl() {
  const { search, state, key } = useLocation();
  const [keptFilter, setFilter] = useAtom(appliedFilterAtom);
  const [keptPage, setPage] = useAtom(reviewPageAtom);
  const setLastQuery = useSetAtom(lastReviewQueryAtom);

  const asked = queryIn(search);
  // The location the page took its filter from: a location not taken yet leads, unless the page
  // wrote it itself (it may have moved on since, while React Router drew it).
  const [taken, setTaken] = useAtom(reviewUrlTakenAtom);
  const arrived = key !== taken && !isOwnWrite(state);
  // A view or link with no query (saved on the default filter) means the default, not the kept
  // filter: the navigation says so (viewLink.ts).
  const explicit = filtersFromUrl(state);
  const fromUrl = useMemo(
    () =>
      !arrived
        ? null
        : asked !== ''
          ? reviewFilterFromQuery(asked)
          : explicit
            ? { filter: DEFAULT_FILTER, page: 0 }
            : null,
    [arrived, asked, explicit],
  );
  // What the page shows: the URL's filter and page, keeping the kept filter's object when only
  // the page differs (a choice of items belongs to the filter object and survives paging).
  const asks =
    fromUrl && filterQuery(fromUrl.filter) !== filterQuery(keptFilter)
      ? fromUrl.filter
      : keptFilter;
  // Once core has said what the server offers, insight fields it lacks are dropped (DESIGN.md,
  // Extensions): core would read the filter without them anyway, and the URL and form then say so.
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
    if (arrived) setTaken(key);
  }, [filter, page, keptFilter, keptPage, setFilter, setPage, arrived, key, setTaken]);

  useEffect(() => setLastQuery(query), [query, setLastQuery]);

  /** Shows a filter and page: the atoms now, the URL after the answer (useReviewUrlWrite). */
  const show = useCallback(
    (next: ReviewFilterValues, nextPage: number) => {
      setFilter(next);
      setPage(nextPage);
    },
    [setFilter, setPage],
  );
  return { filter, page, query, show, setFilter };
}

/**
 * Writes the page's filter and page into the URL, the one way reviewQueryOf writes them ('' for
 * the default), once the list is not loading and its answer is painted: the URL replaces its query
 * (the page's history is not a list of filters). Until then the URL says the cards on screen.
 */
export function useReviewUrlWrite(query: string, loading: boolean) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const asked = queryIn(search);
  useEffect(() => {
    if (asked === query || loading) return;
    return afterNextPaint(() => {
      if (stillShowing(pathname))
        void navigate({ pathname, search: query }, { replace: true, state: OWN_WRITE });
    });
  }, [asked, query, loading, navigate, pathname]);
}

const queryIn = (search: string) => (search.startsWith('?') ? search.slice(1) : search);
