import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** What the decision notice says: one line, with what it was about and an action when offered. */
export interface DecisionNoticeContent {
  /** The first line, e.g. "Eliminate: saved". */
  text: string;
  tone: 'success' | 'warning' | 'info';
  /** What the decision was about, e.g. "Eliminated tweet 7": the card may show another by now. */
  subject?: string;
  /** What cannot be taken back, said wherever undo is offered. */
  note?: string;
  /** The one action offered (Undo); the notice closes when it is clicked. */
  action?: { label: string; run(): void };
  /** How long the notice stays while the pointer and focus are elsewhere. */
  seconds: number;
}

export interface DecisionNotice extends DecisionNoticeContent {
  /** New for each notice: a new notice is a new element (and the screen reader reads it). */
  id: number;
}

/** The one notice shown (a newer decision's replaces it), or none. */
export const decisionNoticeAtom = atom<DecisionNotice | null>(null);

let nextId = 1;

/** Shows a notice in place of the one shown, if any. */
export function useShowDecisionNotice(): (content: DecisionNoticeContent) => void {
  const set = useSetAtom(decisionNoticeAtom);
  return useCallback((content) => set({ ...content, id: nextId++ }), [set]);
}
