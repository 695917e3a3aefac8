import { App as AntApp } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReviewItem } from '../../../shared/api/records';
import type { FilterType } from '../../../shared/bodies/review';
import { reviewTarget } from '../../../shared/journal';
import { invoke } from '../../bridge/bridge';
import { dropDraft } from '../../session/drafts';
import { useConfirm } from '../../ui/confirmAction';
import { useStableCallback } from '../../ui/useStableCallback';
import { errorText } from '../../ui/errorText';
import type { ActionLabel } from './ItemActions';
import { conflictOfError } from '../../domain/conflicts/conflictText';
import type { ItemConflict } from '../../../shared/conflict';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../session/sessionAtoms';
import type { SavedDecision } from './useItemConflict';
import { DECIDED, decideRequest, sendDecision, shownOf, type ApplyMine } from './decideRequest';
import { eliminateChange, type ReviewChange } from './reviewChange';
import type { LateKeywordForm } from './useLateKeywordForm';
import { cardState } from './reviewLogic';
import { SAVED_NOTICE_SECONDS, useDecisionNotice } from './useDecisionNotice';
import { useShowDecisionNotice } from './decisionNoticeAtom';
import { SPINNER_DELAY_MS } from '../../ui/spinnerDelay';
import type { ClaimView } from '../../../shared/responses/claims';
import { isWaitingAnswer, OUTBOX_TEXTS } from '../../../shared/outbox';
import { heldConfirmText } from '../../domain/claims/claimText';

interface Options {
  item: ReviewItem;
  filterType: FilterType;
  /** The card's keyword form, drawn late (useLateKeywordForm.ts). */
  keywordForm: LateKeywordForm;
  /** The form's draft, dropped once its change is saved (drafts.ts). */
  draftKey: string;
  /** Called after a change was saved; the page reloads its list after the spec's delay. */
  onChanged(): void;
  /**
   * A decision refused because the item changed since the card was drawn (src/shared/conflict.ts):
   * the card shows it, and `applyMine` sends the decision again over the change.
   */
  onConflict(conflict: ItemConflict, applyMine: () => void): void;
  /** A decision was saved: the card shows the item as it left it until the list reloads. */
  onSaved(decision: SavedDecision): void;
  /** Another reviewer holds the item in their queue (the claims extension): ask before acting. */
  held?: ClaimView | undefined;
}

/**
 * A card's decisions (SPEC.md 4, Review items): each says what it saved or why it failed; after a
 * saved change the keyword form resets and the page is told. Select, Eliminate and Add Keyword
 * send their declared call with what the card showed; core journals them and offers Undo when
 * the decision can be taken back. Review asks SPEC.md 8's confirm first and has no undo (nothing
 * clears the mark). Each is sent only if the item is still as the card showed it (core checks):
 * one refused for a change since is handed to the card (`onConflict`), the form left as typed.
 */
