/**
 * The arithmetic of an audit draw (src/server/audit/drawPlan.ts), without a database: the window
 * cut as the Review count cuts it, the size shared equally among the strata, ranks drawn
 * uniformly and without repeats, and ranks found in their segments.
 */
import { describe, expect, it } from 'vitest';
import {
  allocate,
  distinctRanks,
  doubledCount,
  ranksInSegments,
  shuffled,
  windowParts,
} from '../../src/server/audit/drawPlan';

/** A seeded random source (mulberry32), so that every run checks the same draws. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const at = (iso: string) => Date.parse(iso);

describe('a draw plan', () => {
  it('cuts a window into a part-day, whole days and the part-day that holds its end', () => {
    expect(windowParts(at('2025-03-01T06:30:00Z'), at('2025-03-04T18:00:00Z'))).toEqual({
      head: { lo: at('2025-03-01T06:30:00Z'), hi: at('2025-03-02T00:00:00Z'), hiIncluded: false },
      wholeDays: { first: at('2025-03-02T00:00:00Z'), stop: at('2025-03-04T00:00:00Z') },
      tail: { lo: at('2025-03-04T00:00:00Z'), hi: at('2025-03-04T18:00:00Z'), hiIncluded: true },
    });
    // Starting at midnight: no part-day before the whole days.
    expect(windowParts(at('2025-03-01T00:00:00Z'), at('2025-03-03T00:00:00Z')).head).toBeNull();
    // Within one day: one part, both ends included.
    expect(windowParts(at('2025-03-01T01:00:00Z'), at('2025-03-01T02:00:00Z'))).toEqual({
      head: null,
      wholeDays: null,
      tail: { lo: at('2025-03-01T01:00:00Z'), hi: at('2025-03-01T02:00:00Z'), hiIncluded: true },
    });
  });

  it('shares the size equally, no stratum given more than it holds, the rest to the others', () => {
    expect(allocate(200, [900, 800, 700, 600])).toEqual([50, 50, 50, 50]);
    expect(allocate(200, [1000, 30, 10, 0])).toEqual([160, 30, 10, 0]);
    expect(allocate(7, [100, 100, 100, 100])).toEqual([2, 2, 2, 1]);
    expect(allocate(200, [6, 4, 0, 0])).toEqual([6, 4, 0, 0]);
    expect(allocate(200, [0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });

  it('draws distinct ranks, each equally likely', () => {
    const random = seeded(47);
    const n = 10;
    const k = 3;
    const rounds = 20_000;
    const times = Array<number>(n).fill(0);
    const unfit: number[][] = [];
    for (let round = 0; round < rounds; round++) {
      const ranks = distinctRanks(k, n, random);
      // k ranks, each once, ascending.
      if (ranks.length !== k || ranks.some((rank, i) => i > 0 && rank <= ranks[i - 1]!))
        unfit.push(ranks);
      for (const rank of ranks) times[rank]! += 1;
    }
    expect(unfit).toEqual([]);
    // Each rank is drawn k/n of the rounds; five standard deviations either way.
    const expected = (rounds * k) / n;
    const sd = Math.sqrt(rounds * (k / n) * (1 - k / n));
    for (const count of times) expect(Math.abs(count - expected)).toBeLessThan(5 * sd);
    // Asked for more than there are: every rank once.
    expect(distinctRanks(12, 5, random)).toEqual([0, 1, 2, 3, 4]);
  });

  it('finds each rank in its segment', () => {
    expect(ranksInSegments([0, 2, 3, 9, 10], [3, 1, 6])).toEqual([
      { segment: 0, rank: 0 },
      { segment: 0, rank: 2 },
      { segment: 1, rank: 0 },
      { segment: 2, rank: 5 },
    ]);
  });

  it('shuffles without losing an entry, and doubles the share rounded', () => {
    const entries = Array.from({ length: 50 }, (_, i) => i);
    const mixed = shuffled(entries, seeded(3));
    expect([...mixed].sort((a, b) => a - b)).toEqual(entries);
    expect(mixed).not.toEqual(entries);
    expect([
      doubledCount(200, 0.1),
      doubledCount(10, 0.1),
      doubledCount(4, 0),
      doubledCount(3, 1),
    ]).toEqual([20, 1, 0, 3]);
  });
});
