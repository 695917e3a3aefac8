import type { JournalEntry } from '../../../shared/journal';

/**
 * The shift's figures from the user's journal (docs/user-guide.md, A reviewer's shift: the shift
 * panel): plain functions of the entries, shared by the top bar's figure, the break reminder and
 * the Shift page. Types only from shared/journal.ts, so the shell loads no zod for them.
 */

/** The kinds of decision the panel counts, in the order it shows them. */
export const DECISION_KINDS = [
  'kept',
  'eliminated',
  'reviewed',
  'keywordAdded',
  'referenceData',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const DECISION_KIND_LABELS: Record<DecisionKind, string> = {
  kept: 'Kept',
  eliminated: 'Eliminated',
  reviewed: 'Reviewed',
  keywordAdded: 'Keywords added',
  referenceData: 'Reference-data writes',
};

/** A write's kind: a decision, or an undo (which takes a decision back and is no decision). */
export type EntryKind = DecisionKind | 'undone';

type Classified = Pick<JournalEntry, 'channel' | 'call' | 'area' | 'summary'>;

/** Core's undo entries: decisions.ts writes '<write> (undo)', runManager.ts '<write> (undo of a run)'. */
const UNDO_SUMMARY = /\((undo|undo of a run)\)$/;

/**
 * What a journal entry's write was, from how core records it (src/main/core/writes and runs):
 * - a card's Select, and a bulk select run: the manual change `PUT …/manually-select` → kept;
 * - Eliminate: `PUT …/manually-eliminate`, or the keyword given as an elimination's reason,
 *   `POST …/add-eliminated-keyword-on-eliminated-tweet|news` → eliminated;
 * - Review, and a bulk reviewed run: `PUT …/{id}/reviewed` → reviewed;
 * - a card's Add Keyword (the manual change `PUT …/add-keyword`) and the keyword lists' add
 *   (`POST …/add-keyword`) → keywordAdded;
 * - every other write (keyword updates and deletions, model runs, currencies, markets, tags,
 *   configurations, mismatches, accounts) → referenceData;
 * - an undo, of one decision or of a run (its summary says so) → undone.
 * The call's path decides rather than the channel, since core journals run writes and undos with
 * the path of the call they sent.
 */
export function entryKind(entry: Classified): EntryKind {
  if (UNDO_SUMMARY.test(entry.summary)) return 'undone';
  if (entry.area !== 'review' && entry.area !== 'keywords') return 'referenceData';
  const path = entry.call.slice(entry.call.indexOf(' ') + 1);
  if (path.endsWith('/add-keyword')) return 'keywordAdded';
  if (entry.area === 'keywords') return 'referenceData';
  if (path.endsWith('/manually-select')) return 'kept';
  if (path.endsWith('/manually-eliminate') || /\/add-eliminated-keyword-on-eliminated-/.test(path))
    return 'eliminated';
  if (/\/\d+\/reviewed$/.test(path) || entry.channel === 'review.reviewed') return 'reviewed';
  return 'referenceData';
}

/** A gap between two consecutive writes longer than this is idle time, left out of the pace. */
export const IDLE_GAP_MS = 2 * 60_000;

/** Less active time than this gives no pace: two quick writes would read as thousands an hour. */
export const MIN_PACE_ACTIVE_MS = 60_000;

/**
 * Active time: the writes' times in order, t1 … tn (every entry of the period, whatever its
 * outcome, since a failed or skipped write was work too); the sum of the gaps t(i) − t(i−1) that
 * are at most IDLE_GAP_MS (two minutes). A gap over two minutes is idle and counts for nothing,
 * not even its first two minutes. One write alone, or writes only minutes apart, give zero.
 */
export function activeMs(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let total = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap <= IDLE_GAP_MS) total += gap;
  }
  return total;
}

export interface PeriodFigures {
  /** Decisions done (outcome ok), by kind. */
  byKind: Record<DecisionKind, number>;
  /** Every decision done: the sum of byKind. */
  decisions: number;
  /** Undos done (outcome ok): apart from the decisions. */
  undone: number;
  /** Writes the provider refused or never answered. */
  failed: number;
  /** Items a run left as they were. */
  skipped: number;
  activeMs: number;
  /** Decisions per hour of active time, rounded; null under MIN_PACE_ACTIVE_MS of it. */
  perHour: number | null;
}

/** The entries at or after `from` (ms since the epoch). */
export function entriesSince(entries: readonly JournalEntry[], from: number): JournalEntry[] {
  return entries.filter((entry) => Date.parse(entry.at) >= from);
}

/** The figures of the entries at or after `from`. */
export function periodFigures(entries: readonly JournalEntry[], from: number): PeriodFigures {
  const period = entriesSince(entries, from);
  const byKind = Object.fromEntries(DECISION_KINDS.map((kind) => [kind, 0])) as Record<
    DecisionKind,
    number
  >;
  let undone = 0;
  let failed = 0;
  let skipped = 0;
  for (const entry of period) {
    if (entry.outcome === 'failed') failed++;
    else if (entry.outcome === 'skipped') skipped++;
    else {
      const kind = entryKind(entry);
      if (kind === 'undone') undone++;
      else byKind[kind]++;
    }
  }
  const decisions = DECISION_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
  const active = activeMs(period.map((entry) => Date.parse(entry.at)));
  return {
    byKind,
    decisions,
    undone,
    failed,
    skipped,
    activeMs: active,
    perHour: active < MIN_PACE_ACTIVE_MS ? null : Math.round(decisions / (active / 3_600_000)),
  };
}

/** Local midnight of the day `now` falls in. */
export function startOfLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/**
 * When this shift began: Start shift's time, else this session's sign-in; null when neither is
 * known (the prefs could not be read), and the panel then counts the shift from local midnight.
 */
export function shiftStartOf(
  shiftStartedAt: string | null,
  sessionStartedAt: string | null,
): number | null {
  const text = shiftStartedAt ?? sessionStartedAt;
  if (text === null) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** The top bar's figure: 'Shift 124 · 310/h', and its accessible name. */
export function shiftFigureText(figures: Pick<PeriodFigures, 'decisions' | 'perHour'>): {
  text: string;
  label: string;
} {
  const noun = figures.decisions === 1 ? 'decision' : 'decisions';
  if (figures.perHour === null)
    return {
      text: `Shift ${figures.decisions}`,
      label: `Shift: ${figures.decisions} ${noun}`,
    };
  return {
    text: `Shift ${figures.decisions} · ${figures.perHour}/h`,
    label: `Shift: ${figures.decisions} ${noun}, ${figures.perHour} an hour`,
  };
}
