import { Button, Card, Empty, Flex, Result, Skeleton } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { StoryView } from '../../../shared/responses/stories';
import { useLocation, useNavigate } from 'react-router-dom';
import { AUDIT_MODE_HREF, isAuditMode } from '../../domain/audit/auditMode';
import { StaleListNotice, useReloadWhenBack } from '../../domain/outbox/StaleListNotice';
import { auditedItemsOf } from '../../domain/audit/auditedLink';
import { REVIEW_PAGE_SIZE } from '../../../shared/constants';
import { ExportButton } from '../../domain/export/ExportButton';
import { toFilterBody } from '../../domain/reviewFilter/reviewFilter';
import { ViewsMenu } from '../../domain/views/ViewsMenu';
import { ListPager } from '../../ui/listPattern';
import { ActOnAllModal } from './ActOnAllModal';
import AuditedItemsPage from './AuditedItemsPage';
import AuditPage from './AuditPage';
import { ChangesAnnouncer } from './ChangedMark';
import { ChosenBar } from './ChosenBar';
import { DecisionNoticeHost } from './DecisionNoticeHost';
import { ItemCard } from './ItemCard';
import { ModelRunStatus } from './ModelRunStatus';
import { ModelRunTag } from './ModelRunTag';
import { exportColumnsOf, exportLabelOf } from './reviewExport';
import { resultHeader } from './reviewLogic';
import { ResultHeader } from './ResultHeader';
import { ReviewFilterBar } from './ReviewFilterBar';
import { ReviewTitle } from './ReviewTitle';
import { QueueNext } from './QueueControls';
import { ShortcutHelp } from '../../ui/ShortcutHelp';
import { StoryDrawer } from './StoryDrawer';
import { useReviewController } from './useReviewController';

/** No reviewers known yet: one array, so the filter bar is not drawn again for a new empty one. */
const NO_REVIEWERS: readonly string[] = [];
/** Beside Filter: the saved views (domain/views); one element, for the same reason. */
const VIEWS_MENU = <ViewsMenu path="/filter" />;

/**
 * /filter: the screen reviewers live in (SPEC.md 2, Review screen; 4, Review items), in one of
 * three modes its query says: Audit mode (`audit=1`: the blind audit sample, AuditPage.tsx), the
 * audited items a Quality figure links to (`audited=<source>:<ids>`), or the ordinary list. Each
 * mode is its own component, so that Audit mode runs none of the list's hooks (its live watch and
 * claim marks would tell the classifier's decision).
 */
export default function ReviewPage() {
  const { search } = useLocation();
  const audited = useMemo(() => auditedItemsOf(search), [search]);
  if (isAuditMode(search)) return <AuditPage />;
  if (audited) return <AuditedItemsPage source={audited.source} ids={audited.ids} />;
  return <ReviewListPage />;
}

/**
 * The ordinary list. Its state, what its controls do and its keys are the controller's
 * (useReviewController.ts); the page lays them out.
 */
function ReviewListPage() {
  const review = useReviewController();
  const {
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
    changeMarks,
    changesAnnounced,
    cardKeys,
    cardRefs,
    focused,
    focusHandlers,
    choice,
    chooseHandlers,
    afterChange,
    applyFilter,
    dropModelRun,
    modelRuns,
    modelRun,
    createModel,
    go,
    helpOpen,
    openHelp,
    closeHelp,
    actOnAllOpen,
    openActOnAll,
    closeActOnAll,
    queue,
    storiesSwitch,
    holders,
    stories,
  } = review;
  // A page left on screen by a failed reload is read again once the provider answers.
  useReloadWhenBack(state.status === 'ok' && state.stale !== undefined, reload);
  // The story opened from a card's "+12 similar" (StoryDrawer.tsx).
  const [openStory, setOpenStory] = useState<number | null>(null);
  const openStoryOf = useCallback((story: StoryView) => setOpenStory(story.id), []);
  const closeStory = useCallback(() => setOpenStory(null), []);
  const navigate = useNavigate();
  const openAudit = useCallback(() => void navigate(AUDIT_MODE_HREF), [navigate]);
  const queueSwitch = useMemo(
    () => (queue.offered ? { on: queue.on, onChange: queue.toggle } : undefined),
    [queue.offered, queue.on, queue.toggle],
  );
  const storiesOn = storiesSwitch?.on;
  const storiesChange = storiesSwitch?.onChange;
  const storiesUnavailable = storiesSwitch?.unavailable ?? null;
  const storiesControl = useMemo(
    () =>
      storiesOn === undefined || !storiesChange
        ? undefined
        : { on: storiesOn, onChange: storiesChange, unavailable: storiesUnavailable },
    [storiesOn, storiesChange, storiesUnavailable],
  );
  const listsStories = state.status === 'ok' && state.view === 'stories';
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
        // With Stories on, the count is of stories; the export writes every item.
        total={listsStories ? null : total}
        disabled={filter.searchWithDataId}
      />
    ),
    [filter, total, listsStories],
  );

  return (
    <Flex vertical gap={compact ? 8 : 16} className={compact ? 'dqc-review-compact' : undefined}>
      <Card size="small">
        <ReviewTitle
          density={density}
          onDensity={setDensity}
          onHelp={openHelp}
          onAudit={openAudit}
          queue={queueSwitch}
          stories={storiesControl}
        />
        <ReviewFilterBar
          initial={filter}
          reviewers={review.reviewers ?? NO_REVIEWERS}
          keywordsFor={keywordsFor}
          onFilter={applyFilter}
          onModel={createModel}
          loading={loading}
          extra={VIEWS_MENU}
        />
        {modelRuns && <ModelRunTag filter={filter} onClose={dropModelRun} />}
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
            range={resultHeader(
              filter.searchWithDataId || queue.on ? 0 : page,
              items.length,
              state.total,
              state.view,
            )}
            total={state.total}
            reviewed={state.reviewed}
            onActOnAll={filter.searchWithDataId || queue.on ? null : openActOnAll}
            loading={loading}
            exportButton={exportButton}
          />
          {state.stale && <StaleListNotice stale={state.stale} onRetry={reload} />}
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
                  changed={item.id === undefined ? undefined : changeMarks.get(item.id)}
                  held={item.id === undefined ? undefined : holders.get(item.id)}
                  story={item.id === undefined ? undefined : stories.get(item.id)}
                  onOpenStory={openStoryOf}
                />
              ))}
            </Flex>
          )}
          {queue.on ? (
            <QueueNext onNext={queue.next} loading={loading} />
          ) : (
            !filter.searchWithDataId && (
              // The shared pager: '<<' '>>' and one margin page (SPEC.md 9).
              <ListPager
                page={page}
                pageSize={REVIEW_PAGE_SIZE}
                total={state.total}
                onChange={go}
              />
            )
          )}
        </>
      )}
      <ChangesAnnouncer text={changesAnnounced} />
      <DecisionNoticeHost />
      <ShortcutHelp open={helpOpen} keys={keys} onClose={closeHelp} />
      {actOnAllOpen && <ActOnAllModal filter={filter} onClose={closeActOnAll} />}
      {openStory !== null && (
        <StoryDrawer
          key={openStory}
          filterType={state.status === 'ok' ? state.filterType : filter.filterType}
          storyId={openStory}
          onClose={closeStory}
          onChanged={reload}
        />
      )}
    </Flex>
  );
}
