/**
 * The verdict "worse after a model run": a rate counts as worse only when its value moved the bad
 * way and its two 95% intervals do not overlap, so a few unlucky answers never raise it. Two
 * comparisons, the first that finds something wins:
 * - the current sample's items decided by the last model run against those of the run before it
 *   (the runs the model-runs extension names; none against a provider without it);
 * - the current sample against the sample before it: a classifier that changed between two audits
 *   shows there even where no model run is known.
 */
import type { QualityEstimate, RateEstimate } from './estimateTypes';
import {
  RATE_NAMES,
  type GroupRow,
  type QualityWarning,
  type RateName,
  type SampleRow,
  type WorseRate,
} from './estimatesChannel';

/** Accuracy is better higher; the two error rates are better lower. */
const HIGHER_IS_BETTER: Record<RateName, boolean> = {
  keptShouldBeEliminated: false,
  eliminatedShouldBeKept: false,
  accuracy: true,
};

/** Whether `after` is worse than `before` beyond both intervals (they do not overlap). */
export function worseBeyondIntervals(
  rate: RateName,
  before: RateEstimate,
  after: RateEstimate,
): boolean {
  if (!before.interval || !after.interval || before.value === null || after.value === null)
    return false;
  return HIGHER_IS_BETTER[rate]
    ? after.value < before.value && after.interval.high < before.interval.low
    : after.value > before.value && after.interval.low > before.interval.high;
}

function worseRates(before: QualityEstimate, after: QualityEstimate): WorseRate[] {
  return RATE_NAMES.filter((rate) => worseBeyondIntervals(rate, before[rate], after[rate])).map(
    (rate) => ({ rate, before: before[rate], after: after[rate] }),
  );
}

const hasAnswers = (estimate: QualityEstimate) => estimate.accuracy.answers > 0;

const day = (time: string) => time.slice(0, 10);

/**
 * The warning, or null. `byModelRun` are the current sample's rows by model run (estimatesBy's
 * order: by run number, "none" last); `samples` every sample's own figures, oldest first.
 */
export function worseAfterModelRun(
  byModelRun: readonly GroupRow[],
  samples: readonly SampleRow[],
): QualityWarning | null {
  const runs = byModelRun.filter((row) => row.group !== null && hasAnswers(row.estimate));
  if (runs.length >= 2) {
    const [before, after] = runs.slice(-2) as [GroupRow, GroupRow];
    const worse = worseRates(before.estimate, after.estimate);
    if (worse.length > 0)
      return {
        basis: 'modelRun',
        before: `model run ${before.group}`,
        after: `model run ${after.group}`,
        worse,
      };
  }
  const answered = samples.filter((row) => hasAnswers(row.estimate));
  const after = answered.at(-1);
  const before = answered.at(-2);
  if (!after?.current || !before) return null;
  const worse = worseRates(before.estimate, after.estimate);
  return worse.length > 0
    ? {
        basis: 'sample',
        before: `the audit drawn ${day(before.drawnAt)}`,
        after: `the current audit (drawn ${day(after.drawnAt)})`,
        worse,
      }
    : null;
}
