import { z } from 'zod';
import type { FilterType } from './bodies/review';

/**
 * The journal of the user's writes (DESIGN.md, "Per-user local data"): every write the user makes
 * from any screen, kept by core on this machine, one folder per user. Plain data: entries cross
 * the bridge as they are stored. Never a token or a password (core scrubs before writing).
 */

/** The area of SPEC.md 2 a write belongs to: the Journal screen filters on it. */
export const JOURNAL_AREAS = [
  'review',
  'keywords',
  'model',
  'currencies',
  'markets',
  'tags',
  'configurations',
  'mismatches',
  'accounts',
] as const;
export type JournalArea = (typeof JOURNAL_AREAS)[number];

/** ok: the provider answered 2xx; failed: it did not (or no answer); skipped: a run left it. */
export const JOURNAL_OUTCOMES = ['ok', 'failed', 'skipped'] as const;
export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number];

export interface JournalEntry {
  /** Increasing within the user's journal: the order of the writes. */
  seq: number;
  /** ISO date-time of the outcome. */
  at: string;
  /** The bridge channel of the write ('review.manualChange', 'currencies.save', …). */
  channel: string;
  /** The provider call as SPEC.md 7 writes it: 'PUT /twitter-service/manually-eliminate'. */
  call: string;
  area: JournalArea;
  /** What was written to: a review item ('tweet 123', see reviewTarget), a unique name, a keyword. */
  target: string | null;
  /** A short account of what was sent (no secrets): 'manually-eliminate', 'keyword bitcoin (IMPORTANT)'. */
  summary: string;
  /** The target's state before the write, where core knew it (a reference record as shown). */
  before: JournalFields | null;
  /**
   * The body sent, its lists joined (issue 49, what happened to a record); absent from entries
   * written before it was kept.
   */
  body?: JournalFields | null;
  outcome: JournalOutcome;
  /** The HTTP status of the answer; null when there was none (skipped, no answer). */
  status: number | null;
  /** The failure's or the skip's reason; null on success. */
  message: string | null;
  /** The run the write belonged to (runs.ts), or null for a single write. */
  runId: string | null;
}

/** A record or a body as the journal keeps it: flat, each value a short text, number or flag. */
export type JournalFields = Record<string, string | number | boolean | null>;

/** Fields kept of one record or body; each text cut to FIELD_TEXT. */
const MAX_FIELDS = 60;
const FIELD_TEXT = 500;

/** A record or body made flat for the journal: lists joined by ', ', objects as their JSON. */
export function journalFieldsOf(record: Record<string, unknown>): JournalFields {
  const out: JournalFields = {};
  for (const [key, value] of Object.entries(record).slice(0, MAX_FIELDS)) {
    if (value === undefined) continue;
    const flat =
      value === null || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : typeof value === 'string'
          ? value
          : Array.isArray(value)
            ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
            : JSON.stringify(value);
    out[key.slice(0, 60)] = typeof flat === 'string' ? flat.slice(0, FIELD_TEXT) : flat;
  }
  return out;
}

/**
 * A reference record as the screen showed it when a write on it was sent (issue 49): what the
 * journal names it by (`target`, the History's key) and its fields then.
 */
export const shownRecordSchema = z.object({
  target: z.string().min(1).max(300),
  fields: z
    .record(
      z.string().max(60),
      z.union([z.string().max(FIELD_TEXT), z.number(), z.boolean(), z.null()]),
    )
    .optional(),
});
export type ShownRecord = z.infer<typeof shownRecordSchema>;

/** Fields that name a reference record, most telling first (core's journal targets, too). */
export const RECORD_NAME_FIELDS = [
  'uniqueName',
  'twitterAccountName',
  'pair',
  'url',
  'currency',
  'name',
  'keyword',
] as const;

/** Characters of a journal target: a long url is named by its start. */
export const TARGET_LENGTH = 200;

/** A name as the journal's target: trimmed and cut to TARGET_LENGTH. */
export const journalTarget = (name: string): string => name.trim().slice(0, TARGET_LENGTH);

/** What a record is named by in the journal: its first telling field, or null. */
export function recordTargetOf(record: Record<string, unknown>): string | null {
  for (const field of RECORD_NAME_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return journalTarget(value);
  }
  return null;
}

/** What core appends: the store numbers it. */
export type NewJournalEntry = Omit<JournalEntry, 'seq'>;

/** A review item's journal target: 'tweet 123' or 'news 45' (the data id, SPEC.md 3). */
export function reviewTarget(filterType: FilterType, id: number): string {
  return `${filterType === 'tweets' ? 'tweet' : 'news'} ${id}`;
}

const isoDateTime = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a date');

/** journal.list: newest first, filtered, one page. */
export const journalQuerySchema = z.object({
  /** Entries at or after this time. */
  from: isoDateTime.nullable().optional(),
  /** Entries at or before this time. */
  to: isoDateTime.nullable().optional(),
  area: z.enum(JOURNAL_AREAS).nullable().optional(),
  outcome: z.enum(JOURNAL_OUTCOMES).nullable().optional(),
  runId: z.string().max(64).nullable().optional(),
  /** Exact target, for one item's history. */
  target: z.string().max(300).nullable().optional(),
  page: z.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type JournalQuery = z.input<typeof journalQuerySchema>;
export type CheckedJournalQuery = z.output<typeof journalQuerySchema>;

/** JournalEntry as a schema: journal.list declares what it answers (bridge.ts). */
export const journalEntrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  channel: z.string(),
  call: z.string(),
  area: z.enum(JOURNAL_AREAS),
  target: z.string().nullable(),
  summary: z.string(),
  before: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  body: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable()
    .optional(),
  outcome: z.enum(JOURNAL_OUTCOMES),
  status: z.number().nullable(),
  message: z.string().nullable(),
  runId: z.string().nullable(),
}) satisfies z.ZodType<JournalEntry>;

export interface JournalPage {
  entries: JournalEntry[];
  /** Entries matching the filter, all pages. */
  total: number;
  /** Where the journal is kept, for the screen's footnote; null when kept in memory. */
  folder: string | null;
  /** Entries older than this many days are dropped (a setting). */
  retentionDays: number;
}

export const journalPageSchema = z.object({
  entries: z.array(journalEntrySchema),
  total: z.number(),
  folder: z.string().nullable(),
  retentionDays: z.number(),
}) satisfies z.ZodType<JournalPage>;
