/**
 * What the quality estimates hand the screens (issue 47): a rate with its 95% interval, or none
 * where no answer supports one. The estimators (estimates.ts, agreement.ts) produce these; our
 * server's audit extension sends them as they are.
 */

/** A 95% interval of a rate, both ends in [0, 1]. */
export interface Interval {
  low: number;
  high: number;
}

/** One estimated rate: null value and interval where no answer bears on it (never invented). */
export interface RateEstimate {
  value: number | null;
  interval: Interval | null;
  /** The answers the estimate stands on. */
  answers: number;
  /**
   * The rate's strata (stratumKey) that hold items but have no answer: the value and interval
   * speak for the other strata only. Empty or absent when every stratum is covered.
   */
  uncoveredStrata?: readonly string[];
}

/** The three figures of the Quality screen, re-weighted to the population by the strata. */
export interface QualityEstimate {
  /** Of the items the classifier kept: the share that should have been eliminated. */
  keptShouldBeEliminated: RateEstimate;
  /** Of the items the classifier eliminated: the share that should have been kept. */
  eliminatedShouldBeKept: RateEstimate;
  /** Of all items: the share the classifier decided as the reviewer did. */
  accuracy: RateEstimate;
}

/** Agreement between two reviewers (or all pairs pooled) on items both answered. */
export interface AgreementEstimate {
  items: number;
  /** Observed share of items on which both answered alike; null with no items. */
  agreement: number | null;
  /** Cohen's kappa with its 95% interval; null where it is undefined (no items, or no variation). */
  kappa: number | null;
  kappaInterval: Interval | null;
}
