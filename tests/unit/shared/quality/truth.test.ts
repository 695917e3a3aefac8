/**
 * The estimates measured against a truth. A population of 20,000 demo items (14,000 tweets, 6,000
 * news) with the careful reviewer's hidden label, decided by a classifier of chosen quality that
 * errs differently on each source, so the four strata differ in size and in error rate (from
 * about 4% to 16%: a 50-item stratum then often shows no error at all). Each of 200 seeds draws
 * a stratified audit of 200 items, 50 from each stratum (equal allocation: what a blind audit
 * draws when it serves the strata in turn), answered by a simulated reviewer.
 *
 * Measured with the seeds below (true rates 12.6%, 6.3%, 90.7%): coverage 95.5% (kept that should
 * be eliminated), 97.0% (eliminated that should be kept), 93.5% (accuracy); mean error (estimate
 * minus truth, averaged over seeds) +0.06, −0.07 and +0.01 points; mean absolute error 3.0, 1.9
 * and 1.8 points. Kappa (population 0.718): coverage 97.0% for the pair and pooled, mean error
 * +0.03 and +0.01 points, mean absolute error 4.2 points.
 * Over 4,000 seeds the rates' coverage is 95.6%, 96.4% and 94.7%: accuracy's is Wilson's own
 * (its coverage swings between about 94% and 96% with n near 170 and p near 0.9), so 200 other
 * seeds fall under 93% for accuracy about one time in ten. The seeds here are fixed; a change of
 * the demo corpus changes the population and may need that read before suspecting the code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED } from '../../../../src/server/seed/demoReview';
import { agreementByPair } from '../../../../src/shared/quality/agreement';
import type { QualityEstimate } from '../../../../src/shared/quality/estimateTypes';
import { estimateQuality } from '../../../../src/shared/quality/estimates';
import { simulateReviewer } from '../../../../src/shared/quality/simulation';
import {
  answersOf,
  demoPopulation,
  drawStratified,
  drawWithoutReplacement,
  mulberry32,
  type Population,
  type PopulationItem,
} from '../../../support/quality/auditPopulation';

const SEEDS = 200;
const PER_STRATUM = 50;
const RATES = ['keptShouldBeEliminated', 'eliminatedShouldBeKept', 'accuracy'] as const;
type Rate = (typeof RATES)[number];

let population: Population;
beforeAll(() => {
  population = demoPopulation({
    tweets: 14_000,
    news: 6_000,
    seed: DEMO_SEED,
    classifierSeed: 7,
    classifiers: {
      tweets: { falseKeepRate: 0.15, falseEliminateRate: 0.05 },
      news: { falseKeepRate: 0.03, falseEliminateRate: 0.12 },
    },
  });
});

/**
 * A rate over the whole population, straight from its items (not from the estimators): the share
 * of `among` for which `yes` holds, each item's `yes` the share its answer gives.
 */
const shareOf = (
  items: readonly PopulationItem[],
  among: (item: PopulationItem) => boolean,
  yes: (item: PopulationItem) => number,
) => {
  const chosen = items.filter(among);
  return chosen.reduce((sum, item) => sum + yes(item), 0) / chosen.length;
};

/**
 * The population's rate when a reviewer errs on `errorRate` of items: each item's answer is
 * right with probability 1 − errorRate, so its expected "yes" moves by errorRate toward the other
 * answer. With errorRate 0 this is the true rate.
 */
const populationRate = (rate: Rate, errorRate: number) => {
  const judged = (right: boolean) => (right ? 1 - errorRate : errorRate);
  const { items } = population;
  switch (rate) {
    case 'keptShouldBeEliminated':
      return shareOf(
        items,
        (i) => i.classifierKept,
        (i) => judged(!i.truthKeep),
      );
    case 'eliminatedShouldBeKept':
      return shareOf(
        items,
        (i) => !i.classifierKept,
        (i) => judged(i.truthKeep),
      );
    case 'accuracy':
      return shareOf(
        items,
        () => true,
        (i) => judged(i.truthKeep === i.classifierKept),
      );
  }
};

