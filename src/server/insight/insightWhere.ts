import type { InsightFilterBody } from '../../shared/bodies/insight';
import type { ReviewFilterBody } from '../../shared/bodies/review';
import { filterWhere } from '../review/filterQuery';
import { changeDirectionIs } from './changeDirection';
import { ratioSpan, type RatioSpan } from './ratioBands';
import type { SqlParams } from './sqlParams';

/**
 * The WHERE of the insight filter and count: SPEC.md 7's conditions (filterWhere), then Ratio
 * between and a model run's items. Every condition is on a column both the items and their keyword
 * items carry (migration 9 gave the keyword items the ratio), so one text serves either source.
 */

export type Source = 'items' | 'keyword-items';

/** The sort leaves SPEC.md 7's conditions alone; filterWhere reads only the conditions. */
export const asReviewFilter = (filter: InsightFilterBody): ReviewFilterBody => ({
  ...filter,
  sortBy: filter.sortBy === 'asc' ? 'asc' : 'desc',
});

const given = (value: number | null | undefined): number | null => value ?? null;

/** Ratio between as a span; null when neither end is given. */
export function ratioRangeOf(filter: InsightFilterBody): RatioSpan | null {
  const from = given(filter.ratioFrom);
  const to = given(filter.ratioTo);
  return from === null && to === null ? null : ratioSpan(from, to);
}

export const keywordOf = (filter: InsightFilterBody): string | null =>
  filter.keyword && filter.keyword.trim() !== '' ? filter.keyword.trim().toLowerCase() : null;

/** |ratio - 0.5|, written exactly as the Borderline first indexes of migration 9 write it. */
export const GAP = 'abs(nlp_decision_ratio - 0.5)';

export function spanConditions(span: RatioSpan, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (span.min !== null) conditions.push(`nlp_decision_ratio >= ${params.add(span.min)}`);
  if (span.below !== null) conditions.push(`nlp_decision_ratio < ${params.add(span.below)}`);
  if (span.max !== null) conditions.push(`nlp_decision_ratio <= ${params.add(span.max)}`);
  return conditions;
}

/**
 * Bounds on |ratio - 0.5| that every ratio of the span meets, so that a walk of a Borderline first
 * index starts and stops where the span does instead of filtering its whole length. They follow
 * from the span alone: r - 0.5 rounds monotonically, so a ratio between min and max has a gap at
 * most the larger of theirs, and at least min's when min is above 0.5 (max's when below). They only
 * narrow the walk; the span's own conditions still decide.
 */
export function gapHints(span: RatioSpan, params: SqlParams): string[] {
  const top = span.below ?? span.max;
  const hints: string[] = [];
  const gapOf = (value: number) => `abs(${params.add(value)}::float8 - 0.5)`;
  if (span.min !== null && top !== null)
    hints.push(`${GAP} <= greatest(${gapOf(span.min)}, ${gapOf(top)})`);
  if (span.min !== null && span.min > 0.5) hints.push(`${GAP} >= ${gapOf(span.min)}`);
  else if (top !== null && top < 0.5) hints.push(`${GAP} >= ${gapOf(top)}`);
  return hints;
}

/**
 * Only the items a model run changed (migration 10's model_run_changes), as asked: the direction
 * written as migration 10's indexes write it (changeDirection.ts), so that a run's items in one
 * direction are read from one of them.
 */
export function modelRunConditions(
  filter: InsightFilterBody,
  service: 'tweets' | 'news',
  params: SqlParams,
): string[] {
  if (filter.modelRunId === null || filter.modelRunId === undefined) return [];
  const change = [
    `c.run_id = ${params.add(filter.modelRunId)}`,
    `c.service = ${params.add(service)}`,
  ];
  if (filter.modelRunDirection) change.push(changeDirectionIs('c', filter.modelRunDirection));
  if (filter.modelRunReviewed === 'true') change.push('c.reviewed = true');
  if (filter.modelRunReviewed === 'false') change.push('c.reviewed = false');
  return [`id IN (SELECT c.item_id FROM model_run_changes AS c WHERE ${change.join(' AND ')})`];
}

/** Every condition of the filter, for `source`, its values added to `params`. */
export function insightConditions(
  filter: InsightFilterBody,
  service: 'tweets' | 'news',
  source: Source,
  params: SqlParams,
): string[] {
  const range = ratioRangeOf(filter);
  return [
    params.embed(filterWhere(asReviewFilter(filter), source)),
    ...(range ? spanConditions(range, params) : []),
    ...modelRunConditions(filter, service, params),
  ];
}
