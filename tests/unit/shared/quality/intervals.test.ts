/**
 * The 95% intervals of the quality estimates: Wilson's score interval, exact at the edges and wide
 * at small counts, and its stratified form.
 */
import { describe, expect, it } from 'vitest';
import { stratifiedShare, wilsonInterval, Z95 } from '../../../../src/shared/quality/intervals';

describe('wilsonInterval', () => {
  it("matches Newcombe's (1998) published score intervals to 4 decimals", () => {
    // Newcombe, Two-sided confidence intervals for the single proportion, Stat Med 17:857, table
    // II, method 3. By hand for 81/263: p = 0.30798, z² = 3.84146, 1 + z²/n = 1.01461,
    // centre = (0.30798 + 0.00730) / 1.01461 = 0.31074, half = (1.95996 / 1.01461)
    // · √(0.30798 · 0.69202 / 263 + 3.84146 / (4 · 263²)) = 1.93174 · 0.02871 = 0.05546.
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [x, n, low, high] of cases) {
      const interval = wilsonInterval(x / n, n)!;
      expect(interval.low, `${x}/${n}`).toBeCloseTo(low, 4);
      expect(interval.high, `${x}/${n}`).toBeCloseTo(high, 4);
    }
  });

  it('ends exactly at 0 for 0 of n and at 1 for n of n, with the closed-form other end', () => {
    // At 0 of n the upper end is z² / (n + z²); at n of n the lower end is n / (n + z²).
    for (const n of [1, 2, 5, 50, 1000]) {
      const none = wilsonInterval(0, n)!;
      expect(none.low).toBe(0);
      expect(none.high).toBeCloseTo((Z95 * Z95) / (n + Z95 * Z95), 12);
      const all = wilsonInterval(1, n)!;
      expect(all.high).toBe(1);
      expect(all.low).toBeCloseTo(n / (n + Z95 * Z95), 12);
    }
  });

  it('keeps a width at n = 1: 0/1 gives [0, 0.7935], 1/1 gives [0.2065, 1]', () => {
    // z² / (1 + z²) = 3.84146 / 4.84146 = 0.79345; 1 / 4.84146 = 0.20655.
    expect(wilsonInterval(0, 1)!.high).toBeCloseTo(0.7935, 4);
    expect(wilsonInterval(1, 1)!.low).toBeCloseTo(0.2065, 4);
  });

  it('gives none without answers and refuses a share outside [0, 1] or a bad count', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(1.2, 10)).toThrow('A share must be in [0, 1], not 1.2.');
    expect(() => wilsonInterval(Number.NaN, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(0.5, -1)).toThrow('must be finite and not negative, not -1');
  });
});

describe('stratifiedShare', () => {
  it('is the plain Wilson interval with one stratum', () => {
    const share = stratifiedShare([{ size: 5000, answers: 40, successes: 6 }])!;
    expect(share.value).toBeCloseTo(0.15, 12);
    expect(share.effectiveN).toBeCloseTo(40, 9);
    expect(share.interval).toEqual(wilsonInterval(6 / 40, 40));
  });

  it('weights each stratum by its population size, not its number of answers', () => {
    // 0.9 · 2/10 + 0.1 · 5/10 = 0.23, though the answers hold 7 of 20.
    const share = stratifiedShare([
      { size: 900, answers: 10, successes: 2 },
      { size: 100, answers: 10, successes: 5 },
    ])!;
    expect(share.value).toBeCloseTo(0.23, 12);
    expect(share.interval.low).toBeLessThan(0.23);
    expect(share.interval.high).toBeGreaterThan(0.23);
  });

  it("does not narrow on a stratum that showed no error: n_eff stays at the design's", () => {
    // Design n_eff = 1 / (0.9²/50 + 0.1²/50) = 50 / 0.82 = 60.98; Kish's alone would be
    // 0.01 · 0.99 / (0.01 · 0.1 · 0.9 / 50) = 550 from the one stratum with errors.
    const share = stratifiedShare([
      { size: 900, answers: 50, successes: 0 },
      { size: 100, answers: 50, successes: 5 },
    ])!;
    expect(share.value).toBeCloseTo(0.01, 12);
    expect(share.effectiveN).toBeCloseTo(50 / 0.82, 9);
    expect(share.interval).toEqual(wilsonInterval(share.value, share.effectiveN));
  });

  it("takes Kish's n_eff where the strata's rates differ enough to need a wider interval", () => {
    // Alike strata: Var = 2 · 0.5² · 0.25 / 20 = 0.00625, Kish = 0.25 / 0.00625 = 40, and the
    // design's 1 / (2 · 0.5² / 20) = 40 too.
    const alike = stratifiedShare([
      { size: 100, answers: 20, successes: 10 },
      { size: 100, answers: 20, successes: 10 },
    ])!;
    expect(alike.effectiveN).toBeCloseTo(40, 9);
    // The heavy stratum nearer ½ than the share: p = 0.8 · 0.3 + 0.2 · 0 = 0.24,
    // Var = 0.64 · 0.21 / 20 = 0.00672, Kish = 0.1824 / 0.00672 = 27.14 below the design's
    // 20 / 0.68 = 29.41.
    const unlike = stratifiedShare([
      { size: 800, answers: 20, successes: 6 },
      { size: 200, answers: 20, successes: 0 },
    ])!;
    expect(unlike.effectiveN).toBeCloseTo(0.1824 / 0.00672, 9);
  });

  it('gives 0 and 1 exactly with an interval reaching them, when every stratum shows 0 or 1', () => {
    const none = stratifiedShare([
      { size: 700, answers: 30, successes: 0 },
      { size: 300, answers: 30, successes: 0 },
    ])!;
    expect(none.value).toBe(0);
    expect(none.interval.low).toBe(0);
    expect(none.interval.high).toBeGreaterThan(0.05);
    const all = stratifiedShare([
      { size: 700, answers: 30, successes: 30 },
      { size: 300, answers: 30, successes: 30 },
    ])!;
    expect(all.value).toBe(1);
    expect(all.interval.high).toBe(1);
  });

  it('leaves out strata of size 0 or without answers, and gives none when nothing is left', () => {
    const share = stratifiedShare([
      { size: 0, answers: 10, successes: 10 },
      { size: 500, answers: 0, successes: 0 },
      { size: 500, answers: 10, successes: 3 },
    ])!;
    expect(share.value).toBeCloseTo(0.3, 12);
    expect(share.effectiveN).toBeCloseTo(10, 9);
    expect(stratifiedShare([])).toBeNull();
    expect(stratifiedShare([{ size: 0, answers: 5, successes: 1 }])).toBeNull();
    expect(stratifiedShare([{ size: 50, answers: 0, successes: 0 }])).toBeNull();
  });
});
