import { z } from 'zod';
import { FILTER_TYPES } from './bodies/review';
import { dataIdSchema } from './runs';

/**
 * A dropped network loses nothing (issue 50, DESIGN.md "Nothing lost, nothing twice"): a card's
 * decision that gets no answer (no connection, a timeout, a gateway's 502, 503 or 504) waits in
 * core's outbox, a file in the user's folder, and is sent again once the provider answers: in the
 * order made for each item, each item read again first, so that a decision whose answer was lost
 * is not sent twice and one made over somebody else's change is shown as a conflict.
 */

/** The connection to the provider as core sees it, from real calls (connectionModel.ts). */
export const CONNECTION_STATES = ['reachable', 'slow', 'unreachable'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * Where a waiting write stands:
 * - waiting: kept, to be sent when the provider answers;
 * - sending: being read again and sent now;
 * - conflict: the item changed since its card was drawn; it waits for the reviewer's choice
 *   (Keep theirs cancels it, Apply mine sends it over the change);
 * - refused: the provider answered it with an error; it is kept here for the reviewer to read.
 */
export const WAITING_STATES = ['waiting', 'sending', 'conflict', 'refused'] as const;
export type WaitingState = (typeof WAITING_STATES)[number];

export const waitingWriteViewSchema = z.object({
  id: z.string(),
  filterType: z.enum(FILTER_TYPES),
  /** The item's data id. */
  itemId: dataIdSchema,
  /** 'tweet #12': the journal's target. */
  target: z.string(),
  /** What the decision does, in words: 'Eliminate', 'Select', 'Review', 'Add keyword "x"'. */
  decision: z.string(),
  /** What the item is once it lands: selected true or false, or null when it does not say. */
  selected: z.boolean().nullable(),
  /** Whether it marks the item reviewed. */
  reviewed: z.boolean(),
  /** When the reviewer made it (ISO). */
  madeAt: z.string(),
  state: z.enum(WAITING_STATES),
  /** Why it is in conflict or was refused; null while it waits. */
  message: z.string().nullable(),
});
export type WaitingWriteView = z.output<typeof waitingWriteViewSchema>;

export const outboxViewSchema = z.object({
  /** The signed-in user's waiting writes, oldest first; none when nobody is signed in. */
  writes: z.array(waitingWriteViewSchema),
  connection: z.enum(CONNECTION_STATES),
  /**
   * Said once the outbox file was found cut off in its last line (a kill while a write was being
   * kept): at most that write was lost. Null otherwise.
   */
  torn: z.string().nullable(),
});
export type OutboxView = z.output<typeof outboxViewSchema>;

export const outboxIdPayloadSchema = z.object({ id: z.string().min(1).max(64) });
/** What Cancel and Discard answer: a sentence for the page to show. */
export const outboxMessageSchema = z.object({ message: z.string() });

/**
 * What a card's decision answers when it was kept in the outbox instead of answered: the card
 * shows it as made, marked waiting. (A decision that landed answers as it always did.)
 */
export interface WaitingAnswer {
  waiting: { id: string };
  /** As a decision's result (DecisionResult): a waiting decision cannot be undone yet. */
  undoId: null;
  cannotUndo: null;
}

export const isWaitingAnswer = (value: unknown): value is WaitingAnswer =>
  typeof value === 'object' &&
  value !== null &&
  'waiting' in value &&
  typeof (value as { waiting: unknown }).waiting === 'object' &&
  (value as { waiting: unknown }).waiting !== null;

/** Texts of the outbox, the top bar's indicator and sign-out's question. */
export const OUTBOX_TEXTS = {
  reconnecting: 'Reconnecting',
  slow: 'Slow connection',
  offline: (waiting: number) => `Offline: ${waiting} decision${waiting === 1 ? '' : 's'} waiting`,
  waitingOnline: (waiting: number) =>
    `${waiting} decision${waiting === 1 ? '' : 's'} waiting to be sent`,
  title: 'Outbox',
  empty: 'Nothing is waiting: every decision has reached the server.',
  waitingMark: 'Waiting',
  waitingMarkHelp: 'Made here, not yet on the server: it is sent when the server answers again.',
  conflictMark: 'Conflict',
  refusedMark: 'Not sent',
  seeOutbox: 'Your decision has not reached the server: see the Outbox.',
  cancel: 'Cancel',
  cancelled: (target: string) => `Cancelled: the decision on ${target} will not be sent.`,
  keepTheirs: 'Keep theirs',
  applyMine: 'Apply mine',
  dismiss: 'Dismiss',
  torn: 'The outbox file was cut off in its last line (the console stopped while it kept a decision); that decision was lost. Every other waiting decision is here.',
  signOutTitle: (waiting: number) =>
    `${waiting} decision${waiting === 1 ? ' is' : 's are'} waiting to be sent`,
  signOutBody:
    'They have not reached the server yet. Keep them to send at your next sign-in on this computer, or discard them. Nobody else who signs in here will send them.',
  signOutKeep: 'Keep and sign out',
  signOutDiscard: 'Discard and sign out',
  stay: 'Stay signed in',
  decisionWaiting: (label: string) =>
    `${label}: no answer from the server; it waits in the Outbox and is sent when the server answers.`,
  pageStale: 'This page could not be read again; it shows what was loaded before.',
  pageOffline:
    'The server cannot be reached. This page shows what was loaded before; decisions you make now wait in the outbox.',
} as const;
