import {
  JOURNAL_AREAS,
  JOURNAL_OUTCOMES,
  type JournalArea,
  type JournalEntry,
  type JournalOutcome,
} from '../../../shared/journal';

/**
 * One line of a journal file, read back. A line that is not JSON, or not an entry (a file edited
 * by hand, a disk that lost a block), is skipped by the caller: it never costs the lines around
 * it. Checked by hand rather than with a zod schema, since a cold open reads every retained line
 * and this is a large part of its time.
 */

type Bag = Record<string, unknown>;

const AREAS: ReadonlySet<string> = new Set(JOURNAL_AREAS);
const OUTCOMES: ReadonlySet<string> = new Set(JOURNAL_OUTCOMES);

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function isBefore(v: unknown): v is JournalEntry['before'] {
  if (v === null) return true;
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  for (const key in v) {
    const x = (v as Bag)[key];
    if (x !== null && typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean')
      return false;
  }
  return true;
}

/** The time of an entry in milliseconds, NaN when `at` is not a date. */
export const timeOf = (at: string): number => Date.parse(at);

/** The entry a line holds, with its time, or null when it holds none. */
export function parseJournalLine(line: string): { entry: JournalEntry; time: number } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Bag;
  const time = isText(v.at) ? timeOf(v.at) : NaN;
  const ok =
    Number.isSafeInteger(v.seq) &&
    (v.seq as number) > 0 &&
    !Number.isNaN(time) &&
    isText(v.channel) &&
    isText(v.call) &&
    isText(v.area) &&
    AREAS.has(v.area) &&
    isTextOrNull(v.target) &&
    isText(v.summary) &&
    isBefore(v.before) &&
    (v.body === undefined || isBefore(v.body)) &&
    isText(v.outcome) &&
    OUTCOMES.has(v.outcome) &&
    (v.status === null || typeof v.status === 'number') &&
    isTextOrNull(v.message) &&
    isTextOrNull(v.runId);
  if (!ok) return null;
  // The contract's fields only, in their order: what a hand-edited line added is not served.
  const entry: JournalEntry = {
    seq: v.seq as number,
    at: v.at as string,
    channel: v.channel as string,
    call: v.call as string,
    area: v.area as JournalArea,
    target: v.target as string | null,
    summary: v.summary as string,
    before: v.before as JournalEntry['before'],
    ...(v.body === undefined ? {} : { body: v.body as JournalEntry['before'] }),
    outcome: v.outcome as JournalOutcome,
    status: v.status as number | null,
    message: v.message as string | null,
    runId: v.runId as string | null,
  };
  return { entry, time };
}
