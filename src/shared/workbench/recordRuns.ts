import { z } from 'zod';

/**
 * Bulk runs on reference lists (issue 49, keys and bulk): the chosen records of a list deleted or
 * matched one after another by core, each write journalled under the run's id, the list frozen when
 * the run starts, at most MAX_RECORD_RUN records, cancellable. Every such write is one no SPEC.md
 * call takes back, and the console says so before the run starts.
 */
export const RECORD_RUN_CHANNELS = [
  'mismatches.deleteMismatchExplorerUrl',
  'mismatches.matchMismatchExplorerUrl',
  'mismatches.deleteMismatchTradingPair',
] as const;
export type RecordRunChannel = (typeof RECORD_RUN_CHANNELS)[number];

/** Records in one run: a list's page is 50; a run is a few pages at most. */
export const MAX_RECORD_RUN = 500;

/** Why each write of a run cannot be taken back: SPEC.md 7 has no call that does. */
export const RECORD_RUN_CANNOT_UNDO: Record<RecordRunChannel, string> = {
  'mismatches.deleteMismatchExplorerUrl':
    'A deleted url cannot be brought back: no SPEC.md call adds a mismatched url.',
  'mismatches.matchMismatchExplorerUrl':
    'A match cannot be undone: no SPEC.md call unmatches a url.',
  'mismatches.deleteMismatchTradingPair':
    'A deleted trading pair cannot be brought back: no SPEC.md call adds a mismatched pair.',
};

export const recordRunStartSchema = z.object({
  /** What the run does, as its button says: 'Delete 12 explorer urls'. */
  label: z.string().min(1).max(200),
  channel: z.enum(RECORD_RUN_CHANNELS),
  items: z
    .array(
      z.object({
        /** What the record is, as the journal and the run's problems name it. */
        target: z.string().min(1).max(300),
        /** The write's body, as the row's own button would send it. */
        payload: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1)
    .max(MAX_RECORD_RUN),
});
export type RecordRunStart = z.infer<typeof recordRunStartSchema>;

export const recordRunIdSchema = z.object({ id: z.string().min(1).max(64) });

export const RECORD_RUN_STATUSES = ['running', 'done', 'cancelled'] as const;

export const recordRunViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  channel: z.enum(RECORD_RUN_CHANNELS),
  status: z.enum(RECORD_RUN_STATUSES),
  total: z.number(),
  /** Written (2xx). */
  done: z.number(),
  /** Refused or unanswered, each with why. */
  failed: z.array(z.object({ target: z.string(), message: z.string() })),
  /** Left unwritten because the run was cancelled or stopped. */
  left: z.number(),
  /** Why the run stopped before its end when nobody cancelled it (the session ended). */
  stopped: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RecordRunView = z.infer<typeof recordRunViewSchema>;
