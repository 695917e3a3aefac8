/**
 * The known truth the estimates are measured against: the demo items' hidden label (what a careful
 * reviewer decides) and a classifier and reviewers of chosen quality over it, each a pure function
 * of seed and item.
 */
import { describe, expect, it } from 'vitest';
import { demoTruth } from '../../../../src/server/seed/auditTruth';
import { createTextGenerator, DEMO_SEED } from '../../../../src/server/seed/demoReview';
import {
  COINS,
  DROP_TEMPLATES,
  KEEP_TEMPLATES,
  MARKET_NAMES,
  TAGS,
} from '../../../../src/server/seed/reviewCorpus';
import {
  seededUnit,
  simulateClassifier,
  simulateReviewer,
} from '../../../../src/shared/quality/simulation';

const fill = (template: string, i: number) =>
  template
    .replaceAll('{coin}', COINS[i % COINS.length]!.name)
    .replaceAll('{COIN}', COINS[(i + 3) % COINS.length]!.symbol)
    .replaceAll('{market}', MARKET_NAMES[i % MARKET_NAMES.length]!)
    .replaceAll('{tag}', TAGS[i % TAGS.length]!)
    .replaceAll('{n}', String(2 + 37 * i));

describe('demoTruth', () => {
  it('keeps what a keep template wrote and eliminates what a noise template wrote', () => {
    for (let i = 0; i < 24; i += 1) {
      for (const template of KEEP_TEMPLATES)
        expect(demoTruth(fill(template, i)), template).toBe(true);
      for (const template of DROP_TEMPLATES)
        expect(demoTruth(fill(template, i)), template).toBe(false);
    }
  });

  it('knows no truth for a text the demo generator did not write', () => {
    expect(demoTruth('Binance will list BTC for spot trading starting tomorrow')).toBeNull();
    expect(demoTruth('')).toBeNull();
  });

  it("has a truth for every generated text, which the demo's noisy labels miss at their noise share", () => {
    const generator = createTextGenerator(DEMO_SEED, 0.08);
    const texts = Array.from({ length: 4000 }, () => generator.next());
    const truths = texts.map((text) => demoTruth(text.message));
    expect(truths.filter((truth) => truth === null)).toEqual([]);
    const differing = texts.filter((text, i) => text.keep !== truths[i]).length / texts.length;
    // 8% noise over 4,000 texts: a standard error of 0.43 points.
    expect(differing).toBeGreaterThan(0.065);
    expect(differing).toBeLessThan(0.095);
  });
});

const keys = Array.from({ length: 20_000 }, (_, i) => `item-${i}`);

describe('simulateClassifier', () => {
  it('errs each way at the chosen rate', () => {
    const classify = simulateClassifier({ falseKeepRate: 0.2, falseEliminateRate: 0.05 }, 11);
    const keptFalse = keys.filter((key) => classify(key, false)).length / keys.length;
    const eliminatedTrue = keys.filter((key) => !classify(key, true)).length / keys.length;
    // Standard errors 0.28 and 0.15 points at 20,000 items.
    expect(keptFalse).toBeGreaterThan(0.19);
    expect(keptFalse).toBeLessThan(0.21);
    expect(eliminatedTrue).toBeGreaterThan(0.045);
    expect(eliminatedTrue).toBeLessThan(0.055);
  });

  it('decides an item the same way every time and in any order, and another seed otherwise', () => {
    const quality = { falseKeepRate: 0.5, falseEliminateRate: 0.5 };
    const forward = keys.slice(0, 500).map((key) => simulateClassifier(quality, 3)(key, true));
    const backward = [...keys.slice(0, 500)]
      .reverse()
      .map((key) => simulateClassifier(quality, 3)(key, true))
      .reverse();
    expect(backward).toEqual(forward);
    const otherSeed = keys.slice(0, 500).map((key) => simulateClassifier(quality, 4)(key, true));
    expect(otherSeed).not.toEqual(forward);
  });

  it('refuses a rate outside [0, 1]', () => {
    expect(() => simulateClassifier({ falseKeepRate: 1.5, falseEliminateRate: 0 }, 1)).toThrow(
      'falseKeepRate must be in [0, 1], not 1.5.',
    );
    expect(() => simulateReviewer('ana', -0.1, 1)).toThrow(
      'errorRate must be in [0, 1], not -0.1.',
    );
  });
});

describe('simulateReviewer', () => {
  it('errs at its rate, independently of another reviewer with the same seed', () => {
    const ana = simulateReviewer('ana', 0.1, 9);
    const ben = simulateReviewer('ben', 0.2, 9);
    const anaErrs = keys.map((key) => ana(key, true) !== true);
    const benErrs = keys.map((key) => ben(key, false) !== false);
    const share = (flags: boolean[]) => flags.filter(Boolean).length / flags.length;
    expect(share(anaErrs)).toBeGreaterThan(0.09);
    expect(share(anaErrs)).toBeLessThan(0.11);
    expect(share(benErrs)).toBeGreaterThan(0.19);
    expect(share(benErrs)).toBeLessThan(0.21);
    // Independent: both err on about 0.1 · 0.2 = 2% (standard error 0.1 point).
    const both = share(anaErrs.map((errs, i) => errs && benErrs[i]!));
    expect(both).toBeGreaterThan(0.016);
    expect(both).toBeLessThan(0.024);
  });

  it('draws numbers spread evenly over [0, 1)', () => {
    const draws = keys.map((key) => seededUnit(1, 'any', key));
    const tenths = Array.from(
      { length: 10 },
      (_, t) => draws.filter((d) => d >= t / 10 && d < (t + 1) / 10).length,
    );
    // 2,000 expected in each tenth, standard error about 42.
    for (const count of tenths) expect(Math.abs(count - 2000)).toBeLessThan(200);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});
