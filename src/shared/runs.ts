import { z } from 'zod';
import { insightFilterBodySchema } from './bodies/reviewFilter';
import { dataIdParams, filterTypeSchema, type FilterType } from './bodies/review';

/**
 * Runs (DESIGN.md, "Runs live in core"): work longer than one call, owned by core. A bulk run acts
 * on a frozen snapshot of review items with SPEC.md 7's calls only (filter, find by id, the manual
 * changes, reviewed), so it works against any provider. Plain data and schemas for the bridge.
 */

export const BULK_ACTIONS = ['eliminate', 'select', 'reviewed'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** How each action is named on buttons, in progress and in the journal. */
export const BULK_ACTION_WORDS: Record<
  BulkAction,
  { button: string; doing: string; done: string; undoing: string }
> = {
  eliminate: {
    button: 'Eliminate',
    doing: 'Eliminating',
    done: 'Eliminated',
    undoing: 'Undoing Eliminate',
  },
  select: { button: 'Select', doing: 'Selecting', done: 'Selected', undoing: 'Undoing Select' },
  reviewed: {
    button: 'Mark reviewed',
    doing: 'Marking reviewed',
    done: 'Marked reviewed',
    undoing: 'Undoing Mark reviewed',
  },
};

/**
 * What the provider cannot take back, said wherever undo is offered: SPEC.md 7 has no call that
 * clears a reviewed mark, removes a keyword added with a decision, or clears manually-changed.
 */
export const CANNOT_UNDO = {
  reviewed: 'A reviewed mark cannot be undone: the provider has no call that clears it.',
  keyword:
    'A keyword added with a decision stays in the keyword list: undo restores only the decision.',
  manuallyChanged: 'Undo restores the decision; the item stays marked as manually changed.',
};

export type RunKind = 'bulk' | 'undo';

/**
 * preparing: core is reading the filter into the snapshot; ready: the snapshot is frozen and
 * waits for Start; running / paused; waitingForSession: the session ended, the run goes on after
 * the next sign-in; waitingForProvider: the provider stopped answering, the run goes on once it
 * answers again (issue 50); done / cancelled: finished; interrupted: found at start-up after a quit or a
 * crash, waiting for Resume or Discard; failed: the snapshot could not be taken.
 */
export const RUN_STATUSES = [
  'preparing',
  'ready',
  'running',
  'paused',
  'waitingForSession',
  'waitingForProvider',
  'done',
  'cancelled',
  'interrupted',
  'failed',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['done', 'cancelled', 'failed'];

/** An item a run left (skipped) or could not write (failed), with the reason. */
export interface RunProblem {
  /** The item's data id. */
  id: number;
  outcome: 'skipped' | 'failed';
  reason: string;
}

/**
 * Why a bulk run left an item another reviewer holds (the claims extension): "held by reviewer2
 * (4 min): left alone". The journal keeps this reason, and a run read back from it counts these
 * again by it (isHeldReason).
 */
export function heldReason(holder: string, remainingSeconds: number): string {
  return `held by ${holder} (${Math.max(1, Math.ceil(remainingSeconds / 60))} min): left alone`;
}
const HELD_REASON = /^held by .+ \(\d+ min\): left alone$/;
export const isHeldReason = (reason: string | null): boolean =>
  reason !== null && HELD_REASON.test(reason);

export interface RunView {
  id: string;
  kind: RunKind;
  action: BulkAction;
  filterType: FilterType;
  /** 'Eliminating', 'Undoing Eliminate': the top bar's word. */
  label: string;
  status: RunStatus;
  /** The count call's total for a filter, or how many items were chosen. */
  matched: number;
  /** Items read into the snapshot so far (preparing). */
  read: number;
  /** Items the run acts on: the snapshot less the ones left out. */
  total: number;
  /** Items eliminated by similarity or by quoted post: never acted on (SPEC.md 4). */
  leftOut: number;
  done: number;
  skipped: number;
  /** Of the skipped, items another reviewer held (the claims extension): left alone. */
  heldByOthers: number;
  failed: number;
  /** Calls in flight now; never more than the setting. */
  inFlight: number;
  /** The bound on calls in flight (runConcurrency). */
  concurrency: number;
  /** Seconds left at the current pace; null before there is a pace. */
  etaSeconds: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Skipped and failed items, with reasons (the first 1,000). */
  problems: RunProblem[];
  /** The undo run of this run, once started. */
  undoneBy: string | null;
  /** For an undo run: the run it undoes. */
  undoOf: string | null;
  /** True for a finished select or eliminate run that changed items and was not undone yet. */
  canUndo: boolean;
  /** Why the snapshot failed (status failed). */
  error: string | null;
}

/** RunView as a schema: the runs.* channels declare what they answer (bridge.ts). */
export const runViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['bulk', 'undo']),
  action: z.enum(BULK_ACTIONS),
  filterType: filterTypeSchema,
  label: z.string(),
  status: z.enum(RUN_STATUSES),
  matched: z.number(),
  read: z.number(),
  total: z.number(),
  leftOut: z.number(),
  done: z.number(),
  skipped: z.number(),
  heldByOthers: z.number(),
  failed: z.number(),
  inFlight: z.number(),
  concurrency: z.number(),
  etaSeconds: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  problems: z.array(
    z.object({ id: z.number(), outcome: z.enum(['skipped', 'failed']), reason: z.string() }),
  ),
  undoneBy: z.string().nullable(),
  undoOf: z.string().nullable(),
  canUndo: z.boolean(),
  error: z.string().nullable(),
}) satisfies z.ZodType<RunView>;

