/**
 * The ratio bands of migration 9 (insight_ratio_bucket): the thresholds 0, 0.01, ..., 1 and
 * PostgreSQL's width_bucket over them. Band 0 holds ratios below 0, band k (1 to 100) holds
 * thresholds[k-1] <= ratio < thresholds[k], band 101 holds 1 and above (and NaN, which PostgreSQL
 * sorts above every number). Only comparisons decide a band, never arithmetic, so the same doubles
 * here and in the database put every ratio in the same band.
 */
export const RATIO_THRESHOLDS: readonly number[] = Array.from({ length: 101 }, (_, k) => k / 100);
export const LAST_BAND = RATIO_THRESHOLDS.length;

const threshold = (index: number) => RATIO_THRESHOLDS[index]!;

/** The band of a ratio, as insight_ratio_bucket computes it. */
export function bandOf(ratio: number): number {
  if (Number.isNaN(ratio)) return LAST_BAND;
  let band = 0;
  while (band < RATIO_THRESHOLDS.length && threshold(band) <= ratio) band += 1;
  return band;
}

/**
 * Ratios r with min <= r, r < below and r <= max, each where given: Ratio between is
 * { min: from, below: null, max: to }.
 */
export interface RatioSpan {
  min: number | null;
  below: number | null;
  max: number | null;
}

export const ratioSpan = (from: number | null, to: number | null): RatioSpan => ({
  min: from,
  below: null,
  max: to,
});

/** Bands k..last, each wholly inside a span. */
export interface WholeBands {
  first: number;
  last: number;
}

/**
 * The bands lying wholly inside [from, to]: band k (1 to 100) is whole when its lower threshold is
 * at least `from` and its upper threshold at most `to`. Bands 0 and 101 never are (their ratios
 * have no bound). Null when none is.
 */
export function wholeBands(span: RatioSpan): WholeBands | null {
  let first = 1;
  while (first <= 100 && span.min !== null && threshold(first - 1) < span.min) first += 1;
  let last = 100;
  while (last >= first && span.max !== null && threshold(last) > span.max) last -= 1;
  return first <= last ? { first, last } : null;
}

/**
 * What a span holds outside its whole bands: from `min` up to the first whole band, and from the
 * end of the last whole band up to `max`. Together with the whole bands they are the span, with
 * nothing counted twice. Empty parts are left out.
 */
export function sliversOf(span: RatioSpan, whole: WholeBands): RatioSpan[] {
  const low: RatioSpan = { min: span.min, below: threshold(whole.first - 1), max: null };
  const high: RatioSpan = { min: threshold(whole.last), below: null, max: span.max };
  const lowEmpty = low.min !== null && low.below !== null && low.min >= low.below;
  return lowEmpty ? [high] : [low, high];
}

/** Every band that may hold a ratio of the span: a superset, for an index to read only those. */
export function bandsOf(span: RatioSpan): number[] {
  const first = span.min === null ? 0 : bandOf(span.min);
  const top = [span.below, span.max].filter((v): v is number => v !== null);
  const last = top.length === 0 ? LAST_BAND : bandOf(Math.min(...top));
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}
