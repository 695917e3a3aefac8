import { useAtomValue } from 'jotai';
import { createRef, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RELOAD_DELAY_MS, RELOAD_DELAY_SINGLE_ID_MS } from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { useExtension, useExtensions } from '../../domain/insight/extensionsState';
import { STORIES_REVIEW_VERSION } from '../../../shared/insight';
import { hotkeysOf, useKeyMap } from '../../domain/prefs/prefsState';
import type { ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { reviewQueryOf } from '../../domain/reviewFilter/reviewQuery';
import { appInfoAtom } from '../../session/sessionAtoms';
import { useConfirm } from '../../ui/confirmAction';
import { useSlotKeys } from '../../ui/slotKeys';
import { useStableCallback } from '../../ui/useStableCallback';
import { useDensity } from './DensityToggle';
import { withoutModelRun } from './insightFilter';
import type { ItemCardHandle } from './ItemCard';
import { pageCount } from './reviewLogic';
import { useChoice } from './useChoice';
import { newestRun, useModelRunFollow } from './useModelRunFollow';
import { useReviewHotkeys } from './useReviewHotkeys';
import { sendListEarly, useKeywordLists, useReviewList } from './useReviewList';
import { useReviewUrl, useReviewUrlWrite } from './useReviewUrl';
import { useRunsFinished } from './useRunsFinished';
import { useUndoLast } from './useUndoLast';
import { useLiveCards } from './useLiveCards';
import { useMyQueue, useQueueLease } from './useMyQueue';
import { usePageStories } from '../../domain/stories/usePageStories';
import { toFilterBody } from '../../domain/reviewFilter/reviewFilter';
import { usesInsight } from '../../../shared/bodies/reviewFilter';
import { storiesUnavailable, useStoriesView } from './StoriesSwitch';
import { useClaimHolders } from '../../domain/claims/useClaimHolders';

/**
 * The Review screen's state and what its controls do (SPEC.md 2, Review screen; 4, Review
 * items): the filter and page from the URL, the list and the keyword lists, the focused and the
 * chosen cards, the reload after a decision, the model button, paging, the dialogs' open state and
 * the keyboard (useReviewHotkeys.ts). ReviewPage.tsx only lays out what this hands it.
 */
export function useReviewController() {
  const confirm = useConfirm();
  const appInfo = useAtomValue(appInfoAtom);
  // The filter and page follow the URL (useReviewUrl.ts); Filter and paging write it after the
  // answer is painted.
  const { filter, page, query, show, setFilter } = useReviewUrl();
  // My queue (the claims extension): the list is then the reviewer's own leased page.
  const claimsOffered = useExtension('claims');
  const storiesOffered = useExtension('stories');
  const myQueue = useMyQueue(claimsOffered);
  const queueOn = myQueue.queue !== null && !filter.searchWithDataId;
  // Stories (the stories extension): one card per story, where the filter can be listed so.
  const storiesListed = useExtension('stories', STORIES_REVIEW_VERSION);
  const extensionsKnown = useExtensions() !== null;
  const [storiesChosen, chooseStories] = useStoriesView();
  const storiesBlockedFor = (values: ReviewFilterValues) =>
    storiesUnavailable({
      queue: queueOn,
      searchWithDataId: values.searchWithDataId,
      insight: usesInsight(toFilterBody(values, 0)),
    });
  const storiesBlocked = storiesBlockedFor(filter);
  const storiesFor = (values: ReviewFilterValues) =>
    storiesListed && storiesChosen && storiesBlockedFor(values) === null;
  const storiesOn = storiesFor(filter);
  // A user who keeps Stories on waits for the server's answer on stories before the first list,
  // rather than seeing every item and then the stories.
  const { state, loading, reload } = useReviewList(
    filter,
    page,
    myQueue.queue,
    storiesChosen && !extensionsKnown ? null : storiesOn,
  );
  // The cards as shown: the list with what changed elsewhere applied in place (useLiveCards.ts).
  const live = useLiveCards(state, loading, filter, page);
  useReviewUrlWrite(query, loading);
  const keys = useKeyMap();
  const [density, setDensity] = useDensity();
  const compact = density === 'compact';
  const { lists, reloadKeywords } = useKeywordLists();
  const [focused, setFocused] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [actOnAllOpen, setActOnAllOpen] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const { items } = live;
  const shownIds = useMemo(
    () => items.flatMap((item) => (item.id === undefined ? [] : [item.id])),
    [items],
  );
  const listFilterType = state.status === 'ok' ? state.filterType : filter.filterType;
  useQueueLease(queueOn, listFilterType, shownIds, reload);
  // In the ordinary list, who else holds the cards on screen (their marks, and a question first).
  const holders = useClaimHolders(claimsOffered && !queueOn, listFilterType, shownIds);
  // The stories of the cards on screen (the stories extension): their "+12 similar".
  const stories = usePageStories(storiesOffered, listFilterType, items);
  // Cards are memoised (ItemCard.tsx): their refs and callbacks stay the same objects from one
  // render of the page to the next, so a click that only starts a load, or a reload after a
  // decision, does not render 20 cards again. One ref and one handler per position: the ref of
  // position i is attached to whichever card React draws there.
  const shownCount = items.length;
  const cardRefs = useMemo(
    () => Array.from({ length: shownCount }, () => createRef<ItemCardHandle>()),
    [shownCount],
  );
  const focusHandlers = useMemo(
    () => Array.from({ length: shownCount }, (_, index) => () => setFocused(index)),
    [shownCount],
  );
  // A card instance stays with its item, and takes a new item's data when its own left the page
  // (slotKeys.ts): a new page updates 20 cards instead of mounting 20 others.
  const cardKeys = useSlotKeys(
    items.map((item, index) => `${listFilterType}-${item.id ?? `#${index}`}`),
  );
  const pages = state.status === 'ok' ? pageCount(state.total) : 0;
  const choice = useChoice(items, page);
  // Like focusHandlers: one stable handler per position, reading the latest choice through a ref.
  const chooseAt = useRef(choice.chooseAt);
  useEffect(() => {
    chooseAt.current = choice.chooseAt;
  }, [choice.chooseAt]);
  const chooseHandlers = useMemo(
    () =>
      Array.from({ length: shownCount }, (_, index) => (range: boolean) => {
        setFocused(index);
        chooseAt.current(index, range);
      }),
    [shownCount],
  );

  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  const { searchWithDataId, filterType } = filter;
  const afterChange = useCallback(() => {
    // SPEC.md 4: the list reloads after a short delay (150 ms; 100 ms for a single-id search).
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(
      reload,
      searchWithDataId ? RELOAD_DELAY_SINGLE_ID_MS : RELOAD_DELAY_MS,
    );
    reloadKeywords(filterType);
  }, [searchWithDataId, filterType, reload, reloadKeywords]);
  useRunsFinished(filterType, afterChange);
  useUndoLast(hotkeysOf(keys, 'undo'), !helpOpen && !actOnAllOpen, afterChange);

  // Stable handlers (useStableCallback): the filter bar, the pager and the header are memoised,
  // and a click's four or five renders of the page then draw none of them again for nothing.
  const applyFilter = useStableCallback((values: ReviewFilterValues) => {
    setFocused(0);
    if (queueOn) myQueue.refilter(listFilterType, shownIds);
    // The same filter again (on its first page) leaves the URL as it is: load it again, unless
    // that load is still under way (a double click: the button turns to loading only after
    // SPINNER_DELAY_MS, and until then it takes clicks).
    if (reviewQueryOf(values, 0) === query) {
      if (loading) return;
      setFilter(values);
      reload();
    } else {
      // The call leaves now; the list's load takes it as the page draws the new filter.
      if (!queueOn) sendListEarly(values, 0, storiesFor(values));
      show(values, 0);
    }
  });

  // With the model-runs extension the Model button follows its run to the end: its
  // progress and result show under the filter, and the list reloads since the ratios changed.
  const modelRuns = useExtension('model-runs');
  const modelRun = useModelRunFollow(reload);
  const createModel = useStableCallback((filterType: ReviewFilterValues['filterType']) =>
    confirm({
      content: `Create a new ${filterType === 'tweets' ? 'tweet' : 'news'} classifier model from the reviewed decisions?`,
      danger: false,
      action: modelRuns
        ? async () => {
            // The run this press starts is the first after the newest one now; if that cannot
            // be read, the newest run is followed. One already under way is joined.
            const before = await newestRun(filterType).catch(() => null);
            const started = await invoke('review.createModel', { filterType });
            modelRun.follow(filterType, started === 'running' ? null : (before?.id ?? null));
            return started;
          }
        : () => invoke('review.createModel', { filterType }),
      done: (started) =>
        modelRuns
          ? started === 'running'
            ? `A ${filterType} model is already being created: its progress shows under the filter.`
            : `Model creation for ${filterType} was accepted: its progress shows under the filter.`
          : started === 'running'
            ? `A ${filterType} model is already being created.`
            : `Model creation for ${filterType} was accepted; scores update when it finishes.`,
      failed: 'Model creation failed',
    }),
  );

  const go = useStableCallback((target: number) => {
    if (target < 0 || target >= pages || target === page || filter.searchWithDataId) return;
    sendListEarly(filter, target, storiesOn);
    show(filter, target);
    setFocused(0);
  });
  const keywordsFor = useCallback((type: ReviewFilterValues['filterType']) => lists[type], [lists]);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const openActOnAll = useCallback(() => setActOnAllOpen(true), []);
  const total = state.status === 'ok' ? state.total : 0;

  useReviewHotkeys({
    keys,
    enabled: state.status === 'ok' && !helpOpen && !actOnAllOpen,
    items,
    cardRefs,
    focused,
    setFocused,
    choice,
    page,
    pages,
    filter,
    go,
    openHelp,
  });

  // Stable, so that the title line holding the switch is not drawn again on every render.
  const toggleQueue = useStableCallback((on: boolean) => {
    setFocused(0);
    if (on) myQueue.start();
    else myQueue.stop(listFilterType, shownIds);
  });
  /** My queue's switch and its Next page; present only where the server offers claims. */
  const queueControls = {
    offered: claimsOffered && !filter.searchWithDataId,
    on: queueOn,
    toggle: toggleQueue,
    next: () => {
      setFocused(0);
      myQueue.next(shownIds);
    },
  };

  const toggleStories = useStableCallback((on: boolean) => {
    setFocused(0);
    chooseStories(on);
  });
  // Stories pages are not the items' pages: when the list turns to stories or back (the switch,
  // or the kept choice read after the page opened), it goes back to the first.
  const listedAsStories = useRef(storiesOn);
  useEffect(() => {
    if (listedAsStories.current === storiesOn) return;
    listedAsStories.current = storiesOn;
    if (page !== 0) show(filter, 0);
  }, [storiesOn, page, filter, show]);
  /** The Stories switch; present only where the server offers Review by story. */
  const storiesControls = storiesListed
    ? { on: storiesChosen, onChange: toggleStories, unavailable: storiesBlocked }
    : undefined;

  return {
    reviewers: appInfo?.reviewers,
    queue: queueControls,
    storiesSwitch: storiesControls,
    holders,
    stories,
    filter,
    page,
    state,
    loading,
    reload,
    total,
    keys,
    density,
    setDensity,
    compact,
    lists,
    keywordsFor,
    items,
    /** Who changed a card's item elsewhere, and when, by data id; the announcer's last words. */
    changeMarks: live.marks,
    changesAnnounced: live.announced,
    cardKeys,
    cardRefs,
    focused,
    focusHandlers,
    choice,
    chooseHandlers,
    afterChange,
    applyFilter,
    /** The model run tag's close: the same filter without its model run. */
    dropModelRun: () => applyFilter(withoutModelRun(filter)),
    modelRuns,
    modelRun,
    createModel,
    go,
    helpOpen,
    openHelp,
    closeHelp: () => setHelpOpen(false),
    actOnAllOpen,
    openActOnAll,
    closeActOnAll: () => setActOnAllOpen(false),
  };
}
