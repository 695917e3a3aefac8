import { Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { forwardRef, memo, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import type { Keyword, ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { useExtension } from '../../domain/insight/extensionsState';
import { usePlainLook } from '../../ui/look/plainLook';
import { PlainCard } from '../../ui/look/PlainCard';
import { PlainCheckbox } from '../../ui/look/PlainCheckbox';
import { shown } from '../../ui/shown';
import { ChangedMark, type ChangeMark } from './ChangedMark';
import type { StoryView } from '../../../shared/responses/stories';
import { StoryButton } from './StoryButton';
import type { ClaimView } from '../../../shared/responses/claims';
import { HeldMark } from '../../domain/claims/HeldMark';
import {
  useOnItemDropped,
  useWaitingFor,
  waitingMarkOf,
  withWaiting,
} from '../../domain/outbox/waitingItem';
import { useStableCallback } from '../../ui/useStableCallback';
import { WaitingMark } from '../../domain/outbox/WaitingMark';
import { sessionAtom } from '../../session/sessionAtoms';
import { HistoryButton } from './HistoryModal';
import { ConflictPanel } from './ConflictPanel';
import { ItemActions } from './ItemActions';
import { ItemDetails } from './ItemDetails';
import { ItemRow } from './ItemRow';
import { ItemStatus } from './ItemStatus';
import { KeywordForm } from './KeywordForm';
import { isNews } from './reviewChange';
import { useLateKeywordForm } from './useLateKeywordForm';
import { cardState } from './reviewLogic';
import { useItemConflict, type SavedDecision } from './useItemConflict';
import { useItemDecisions } from './useItemDecisions';
import { WhyButton } from './WhyModal';
import './card.css';

/** What the page's shortcuts do to a card (ShortcutHelp.tsx). */
export interface ItemCardHandle {
  select(): void;
  eliminate(): void;
  review(): void;
  addKeyword(): void;
  focus(): void;
}

interface Props {
  item: ReviewItem;
  filterType: FilterType;
  keywords: readonly Keyword[];
  focused: boolean;
  onFocus(): void;
  /** True when the item is chosen for a bulk decision. */
  chosen?: boolean;
  /**
   * The checkbox was clicked; `range` when with shift (from the last toggled card to this one).
   * Without it the card offers no checkbox (a card shown outside the Review page's list).
   */
  onChoose?(range: boolean): void;
  /** Called after a change was saved; the page reloads its list after the spec's delay. */
  onChanged(): void;
  /**
   * Compact density (docs/user-guide.md, A reviewer's shift): one line per item, the actions on the
   * focused row only (ItemRow.tsx). Every name and shortcut of the full card stays.
   */
  compact?: boolean;
  /** The filter's keyword, highlighted in a compact row's message. */
  highlight?: string;
  /** The item changed elsewhere while shown: who and when (useLiveCards.ts). */
  changed?: ChangeMark;
  /** Another reviewer holds the item in their queue (the claims extension): who, how long. */
  held?: ClaimView;
  /** The item's story (the stories extension): "+12 similar" opens it. */
  story?: StoryView;
  onOpenStory?(story: StoryView): void;
}

/** One review item: what it says, where it stands, and its decisions (SPEC.md 4, Review items). */
function ItemCardInner(
  {
    item: given,
    filterType,
    keywords,
    focused,
    onFocus,
    chosen,
    onChoose,
    onChanged,
    compact,
    highlight,
    changed,
    held,
    story,
    onOpenStory,
  }: Props,
  ref: Ref<ItemCardHandle>,
) {
  const cardRef = useRef<HTMLDivElement>(null);
  // A decision refused for a change made since (ConflictPanel.tsx); after Keep theirs the card
  // shows the item as that change left it.
  const conflicts = useItemConflict(given);
  // Decisions waiting in the outbox are shown made (issue 50), and the next is made over them.
  const waiting = useWaitingFor(filterType, given.id);
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const conflictsItem = conflicts.item;
  const item = useMemo(
    () => withWaiting(conflictsItem, waiting, username),
    [conflictsItem, waiting, username],
  );
  // A decision saved shows over the waiting ones it was made after.
  const savedOverWaiting = useStableCallback((decision: SavedDecision) =>
    conflicts.saved(decision, item),
  );
  // A waiting decision taken out of the outbox unsent is no longer shown made: the list is read
  // again for the item as the server has it.
  useOnItemDropped(filterType, given.id, () => {
    conflicts.forget();
    onChanged();
  });
  const state = cardState(item);
  const draftKey = `review-card:${filterType}:${item.id}`;
  // The keyword form is drawn once the reviewer reaches the card (useLateKeywordForm.ts, issue 51);
  // it also keeps what was typed with the item it was typed for.
  const keywordForm = useLateKeywordForm(draftKey, cardRef);
  const decisions = useItemDecisions({
    item,
    filterType,
    keywordForm,
    draftKey,
    onChanged,
    onConflict: conflicts.report,
    onSaved: savedOverWaiting,
    held,
  });
  const why = useExtension('model-runs');
  const { tag } = usePlainLook();
  // Both decisions on every card that has actions: s keeps, e eliminates.
  const decidable = state === 'selected' || state === 'notSelected';
  useImperativeHandle(ref, () => ({
    select: () => decidable && decisions.select(),
    eliminate: () => decidable && decisions.eliminate(),
    review: () => decidable && decisions.review(),
    addKeyword: () => {
      if (state !== 'selected') return;
      keywordForm.wake({ box: 'Keyword' });
    },
    focus: () => cardRef.current?.focus(),
  }));

  // The focus on the card (j/k, a click) draws its form with the next render: an effect may move
  // the focus to the card (useLateKeywordForm.ts), where drawing at once is not allowed.
  const { wakeSoon, pointerEntered, pointerLeft } = keywordForm;
  const reached = useStableCallback(() => {
    if (decidable) wakeSoon();
    onFocus();
  });
  const pointedAt = useStableCallback(() => pointerEntered(decidable));

  const title = isNews(item) ? shown(item.website) : `@${shown(item.twitterUserName)}`;
  const checkbox = decidable && item.id !== undefined && onChoose && (
    <PlainCheckbox
      aria-label={`Choose item ${item.id}`}
      checked={chosen ?? false}
      // A checkbox's change is its click: shift with it chooses a range.
      onChange={(event) =>
        onChoose(event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey)
      }
    />
  );
  // One element while the card's state and busy action stay: the memoised keyword form
  // (KeywordForm.tsx) is then not drawn again when the card is given another item.
  const selected = state === 'selected';
  const { busy, addKeyword, select, eliminate, review } = decisions;
  const buttons = useMemo(
    () => (
      <ItemActions
        selected={selected}
        busy={busy}
        onAddKeyword={addKeyword}
        onSelect={select}
        onEliminate={eliminate}
        onReview={review}
      />
    ),
    [selected, busy, addKeyword, select, eliminate, review],
  );
  const actions = (
    <KeywordForm
      form={keywordForm.form}
      itemId={item.id}
      service={filterType}
      keywords={keywords}
      draftKey={draftKey}
      live={keywordForm.live}
      onWake={keywordForm.wake}
    >
      {buttons}
    </KeywordForm>
  );
  // History, and Why? when the server explains its model (DESIGN.md, Extensions).
  const history = decidable && item.id !== undefined && (
    <>
      {/* Not keyed by the item: each button opens its dialog for the item it was opened for. */}
      {why && <WhyButton filterType={filterType} id={item.id} />}
      <HistoryButton filterType={filterType} id={item.id} />
    </>
  );
  const conflict = conflicts.conflict && (
    <ConflictPanel
      conflict={conflicts.conflict}
      onKeepTheirs={conflicts.keepTheirs}
      onApplyMine={conflicts.applyMine}
    />
  );
  const waitingState = waitingMarkOf(waiting);
  const changedMark = (changed || held || waitingState) && (
    <>
      {changed && <ChangedMark mark={changed} />}
      {held && <HeldMark claim={held} />}
      {waitingState && <WaitingMark state={waitingState} />}
    </>
  );
  const eliminatedText =
    state === 'similarity'
      ? 'This Data Eliminated By Similarity'
      : 'This Data Eliminated By Quoted Post';

  if (compact)
    return (
      <ItemRow
        ref={cardRef}
        item={item}
        title={title}
        focused={focused}
        onFocus={reached}
        onPointerEnter={focused ? pointedAt : undefined}
        onPointerLeave={focused ? pointerLeft : undefined}
        checkbox={checkbox}
        highlight={highlight}
        // Only the focused row carries the actions: ten rows of forms would not fit one screen.
        actions={
          focused &&
          (decidable ? (
            <>
              {conflict}
              {actions}
              {history}
            </>
          ) : null)
        }
        note={decidable ? null : eliminatedText}
        mark={changedMark}
      />
    );
  return (
    <div
      ref={cardRef}
      tabIndex={-1}
      onFocus={reached}
      // The pointer on the card draws its keyword form before any click on it lands.
      onPointerEnter={pointedAt}
      onPointerLeave={pointerLeft}
      role="region"
      className={focused ? 'dqc-card dqc-card-focused' : 'dqc-card'}
      data-item-id={item.id}
      aria-label={`Item ${shown(item.id)}`}
    >
      <PlainCard
        // Plain elements in Card's and Checkbox's classes (look/cardClass.ts), plain rows rather
        // than Space and Typography: cheaper to draw for 20 cards (docs/performance.md, Review and
        // the lists, and The paint floor).
        title={
          <span className="dqc-card-row">
            {checkbox}
            <strong>{title}</strong>
            <span className="dqc-card-account">{shown(item.accountName)}</span>
            <span className={tag()}>Data Id {shown(item.id)}</span>
            {story && onOpenStory && <StoryButton story={story} onOpen={onOpenStory} />}
            {changedMark}
          </span>
        }
        extra={
          <span className="dqc-card-row">
            <ItemStatus item={item} />
            {history}
          </span>
        }
      >
        <ItemDetails item={item} />
        {conflict}
        {/*
          Kept mounted, hidden, on a card whose item cannot be decided: the card instance is given
          other items (slotKeys.ts), and mounting the form again for the next one costs a frame.
        */}
        <div hidden={!decidable}>{actions}</div>
        {!decidable && (
          <Typography.Text type="warning" strong>
            {eliminatedText}
          </Typography.Text>
        )}
      </PlainCard>
    </div>
  );
}

/**
 * Memoised: the page renders again for its own state (a load starting, the focused card), and a
 * card whose props did not change is not drawn again, which for 20 cards is most of a click's cost.
 */
export const ItemCard = memo(forwardRef(ItemCardInner));
