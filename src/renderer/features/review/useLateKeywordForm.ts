import { Form, type FormInstance } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { readDraft } from '../../session/drafts';
import { focusedPartOf, focusPart, type FocusedPart } from './focusedPart';
import { isUntouched } from './keywordFormState';
import type { KeywordFormValues } from './reviewChange';

/** What a form never touched holds (KeywordForm.tsx's initial values, SPEC.md 4). */
const AS_IT_STARTS: Partial<KeywordFormValues> = { type: 'NO_FILTER' };

/**
 * A card's keyword form, drawn late (issue 51): until the reviewer's pointer enters the card or the
 * focus reaches it, the card shows the form's stand-in (KeywordFormIdle.tsx), which looks the same
 * and carries every accessible name, and the decisions read the form as it starts. An Ant Design
 * autocomplete and two selects on each of 20 cards were most of a page of cards' cost and all of
 * its slow frames (docs/performance.md, The paint floor).
 */
export interface LateKeywordForm {
  form: FormInstance<KeywordFormValues>;
  /** The real form is drawn. */
  live: boolean;
  /**
   * Draws the real form now, before returning (flushSync): from an event handler, never from a
   * render or an effect. Then focuses `part` in it when given, else what had the focus.
   */
  wake(part?: FocusedPart): void;
  /** Draws the real form with the next render: for the card's own focus, which an effect may move. */
  wakeSoon(): void;
  /** The card's pointer handlers: the pointer on the card wakes it and keeps it awake. */
  pointerEntered(decidable: boolean): void;
  pointerLeft(): void;
  /** What the form holds: as it starts while asleep. */
  values(): Partial<KeywordFormValues>;
  /** After a saved change: a form typed in is reset, one as it started is left alone. */
  reset(): void;
}

/**
 * The late form of the card `cardRef` shows, whose item's draft is `draftKey`. A card given another
 * item (slotKeys.ts) resets what was typed for the one before, puts the form back to sleep unless
 * the reviewer is on the card, and wakes it for a draft kept for the new item (drafts.ts).
 */
export function useLateKeywordForm(
  draftKey: string,
  cardRef: RefObject<HTMLElement | null>,
): LateKeywordForm {
  const [form] = Form.useForm<KeywordFormValues>();
  const [live, setLive] = useState(() => readDraft(draftKey) !== undefined);
  // What is drawn, for the handlers and the effects below (kept first: effects run in order).
  const liveRef = useRef(live);
  useLayoutEffect(() => {
    liveRef.current = live;
  });

  // What had the focus when the card woke: drawn anew, it gets it back (focusedPart.ts).
  const focusToKeep = useRef<FocusedPart | null>(null);
  const wake = useCallback(
    (part?: FocusedPart) => {
      const card = cardRef.current;
      const kept = part ?? focusedPartOf(card);
      if (!liveRef.current) {
        flushSync(() => setLive(true));
        liveRef.current = true;
      }
      focusPart(card, kept);
    },
    [cardRef],
  );
  // Whether the pointer is on the card (its enter and leave), kept rather than read from `:hover`,
  // which a card drawn under a still pointer may not have yet.
  const pointerIn = useRef(false);
  const pointerEntered = useCallback(
    (decidable: boolean) => {
      pointerIn.current = true;
      if (decidable) wake();
    },
    [wake],
  );
  const pointerLeft = useCallback(() => {
    pointerIn.current = false;
  }, []);
  const wakeSoon = useCallback(() => {
    if (liveRef.current) return;
    focusToKeep.current = focusedPartOf(cardRef.current);
    setLive(true);
  }, [cardRef]);
  useLayoutEffect(() => {
    if (!live) return;
    focusPart(cardRef.current, focusToKeep.current);
    focusToKeep.current = null;
  }, [live, cardRef]);

  // The page keeps card instances and gives them another item (slotKeys.ts): what was typed, and
  // any message of the form, belonged to the item shown before and goes with it. Before the frame
  // is drawn, so no frame shows the old item's keyword beside the new item.
  const shownKey = useRef(draftKey);
  useLayoutEffect(() => {
    const card = cardRef.current;
    let awake = liveRef.current;
    if (shownKey.current !== draftKey) {
      shownKey.current = draftKey;
      // A form as it started is left alone: a reset draws its three fields again.
      if (awake && !isUntouched(form)) form.resetFields();
      // A button still focused (the decision just clicked) would now act on the new item, and
      // Enter would decide an item the reviewer never chose: the focus goes to the card itself,
      // where the keys (s, e, r) act on it as they would after moving to it.
      const active = document.activeElement;
      if (card && active !== card && active instanceof HTMLElement && card.contains(active))
        card.focus({ preventScroll: true });
      // Asleep again unless the reviewer is on the card (pointer or focus), and awake if they are:
      // the next page of cards is drawn without the forms nobody touched.
      const here =
        pointerIn.current ||
        (card !== null && (card.matches(':hover') || card.contains(document.activeElement)));
      awake = here;
    }
    // What was typed before a session ended comes back (drafts.ts); set once, not as the initial
    // values, which a reset after a change must bring back to NO_FILTER.
    const draft = readDraft<KeywordFormValues>(draftKey);
    if (draft) {
      awake = true;
      form.setFieldsValue(draft);
    }
    if (awake !== liveRef.current) setLive(awake);
  }, [form, draftKey, cardRef]);

  return useMemo(
    () => ({
      form,
      live,
      wake,
      wakeSoon,
      pointerEntered,
      pointerLeft,
      values: () => (liveRef.current ? form.getFieldsValue() : AS_IT_STARTS),
      reset: () => {
        if (liveRef.current && !isUntouched(form)) form.resetFields();
      },
    }),
    [form, live, wake, wakeSoon, pointerEntered, pointerLeft],
  );
}