export const runIdSchema = z.string().regex(/^[a-z0-9-]{8,64}$/, 'is not a run id');
export const runIdPayloadSchema = z.object({ id: runIdSchema });

export const dataIdSchema = dataIdParams.shape.id;

/** The most items a run takes by choice (a page of cards is 20; a range may span pages). */
export const MAX_CHOSEN = 5000;

/**
 * runs.prepare: what to act on. A filter (the Review filter's fields; core pages through it once)
 * or the chosen items' data ids.
 */
export const runPreparePayloadSchema = z.object({
  filterType: filterTypeSchema,
  action: z.enum(BULK_ACTIONS),
  scope: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('filter'), filter: insightFilterBodySchema }),
    z.object({ kind: z.literal('chosen'), ids: z.array(dataIdSchema).min(1).max(MAX_CHOSEN) }),
    /**
     * A story's members (the stories extension), as the story was at `version` when shown: a
     * story that changed since is refused (409) with nothing written. Select or eliminate only;
     * once done the story's decision is recorded, for later members to take.
     */
    z.object({
      kind: z.literal('story'),
      storyId: dataIdSchema,
      version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ]),
});
export type RunPreparePayload = z.input<typeof runPreparePayloadSchema>;
export type CheckedRunPrepare = z.output<typeof runPreparePayloadSchema>;

// Single decisions ------------------------------------------------------------------------------

/**
 * What a card showed of the item when its reviewer decided: the data id, the decision and the
 * reviewer it showed, and the item's version where the server gives one (conditional-writes).
 * A write that names it (a channel declared `undoable` or `checked` in bridge.ts) is sent only if
 * the item is still so (src/shared/conflict.ts), journalled with this as the state before, and
 * offered for undo when it flipped the item.
 */
export const shownItemSchema = z.object({
  id: dataIdSchema,
  selected: z.boolean().nullable(),
  reviewedBy: z.string().max(200).nullable(),
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ShownItem = z.output<typeof shownItemSchema>;

export interface DecisionResult {
  /** Set when the decision can be undone (it flipped the item's selected flag). */
  undoId: string | null;
  /** What undo cannot take back for this decision (CANNOT_UNDO), said beside Undo; null if none. */
  cannotUndo: string | null;
}

export const undoPayloadSchema = z.object({ undoId: z.string().max(64) });

export interface UndoResult {
  /** True when the opposite change was sent and answered 2xx. */
  restored: boolean;
  /** What happened, in a sentence for the notice: restored, or why the item was left. */
  message: string;
}

export const undoResultSchema = z.object({
  restored: z.boolean(),
  message: z.string(),
}) satisfies z.ZodType<UndoResult>;
