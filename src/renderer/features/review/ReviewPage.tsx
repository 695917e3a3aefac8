import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import {
  createRef,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import {
  RELOAD_DELAY_MS,
  RELOAD_DELAY_SINGLE_ID_MS,
  REVIEW_PAGE_SIZE,
} from '../../../shared/constants';
import { invoke } from '../../bridge/bridge';
import { ListPager } from '../../ui/listPattern';
import { appInfoAtom } from '../../session/sessionAtoms';
import { ExportButton } from '../../domain/export/ExportButton';
import { useExtension } from '../../domain/insight/extensionsState';
import { hotkeysOf, useKeyMap } from '../../domain/prefs/prefsState';
import { toFilterBody, type ReviewFilterValues } from '../../domain/reviewFilter/reviewFilter';
import { reviewQueryOf } from '../../domain/reviewFilter/reviewQuery';
import { ViewsMenu } from '../../domain/views/ViewsMenu';
import { ActOnAllModal } from './ActOnAllModal';
import { ChosenBar } from './ChosenBar';
import { DensityToggle, useDensity } from './DensityToggle';
import { withoutModelRun } from './insightFilter';
import { ItemCard, type ItemCardHandle } from './ItemCard';
import { ModelRunStatus } from './ModelRunStatus';
import { ModelRunTag } from './ModelRunTag';
import { PAGE_KEY_OPTIONS } from './pageKeys';
import { exportColumnsOf, exportLabelOf } from './reviewExport';
import { pageCount, resultHeader } from './reviewLogic';
import { ResultHeader } from './ResultHeader';
import { ReviewFilterBar } from './ReviewFilterBar';
import { ShortcutHelp } from './ShortcutHelp';
import { useChoice } from './useChoice';
import { newestRun, useModelRunFollow } from './useModelRunFollow';
import { sendListEarly, useKeywordLists, useReviewList } from './useReviewList';
import { useReviewUrl, useReviewUrlWrite } from './useReviewUrl';
import { useSlotKeys } from '../../ui/slotKeys';
import { useRunsFinished } from './useRunsFinished';
import { useUndoLast } from './useUndoLast';
import { DecisionNoticeHost } from './DecisionNoticeHost';
import { useConfirm } from '../../ui/confirmAction';
import { useStableCallback } from '../../ui/useStableCallback';
import type { Density } from '../../../shared/prefs';

/** No reviewers known yet: one array, so the filter bar is not drawn again for a new empty one. */
const NO_REVIEWERS: readonly string[] = [];
/** Beside Filter: the saved views (domain/views); one element, for the same reason. */
const VIEWS_MENU = <ViewsMenu path="/filter" />;

/**
 * The screen's title line: drawn again only when the density changes, not on each of the
 * page's renders while a list loads.
 */
const ReviewTitle = memo(function ReviewTitle({
  density,
  onDensity,
  onHelp,
}: {
  density: Density;
  onDensity(density: Density): void;
  onHelp(): void;
}) {
  return (
    <Flex justify="space-between" align="start" gap={8} wrap>
      <Typography.Title level={1} style={{ marginTop: 0 }} className="dqc-review-title">
        Review
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        <DensityToggle density={density} onChange={onDensity} />
        <Button icon={<QuestionCircleOutlined />} onClick={onHelp} aria-label="Keyboard shortcuts">
          Shortcuts
        </Button>
      </Flex>
    </Flex>
  );
});

/** /filter: the screen reviewers live in (SPEC.md 2, Review screen; 4, Review items). */
export default function ReviewPage() {
  const confirm = useConfirm();
  const appInfo = useAtomValue(appInfoAtom);
  // The filter and page follow the URL (useReviewUrl.ts); Filter and paging write it after the
  // answer is painted.
  const { filter, page, query, show, setFilter } = useReviewUrl();
  const { state, loading, reload } = useReviewList(filter, page);
  useReviewUrlWrite(query, loading);
  const keys = useKeyMap();
  const [density, setDensity] = useDensity();
  const compact = density === 'compact';
  const { lists, reloadKeywords } = useKeywordLists();
  const [focused, setFocused] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [actOnAllOpen, setActOnAllOpen] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const items = useMemo(() => (state.status === 'ok' ? state.items : []), [state]);
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
  const listType = state.status === 'ok' ? state.filterType : filter.filterType;
  const cardKeys = useSlotKeys(items.map((item, index) => `${listType}-${item.id ?? `#${index}`}`));
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
  // and a click's four or five renders of this page then draw none of them again for nothing.
  const applyFilter = useStableCallback((values: ReviewFilterValues) => {
    setFocused(0);
    // The same filter again (on its first page) leaves the URL as it is: load it again, unless
    // that load is still under way (a double click: the button turns to loading only after
    // SPINNER_DELAY_MS, and until then it takes clicks).
    if (reviewQueryOf(values, 0) === query) {
      if (loading) return;
      setFilter(values);
      reload();
    } else {
      // The call leaves now; the list's load takes it as the page draws the new filter.
      sendListEarly(values, 0);
      show(values, 0);
    }
  });

  // With the model-runs extension (issue 24) the Model button follows its run to the end: its
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
    sendListEarly(filter, target);
    show(filter, target);
    setFocused(0);
  });
  const keywordsFor = useCallback((type: ReviewFilterValues['filterType']) => lists[type], [lists]);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const openActOnAll = useCallback(() => setActOnAllOpen(true), []);
  const total = state.status === 'ok' ? state.total : 0;
  const exportButton = useMemo(
    () => (
      <ExportButton
        label={exportLabelOf(filter.filterType)}
        fileName={`review-${filter.filterType}`}
        source={() => ({
          kind: 'review',
          filterType: filter.filterType,
          filter: toFilterBody(filter, 0),
        })}
        columns={exportColumnsOf(filter.filterType)}
        total={total}
        disabled={filter.searchWithDataId}
      />
    ),
    [filter, total],
  );
  const current = (): RefObject<ItemCardHandle | null> | undefined =>
    cardRefs[Math.min(focused, items.length - 1)];
  const move = (delta: number) => {
    const next = Math.min(Math.max(focused + delta, 0), items.length - 1);
    setFocused(next);
    cardRefs[next]?.current?.focus();
  };
  const hotkeyOptions = {
    ...PAGE_KEY_OPTIONS,
    enabled: state.status === 'ok' && !helpOpen && !actOnAllOpen,
  };
  // Every key from the user's map (shared/keys.ts; changed in Settings, Keyboard).
  const bind = (action: Parameters<typeof hotkeysOf>[1]) => hotkeysOf(keys, action);
  useHotkeys(bind('next'), () => move(1), hotkeyOptions, [focused, items]);
  useHotkeys(bind('previous'), () => move(-1), hotkeyOptions, [focused, items]);
  useHotkeys(bind('select'), () => current()?.current?.select(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('eliminate'), () => current()?.current?.eliminate(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('review'), () => current()?.current?.review(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('addKeyword'), () => current()?.current?.addKeyword(), hotkeyOptions, [
    focused,
    cardRefs,
  ]);
  useHotkeys(bind('choose'), () => choice.chooseAt(focused, false), hotkeyOptions, [
    focused,
    choice,
  ]);
  useHotkeys(bind('chooseRange'), () => choice.chooseAt(focused, true), hotkeyOptions, [
    focused,
    choice,
  ]);
  useHotkeys(bind('nextPage'), () => go(page + 1), hotkeyOptions, [page, pages, filter]);
  useHotkeys(bind('previousPage'), () => go(page - 1), hotkeyOptions, [page, pages, filter]);
  useHotkeys(bind('help'), () => setHelpOpen(true), { preventDefault: true }, []);

  return (
    <Flex vertical gap={compact ? 8 : 16} className={compact ? 'dqc-review-compact' : undefined}>
      <Card size="small">
        <ReviewTitle density={density} onDensity={setDensity} onHelp={openHelp} />
        <ReviewFilterBar
          initial={filter}
          reviewers={appInfo?.reviewers ?? NO_REVIEWERS}
          keywordsFor={keywordsFor}
          onFilter={applyFilter}
          onModel={createModel}
          loading={loading}
          extra={VIEWS_MENU}
        />
        {modelRuns && (
          <ModelRunTag filter={filter} onClose={() => applyFilter(withoutModelRun(filter))} />
        )}
        <ModelRunStatus followed={modelRun.followed} onClose={modelRun.dismiss} />
      </Card>

      {state.status === 'failed' ? (
        <Result
          status={state.httpStatus >= 500 ? '500' : state.httpStatus === 404 ? '404' : 'error'}
          title={state.httpStatus > 0 ? String(state.httpStatus) : 'No answer'}
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={reload}>
              Try Again
            </Button>
          }
        />
      ) : state.status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <ResultHeader
            range={resultHeader(filter.searchWithDataId ? 0 : page, items.length, state.total)}
            total={state.total}
            reviewed={state.reviewed}
            onActOnAll={filter.searchWithDataId ? null : openActOnAll}
            loading={loading}
            exportButton={exportButton}
          />
          {choice.chosen.length > 0 && (
            <ChosenBar
              filterType={filter.filterType}
              chosen={choice.chosen}
              onClear={choice.clear}
            />
          )}
          {items.length === 0 ? (
            <Empty description="No items match this filter" />
          ) : (
            <Flex vertical gap={compact ? 4 : 12}>
              {items.map((item, index) => (
                <ItemCard
                  key={cardKeys[index]}
                  ref={cardRefs[index]}
                  item={item}
                  filterType={state.filterType}
                  keywords={lists[state.filterType]}
                  focused={index === focused}
                  onFocus={focusHandlers[index]!}
                  chosen={item.id !== undefined && choice.chosenSet.has(item.id)}
                  onChoose={chooseHandlers[index]!}
                  onChanged={afterChange}
                  compact={compact}
                  highlight={filter.keyword}
                />
              ))}
            </Flex>
          )}
          {!filter.searchWithDataId && (
            // The shared pager: '<<' '>>' and one margin page (SPEC.md 9).
            <ListPager page={page} pageSize={REVIEW_PAGE_SIZE} total={state.total} onChange={go} />
          )}
        </>
      )}
      <DecisionNoticeHost />
      <ShortcutHelp open={helpOpen} keys={keys} onClose={() => setHelpOpen(false)} />
      {actOnAllOpen && <ActOnAllModal filter={filter} onClose={() => setActOnAllOpen(false)} />}
    </Flex>
  );
}
