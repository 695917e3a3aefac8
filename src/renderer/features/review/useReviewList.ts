import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Keyword, ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { toFilterBody, type ReviewFilterValues } from '../../ui/reviewFilter/reviewFilter';
import { keepUnchanged } from './reviewLogic';
import { errorText } from '../../ui/errorText';

export type ListState =
  | { status: 'loading' }
  | { status: 'ok'; filterType: FilterType; items: ReviewItem[]; total: number; reviewed: number }
  | { status: 'failed'; httpStatus: number; message: string };

/**
 * Loads the current page (or the one item of a data-id search). The latest request wins; while
 * a reload is under way the previous page stays on screen, so the list does not flicker.
 */
export function useReviewList(filter: ReviewFilterValues, page: number) {
  const [loaded, setLoaded] = useState<{ key: string; state: ListState } | null>(null);
  const [nonce, setNonce] = useState(0);
  const latest = useRef('');
  const key = JSON.stringify([filter, page, nonce]);

  // Sent as the new filter or page is committed: they come from the URL, whose changes React
  // Router renders as a transition, and a plain effect would wait for the browser to lay out and
  // paint the page first (issue 25; useLoadIf.ts does the same for the other lists).
  useLayoutEffect(() => {
    latest.current = key;
    const request = filter.searchWithDataId
      ? invoke('review.findById', {
          filterType: filter.filterType,
          id: Number(filter.searchDataId),
        }).then((item) => ({
          items: [item],
          total: 1,
          reviewed: item.reviewedBy ? 1 : 0,
        }))
      : invoke('review.list', {
          filterType: filter.filterType,
          filter: toFilterBody(filter, page),
        });
    request.then(
      (result) =>
        latest.current === key &&
        setLoaded((previous) => ({
          key,
          state: {
            status: 'ok',
            filterType: filter.filterType,
            ...result,
            // A reload after a decision brings back 19 cards as they were: the same objects, so
            // that only the card that changed is drawn again.
            items: keepUnchanged(
              previous?.state.status === 'ok' && previous.state.filterType === filter.filterType
                ? previous.state.items
                : [],
              result.items,
            ),
          },
        })),
      (error: unknown) => {
        if (latest.current !== key) return;
        const httpStatus = error instanceof BridgeCallError ? error.status : 0;
        setLoaded({
          key,
          state: {
            status: 'failed',
            httpStatus,
            message: errorText(error),
          },
        });
      },
    );
  }, [key, filter, page]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const state: ListState = loaded?.state ?? { status: 'loading' };
  return { state, loading: loaded?.key !== key, reload };
}

/** The keyword list of each service, for suggestions; reloaded after a change may have added one. */
export function useKeywordLists() {
  const [lists, setLists] = useState<Record<FilterType, Keyword[]>>({ tweets: [], news: [] });
  const load = useCallback((filterType: FilterType) => {
    invoke('review.getKeywords', { filterType }).then(
      // The same list again (a reload after every decision) keeps the old array, which every
      // card holds: an unchanged list draws no card again.
      (keywords) =>
        setLists((l) =>
          JSON.stringify(l[filterType]) === JSON.stringify(keywords)
            ? l
            : { ...l, [filterType]: keywords },
        ),
      () => undefined, // suggestions are a help; the list itself shows any real failure
    );
  }, []);
  useEffect(() => {
    load('tweets');
    load('news');
  }, [load]);
  return { lists, reloadKeywords: load };
}
