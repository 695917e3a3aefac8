import type { JournalEntry } from '../../../shared/journal';

/**
 * Continuous work, for the break reminder: the user's own writes (a bulk run's writes go on while
 * the user may be away, so they are left out) with no pause of BREAK_PAUSE_MS or more between two
 * of them. A pause of five minutes or more ends a stretch; the next write begins another.
 */
export const BREAK_PAUSE_MS = 5 * 60_000;

export interface Stretch {
  /** The journal seq of the stretch's first write: names the stretch, so it is reminded once. */
  startSeq: number;
  startAt: number;
  lastAt: number;
}

/** The latest stretch of continuous work, or null when the user wrote nothing. */
export function currentStretch(entries: readonly JournalEntry[]): Stretch | null {
  const own = entries
    .filter((entry) => entry.runId === null)
    .map((entry) => ({ seq: entry.seq, at: Date.parse(entry.at) }))
    .sort((a, b) => a.at - b.at || a.seq - b.seq);
  let stretch: Stretch | null = null;
  for (const { seq, at } of own) {
    if (stretch === null || at - stretch.lastAt >= BREAK_PAUSE_MS)
      stretch = { startSeq: seq, startAt: at, lastAt: at };
    else stretch.lastAt = at;
  }
  return stretch;
}

/** Whether a stretch has lasted `minutes` of continuous work. */
export function stretchReached(stretch: Stretch, minutes: number): boolean {
  return stretch.lastAt - stretch.startAt >= minutes * 60_000;
}

/** The reminder's text. */
export function breakText(minutes: number): string {
  return `Time for a break: you have worked ${minutes} minutes without one.`;
}
