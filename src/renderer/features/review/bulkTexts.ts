import {
  BULK_ACTION_WORDS,
  CANNOT_UNDO,
  type BulkAction,
  type RunView,
} from '../../../shared/runs';

/** What the bulk controls say; counts with en-US separators (1,234). */

export const count = (n: number) => n.toLocaleString('en-US');

const items = (n: number) => `${count(n)} ${n === 1 ? 'item' : 'items'}`;

export const chosenItems = (n: number) => `${count(n)} chosen ${n === 1 ? 'item' : 'items'}`;

export const matchesText = (matched: number) => `This filter matches ${items(matched)}`;

export const readingText = (run: RunView) =>
  `Reading the items: ${count(run.read)} of ${count(run.matched)}`;

export const leftOutText = (leftOut: number) =>
  `${count(leftOut)} eliminated by similarity or by quoted post are left out: they are never acted on.`;

export const willBeText = (run: RunView) =>
  `${items(run.total)} will be ${BULK_ACTION_WORDS[run.action].done.toLowerCase()}`;

/** What the provider cannot take back after the run: said before Start. */
export const cannotUndoText = (action: BulkAction) =>
  action === 'reviewed'
    ? CANNOT_UNDO.reviewed
    : `${CANNOT_UNDO.manuallyChanged} Undo run is offered when it ends.`;

export const confirmReviewedText = (n: number) =>
  `Mark ${chosenItems(n)} reviewed? ${CANNOT_UNDO.reviewed}`;

/** 'Eliminating 3 chosen items: progress is in the top bar.' */
export const chosenStartedText = (run: RunView) =>
  `${run.label} ${chosenItems(run.matched)}: progress is in the top bar.`;

export const filterStartedText = (run: RunView) => `${run.label}: progress is in the top bar.`;