/** The estimates of 200 stratified audits answered by a reviewer erring on `errorRate`. */
const audits = (errorRate: number): QualityEstimate[] =>
  Array.from({ length: SEEDS }, (_, seed) => {
    const sample = drawStratified(population, PER_STRATUM, mulberry32(seed));
    const reviewer = simulateReviewer('careful', errorRate, 1000 + seed);
    return estimateQuality(answersOf(sample, 'careful', reviewer), population.sizes);
  });

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the estimates against the truth of the demo population', () => {
  it('sets up strata of unequal size with error rates from a few percent', () => {
    const sizes = [...population.sizes.values()];
    expect(sizes).toHaveLength(4);
    expect(new Set(sizes).size).toBe(4);
    expect(Math.min(...sizes)).toBeGreaterThan(PER_STRATUM * 10);
  });

  it('contains the true rates in at least 93% of 200 audits of 200 items, and errs by under a point on average', () => {
    const estimates = audits(0);
    for (const rate of RATES) {
      const truth = populationRate(rate, 0);
      const covered = estimates.filter((estimate) => {
        const { interval } = estimate[rate];
        return interval !== null && interval.low <= truth && truth <= interval.high;
      }).length;
      expect(covered / SEEDS, `coverage of ${rate}`).toBeGreaterThanOrEqual(0.93);
      const errors = estimates.map((estimate) => estimate[rate].value! - truth);
      expect(Math.abs(mean(errors)), `mean error of ${rate}`).toBeLessThan(0.01);
    }
  });

  it('moves each stratum by e(1 − 2p) when the reviewer errs on 5% of items', () => {
    const estimates = audits(0.05);
    for (const rate of RATES) {
      // Re-weighting is linear, so the shift of each stratum carries to the population's rate.
      const expected = populationRate(rate, 0.05);
      expect(Math.abs(expected - populationRate(rate, 0)), `shift of ${rate}`).toBeGreaterThan(
        0.02,
      );
      const meanEstimate = mean(estimates.map((estimate) => estimate[rate].value!));
      expect(Math.abs(meanEstimate - expected), `mean of ${rate}`).toBeLessThan(0.005);
    }
  });
});

describe("Cohen's kappa against two reviewers of known error rates", () => {
  const errorRates = { ana: 0.05, ben: 0.1 };

  /**
   * The population's kappa from the known rates: with independent errors the two agree when both
   * are right or both wrong, whatever the truth; each keeps the true keepers it gets right and the
   * others it gets wrong. Cohen's chance term multiplies the two keep rates; the pooled (Scott /
   * Fleiss) one squares their mean.
   */
  const populationKappas = () => {
    const truthKeep =
      population.items.filter((item) => item.truthKeep).length / population.items.length;
    const keeps = (e: number) => truthKeep * (1 - e) + (1 - truthKeep) * e;
    const [a, b] = [errorRates.ana, errorRates.ben];
    const observed = (1 - a) * (1 - b) + a * b;
    const [ka, kb] = [keeps(a), keeps(b)];
    const cohenChance = ka * kb + (1 - ka) * (1 - kb);
    const pooled = (ka + kb) / 2;
    const pooledChance = pooled ** 2 + (1 - pooled) ** 2;
    return {
      pair: (observed - cohenChance) / (1 - cohenChance),
      overall: (observed - pooledChance) / (1 - pooledChance),
    };
  };

  it('contains the population kappa in at least 93% of 200 seeds of 200 items both answered', () => {
    const truth = populationKappas();
    const results = Array.from({ length: SEEDS }, (_, seed) => {
      // A simple random sample: kappa is not re-weighted, so its population is the sampled one.
      const items = drawWithoutReplacement(population.items, 200, mulberry32(5000 + seed));
      const answers = (['ana', 'ben'] as const).flatMap((name) =>
        answersOf(items, name, simulateReviewer(name, errorRates[name], seed)),
      );
      const report = agreementByPair(answers);
      expect(report.pairs.map((p) => p.reviewers)).toEqual([['ana', 'ben']]);
      return { pair: report.pairs[0]!, overall: report.overall };
    });
    for (const which of ['pair', 'overall'] as const) {
      const covered = results.filter((result) => {
        const { kappaInterval } = result[which];
        return (
          kappaInterval !== null &&
          kappaInterval.low <= truth[which] &&
          truth[which] <= kappaInterval.high
        );
      }).length;
      expect(covered / SEEDS, `coverage of the ${which} kappa`).toBeGreaterThanOrEqual(0.93);
      const errors = results.map((result) => result[which].kappa! - truth[which]);
      expect(Math.abs(mean(errors)), `mean error of the ${which} kappa`).toBeLessThan(0.01);
    }
  });
});