export function useItemDecisions({
  item,
  filterType,
  keywordForm,
  draftKey,
  onChanged,
  onConflict,
  onSaved,
  held,
}: Options) {
  const { message } = AntApp.useApp();
  const username = useAtomValue(sessionAtom)?.username ?? null;
  const confirm = useConfirm();
  const sayDecided = useDecisionNotice();
  const showNotice = useShowDecisionNotice();
  // Kept with the item it is for: the card may show another item before the change is saved
  // (the page gives card instances new items, slotKeys.ts), and that item is not busy.
  // The item the card shows now, which a saved change compares with its own (see below).
  const shownId = useRef(item.id);
  useLayoutEffect(() => {
    shownId.current = item.id;
  });
  const inFlight = useRef(new Set<number | undefined>());
  const [busy, setBusy] = useState<{ id: number | undefined; label: ActionLabel } | null>(null);

  async function change(
    what: ReviewChange,
    label: ActionLabel,
    needKeyword: boolean,
    applyMine?: ApplyMine,
  ) {
    if (needKeyword) {
      // Its messages show in the real form: drawn now if the card still shows its stand-in.
      keywordForm.wake();
      try {
        await keywordForm.form.validateFields(['keyword', 'type']);
      } catch {
        return;
      }
    }
    // One decision at a time per item (a key pressed twice never reached the button's own guard).
    // The button shows its spinner only if the answer takes a while: a decision answers in tens of
    // milliseconds, and drawing the busy card (and the spinner's grow-in and shrink-out, a layout
    // read per frame) on each click kept the page from reading that answer (docs/performance.md, A
    // long shift).
    if (inFlight.current.has(item.id)) return;
    inFlight.current.add(item.id);
    const id = item.id;
    const spinner = setTimeout(() => setBusy({ id, label }), SPINNER_DELAY_MS);
    try {
      const result = await sendDecision(decideRequest(item, what, keywordForm.values(), applyMine));
      // The form is this item's only while the card still shows it: the card may already hold
      // another item, and what is typed for that one stays.
      // A form as it starts is left alone: resetting it draws its three fields again for nothing.
      if (shownId.current === item.id) keywordForm.reset();
      dropDraft(draftKey);
      if (shownId.current === id) onSaved(what);
      onChanged();
      // Kept in the outbox (no answer): shown made, marked waiting on the card (issue 50).
      if (isWaitingAnswer(result))
        showNotice({
          text: OUTBOX_TEXTS.decisionWaiting(label),
          tone: 'warning',
          seconds: SAVED_NOTICE_SECONDS,
        });
      else
        sayDecided(
          `${label}: saved`,
          `${DECIDED[what]} ${reviewTarget(filterType, id!)}`,
          result,
          onChanged,
        );
    } catch (error) {
      // What the reviewer typed stays in the form, whatever the failure.
      const conflict = conflictOfError(error);
      if (conflict) onConflict(conflict, () => void change(what, label, needKeyword, conflict));
      else void message.error(`${label} failed: ${errorText(error)}`);
    } finally {
      clearTimeout(spinner);
      inFlight.current.delete(id);
      // Only a card that drew its spinner is drawn again (setting null over null changes nothing).
      setBusy((shown) => (shown?.id === id ? null : shown));
    }
  }

  /**
   * An item another reviewer holds is theirs to decide: any action on it first asks, naming them
   * (a click or a key alike); Close does nothing.
   */
  function unlessHeld(act: () => void): void {
    if (!held) return act();
    confirm({
      content: heldConfirmText(held),
      danger: false,
      action: async () => act(),
    });
  }

  // Stable handlers: the card's memoised buttons (ItemActions.tsx) keep them from item to item.
  const select = useStableCallback(() =>
    unlessHeld(() => void change('manually-select', 'Select', false)),
  );
  const eliminate = useStableCallback(() =>
    unlessHeld(
      () =>
        void change(
          eliminateChange(cardState(item), keywordForm.values().keyword),
          'Eliminate',
          false,
        ),
    ),
  );
  const addKeyword = useStableCallback(() =>
    unlessHeld(() => void change('add-keyword', 'Add Keyword', true)),
  );
  /** Marks the item reviewed with what the card showed (or, Apply mine, over the change). */
  async function sendReview(applyMine?: ApplyMine) {
    if (item.id === undefined) throw new Error('this item has no data id');
    const shown = shownOf(applyMine ? { ...applyMine.current, id: item.id } : item);
    let answer: unknown;
    try {
      answer = await invoke('review.reviewed', {
        filterType,
        id: item.id,
        shown,
        ...(applyMine ? { applyAnyway: true as const } : {}),
      });
    } catch (error) {
      const conflict = conflictOfError(error);
      if (!conflict) throw error;
      onConflict(conflict, () =>
        sendReview(conflict).catch(
          (failed: unknown) => void message.error(`Review failed: ${errorText(failed)}`),
        ),
      );
      return;
    }
    if (username !== null && shownId.current === item.id) onSaved({ reviewedBy: username });
    // Said in the decision notice, as the other decisions are (no Undo: nothing clears the mark).
    showNotice(
      isWaitingAnswer(answer)
        ? {
            text: OUTBOX_TEXTS.decisionWaiting('Review'),
            tone: 'warning',
            seconds: SAVED_NOTICE_SECONDS,
          }
        : { text: 'Marked as reviewed', tone: 'success', seconds: SAVED_NOTICE_SECONDS },
    );
    onChanged();
  }
  const review = useStableCallback(() =>
    unlessHeld(() =>
      confirm({
        content:
          filterType === 'tweets'
            ? 'Are you sure the reviewe these tweets?'
            : 'Are you sure the reviewe these new?',
        danger: false,
        action: () => sendReview(),
        failed: 'Review failed',
      }),
    ),
  );

  return {
    busy: busy !== null && busy.id === item.id ? busy.label : null,
    select,
    eliminate,
    addKeyword,
    review,
  };
}
