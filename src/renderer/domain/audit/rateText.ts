import type { QualityWarning, RateName } from '../../../shared/quality/estimatesChannel';
import type { RateEstimate } from '../../../shared/quality/estimateTypes';

/** The three rates as the Quality screen and the top bar name them. */
export const RATE_LABELS: Record<RateName, string> = {
  keptShouldBeEliminated: 'Kept that should have been eliminated',
  eliminatedShouldBeKept: 'Eliminated that should have been kept',
  accuracy: 'Accuracy',
};

const number = (share: number) => (share * 100).toFixed(1);

/**
 * A rate with its 95% interval, "12.4% (8.1–18.6%)", or null where no answer bears on it: a
 * figure is never shown without its interval.
 */
export function rateText(rate: RateEstimate): string | null {
  if (rate.value === null || rate.interval === null) return null;
  return `${number(rate.value)}% (${number(rate.interval.low)}–${number(rate.interval.high)}%)`;
}

/** The warning's heading: what got worse after what. */
export function warningTitle(warning: QualityWarning): string {
  return warning.basis === 'modelRun'
    ? `Worse after ${warning.after} than after ${warning.before}`
    : `Worse in ${warning.after} than in ${warning.before}`;
}

/** One line per rate that got worse, before and after, each with its interval. */
export const warningLines = (warning: QualityWarning): string[] =>
  warning.worse.map(
    ({ rate, before, after }) =>
      `${RATE_LABELS[rate]}: ${rateText(before) ?? '—'} before, ${rateText(after) ?? '—'} after.`,
  );
