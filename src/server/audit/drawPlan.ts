/**
 * The arithmetic of a draw, apart from the database: where a window's items are counted and
 * ranked (segments), how a sample's size is shared among the strata, and which ranks are drawn.
 * A random source is passed in (a number in [0, 1)), so that a benchmark or a test can fix it.
 */

export type Random = () => number;

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * A stretch of the window whose items are counted and ranked as one, in detect-time order: a
 * whole UTC day (its count is read from the per-day counts, migration 3) or the part of a day at
 * either end of the window (counted from the items). `hi` is included only at the window's end.
 */
export interface Segment {
  lo: number;
  hi: number;
  hiIncluded: boolean;
}

/**
 * The window [from, to] (both included) cut as the Review filter's count cuts it
 * (src/server/review/filterQuery.ts, filterCountQuery): the part-day at the start, the whole days,
 * the part-day at the end (which holds `to`). The whole days are only their bounds here; the
 * counts say which of them hold items.
 */
export function windowParts(
  from: number,
  to: number,
): {
  head: Segment | null;
  wholeDays: { first: number; stop: number } | null;
  tail: Segment;
} {
  const firstFullDay = dayStart(from) === from ? from : dayStart(from) + DAY_MS;
  const stopDay = dayStart(to);
  if (firstFullDay >= stopDay)
    return { head: null, wholeDays: null, tail: { lo: from, hi: to, hiIncluded: true } };
  return {
    head: from < firstFullDay ? { lo: from, hi: firstFullDay, hiIncluded: false } : null,
    wholeDays: { first: firstFullDay, stop: stopDay },
    tail: { lo: stopDay, hi: to, hiIncluded: true },
  };
}

/** The whole day that starts at `dayMs`. */
export const wholeDay = (dayMs: number): Segment => ({
  lo: dayMs,
  hi: dayMs + DAY_MS,
  hiIncluded: false,
});

/**
 * The sample's size shared equally among the strata that hold items, none given more than it
 * holds (what one cannot take goes to the others), the remainder to the first strata in order.
 * Equal, not proportional: the rarer decision gets as many answers as the common one, so both of
 * its error rates are estimated; the estimates re-weight by the populations.
 */
export function allocate(size: number, populations: readonly number[]): number[] {
  const shares = populations.map(() => 0);
  let left = Math.min(
    size,
    populations.reduce((sum, n) => sum + n, 0),
  );
  while (left > 0) {
    const open = populations.flatMap((n, i) => (shares[i]! < n ? [i] : []));
    const each = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      if (left === 0) break;
      const give = Math.min(each, populations[i]! - shares[i]!, left);
      shares[i]! += give;
      left -= give;
    }
  }
  return shares;
}

/**
 * `k` distinct ranks drawn uniformly from 0..n-1 (Floyd's algorithm: k steps, whatever n), in
 * ascending order.
 */
export function distinctRanks(k: number, n: number, random: Random): number[] {
  const chosen = new Set<number>();
  for (let j = n - Math.min(k, n); j < n; j++) {
    const t = Math.floor(random() * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * Ranks of a stratum (over its segments in order) as (segment, rank within the segment) pairs.
 * `ranks` ascending; `sizes` each segment's count.
 */
export function ranksInSegments(
  ranks: readonly number[],
  sizes: readonly number[],
): { segment: number; rank: number }[] {
  const out: { segment: number; rank: number }[] = [];
  let segment = 0;
  let before = 0;
  for (const rank of ranks) {
    while (segment < sizes.length && rank >= before + sizes[segment]!) before += sizes[segment++]!;
    if (segment === sizes.length) break;
    out.push({ segment, rank: rank - before });
  }
  return out;
}

/** The entries in a uniformly random order (Fisher-Yates). */
export function shuffled<T>(entries: readonly T[], random: Random): T[] {
  const out = [...entries];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How many of `drawn` items go to two reviewers: the share, rounded to the nearest item. */
export const doubledCount = (drawn: number, share: number) => Math.round(drawn * share);
