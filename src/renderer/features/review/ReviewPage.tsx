import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import {
  createRef,
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
import { appliedFilterAtom, reviewPageAtom } from './reviewAtoms';
import { ActOnAllModal } from './ActOnAllModal';
import { ChosenBar } from './ChosenBar';
import { ItemCard, type ItemCardHandle } from './ItemCard';
import { PAGE_KEY_OPTIONS } from './pageKeys';
import { pageCount, resultHeader, type ReviewFilterValues } from './reviewLogic';
import { ResultHeader } from './ResultHeader';
import { ReviewFilterBar } from './ReviewFilterBar';
import { ShortcutHelp } from './ShortcutHelp';
import { useChoice } from './useChoice';
import { useKeywordLists, useReviewList } from './useReviewList';
import { useRunsFinished } from './useRunsFinished';
import { useUndoLast } from './useUndoLast';
import { useConfirm } from '../../ui/confirmAction';

/** /filter: the screen reviewers live in (SPEC.md 2, Review screen; 4, Review items). */
export default function ReviewPage() {
  const confirm = useConfirm();
  const appInfo = useAtomValue(appInfoAtom);
  const [filter, setFilter] = useAtom(appliedFilterAtom);
  const [page, setPage] = useAtom(reviewPageAtom);
  const { state, loading, reload } = useReviewList(filter, page);
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
  useUndoLast(!helpOpen && !actOnAllOpen, afterChange);

  const applyFilter = (values: ReviewFilterValues) => {
    setFilter(values);
    setFocused(0);
    if (values === filter) reload();
  };

  const createModel = (filterType: ReviewFilterValues['filterType']) =>
    confirm({
      content: `Create a new ${filterType === 'tweets' ? 'tweet' : 'news'} classifier model from the reviewed decisions?`,
      danger: false,
      action: () => invoke('review.createModel', { filterType }),
      done: (started) =>
        started === 'running'
          ? `A ${filterType} model is already being created.`
          : `Model creation for ${filterType} was accepted; scores update when it finishes.`,
      failed: 'Model creation failed',
    });

  const go = (target: number) => {
    if (target < 0 || target >= pages || filter.searchWithDataId) return;
    setPage(target);
    setFocused(0);
  };
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
  useHotkeys('j, down', () => move(1), hotkeyOptions, [focused, items]);
  useHotkeys('k, up', () => move(-1), hotkeyOptions, [focused, items]);
  useHotkeys('s', () => current()?.current?.select(), hotkeyOptions, [focused, cardRefs]);
  useHotkeys('e', () => current()?.current?.eliminate(), hotkeyOptions, [focused, cardRefs]);
  useHotkeys('r', () => current()?.current?.review(), hotkeyOptions, [focused, cardRefs]);
  useHotkeys('a', () => current()?.current?.addKeyword(), hotkeyOptions, [focused, cardRefs]);
  useHotkeys('x', () => choice.chooseAt(focused, false), hotkeyOptions, [focused, choice]);
  useHotkeys('shift+x', () => choice.chooseAt(focused, true), hotkeyOptions, [focused, choice]);
  useHotkeys('n, bracketright', () => go(page + 1), hotkeyOptions, [page, pages]);
  useHotkeys('p, bracketleft', () => go(page - 1), hotkeyOptions, [page, pages]);
  useHotkeys('shift+slash', () => setHelpOpen(true), { preventDefault: true }, []);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="start">
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            Review
          </Typography.Title>
          <Button
            icon={<QuestionCircleOutlined />}
            onClick={() => setHelpOpen(true)}
            aria-label="Keyboard shortcuts"
          >
            Shortcuts
          </Button>
        </Flex>
        <ReviewFilterBar
          initial={filter}
          reviewers={appInfo?.reviewers ?? []}
          keywordsFor={(type) => lists[type]}
          onFilter={applyFilter}
          onModel={createModel}
          loading={loading}
        />
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
            onActOnAll={filter.searchWithDataId ? null : () => setActOnAllOpen(true)}
            loading={loading}
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
            <Flex vertical gap={12}>
              {items.map((item, index) => (
                <ItemCard
                  key={`${state.filterType}-${item.id}`}
                  ref={cardRefs[index]}
                  item={item}
                  filterType={state.filterType}
                  keywords={lists[state.filterType]}
                  focused={index === focused}
                  onFocus={focusHandlers[index]!}
                  chosen={item.id !== undefined && choice.chosenSet.has(item.id)}
                  onChoose={chooseHandlers[index]!}
                  onChanged={afterChange}
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
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      {actOnAllOpen && <ActOnAllModal filter={filter} onClose={() => setActOnAllOpen(false)} />}
    </Flex>
  );
}
