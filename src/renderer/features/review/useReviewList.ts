import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Keyword, ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { invoke } from '../../bridge/bridge';
import { BridgeCallError } from '../../bridge/bridgeError';
import { toFilterBody, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { keepUnchanged } from './reviewLogic';
import { queueFilterOf } from './queueFilter';
import { errorText } from '../../ui/errorText';

export type ListState =
  | { status: 'loading' }
  | {
      status: 'ok';
      filterType: FilterType;
      items: ReviewItem[];
      total: number;
      reviewed: number;
      /** Items, or one per story (Stories on, where the server offers stories). */
      view: 'items' | 'stories';
      /**
       * Why the page could not be read again (issue 50: a dropped network), when it could not: the
       * page loaded before stays on screen and usable, and says so.
       */
      stale?: { httpStatus: number; message: string };
    }
  | { status: 'failed'; httpStatus: number; message: string };

type ListAnswer = {
  items: ReviewItem[];
  total: number;
  reviewed: number;
  view: 'items' | 'stories';
};

/**
 * A page of My queue (the claims extension): the `turn`-th asked on this filter, leaving the
 * items of `leave` (the page before it) to the team.
 */
export interface QueueTurn {
  turn: number;
  leave: readonly number[];
}

/**
 * The call a filter and page make, and what it asks: the same `asks`, the same answer. `stories`:
 * one card per story (Review's Stories switch), where the server offers stories.
 */
function listCall(
  filter: ReviewFilterValues,
  page: number,
  queue: QueueTurn | null = null,
  stories = false,
) {
  if (queue && !filter.searchWithDataId) {
    const args = {
      filterType: filter.filterType,
      ...queueFilterOf(filter),
      leave: [...queue.leave],
    };
    return {
      asks: JSON.stringify(['claims.queue', args, queue.turn]),
      send: (): Promise<ListAnswer> =>
        invoke('claims.queue', args).then(({ items }) => ({
          items,
          total: items.length,
          reviewed: items.filter((item) => item.reviewedBy).length,
          view: 'items' as const,
        })),
    };
  }
  if (filter.searchWithDataId) {
    const args = { filterType: filter.filterType, id: Number(filter.searchDataId) };
    return {
      asks: JSON.stringify(['review.findById', args]),
      send: (): Promise<ListAnswer> =>
        invoke('review.findById', args).then((item) => ({
          items: [item],
          total: 1,
          reviewed: item.reviewedBy ? 1 : 0,
          view: 'items' as const,
        })),
    };
  }
  const args = {
    filterType: filter.filterType,
    filter: toFilterBody(filter, page),
    ...(stories ? { stories } : {}),
  };
  return {
    asks: JSON.stringify(['review.list', args]),
    send: (): Promise<ListAnswer> =>
      invoke('review.list', args).then((answer) => ({ ...answer, view: answer.view ?? 'items' })),
  };
}

/** How long a call sent early may wait for its list: its own click's render takes far less. */
export const EARLY_CALL_KEPT_MS = 2_000;

/**
 * The list's call sent by the click that asks for it (Filter, a page), before React draws the new
 * URL: React Router renders a navigation as a transition, and the list's layout effect then ran 13
 * to 33 ms after the click (docs/performance.md, Review and the lists). The next load takes it if
 * it asks the same; any load drops it, so it serves one load at most, within EARLY_CALL_KEPT_MS,
 * never an old answer.
 */
let early: { asks: string; at: number; request: Promise<ListAnswer> } | null = null;

/** The early call's request if it asks what `asks` does and is recent enough to take. */
function earlyFor(asks: string): Promise<ListAnswer> | null {
  return early?.asks === asks && performance.now() - early.at <= EARLY_CALL_KEPT_MS
    ? early.request
    : null;
}

export function sendListEarly(filter: ReviewFilterValues, page: number, stories = false): void {
  const call = listCall(filter, page, null, stories);
  // A second press before the first one's URL is drawn (a held key, a double click) asks the same:
  // the call already under way serves both.
  if (earlyFor(call.asks)) return;
  const request = call.send();
  // A failure is the load's to show; until a load takes the call, nothing else listens to it.
  request.catch(() => undefined);
  early = { asks: call.asks, at: performance.now(), request };
}

/** The early call if it asks what `asks` does and is recent; the slot is emptied either way. */
function takeEarly(asks: string): Promise<ListAnswer> | null {
  const taken = earlyFor(asks);
  early = null;
  return taken;
}

/**
 * Loads the current page (or the one item of a data-id search). The latest request wins; while
 * a reload is under way the previous page stays on screen, so the list does not flicker.
 */
export function useReviewList(
  filter: ReviewFilterValues,
  page: number,
  queue: QueueTurn | null = null,
  /** One card per story; null: not known yet, nothing is asked until it is. */
  stories: boolean | null = false,
) {
  const [loaded, setLoaded] = useState<{ key: string; place: string; state: ListState } | null>(
    null,
  );
  const [nonce, setNonce] = useState(0);
  const latest = useRef('');
  const key = JSON.stringify([filter, page, nonce, queue, stories]);
  // What the list shows, whichever reload: a failed reload keeps only this place's page.
  const place = JSON.stringify([filter, page, queue, stories]);
  const lastNonce = useRef(nonce);

  // Sent as the new filter or page is committed: they come from the URL, whose changes React Router
  // renders as a transition, and a plain effect would wait for the browser to lay out and paint the
  // page first (docs/performance.md, Review and the lists; useLoadIf.ts does the same for the other
  // lists). A click that changes them has usually sent the call already (sendListEarly); a reload
  // never takes it.
  useLayoutEffect(() => {
    latest.current = key;
    if (stories === null) return;
    const reloading = lastNonce.current !== nonce;
    // A reload of the same queue page (after a decision) leaves nothing: the page before it was
    // left by the turn's first load, and an item of it may be held again since.
    const call = listCall(
      filter,
      page,
      reloading && queue ? { ...queue, leave: [] } : queue,
      stories,
    );

    lastNonce.current = nonce;
    const sentEarly = takeEarly(call.asks);
    const request = (!reloading && sentEarly) || call.send();
    request.then(
      (result) =>
        latest.current === key &&
        setLoaded((previous) => ({
          key,
          place,
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
        const message = errorText(error);
        // A reload of the page on screen that fails leaves it there, marked: the cards stay
        // usable (their decisions wait in the outbox). A page never loaded cannot be shown.
        setLoaded((previous) =>
          reloading && previous?.place === place && previous.state.status === 'ok'
            ? { key, place, state: { ...previous.state, stale: { httpStatus, message } } }
            : { key, place, state: { status: 'failed', httpStatus, message } },
        );
      },
    );
  }, [key, place, filter, page, nonce, queue, stories]);

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
