import { DEFAULT_START_DATE, REVIEW_PAGE_SIZE } from '../../shared/constants';
import type { ReviewFilterBody, TriState } from '../../shared/review';

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

const asUtc = (value: string) => (value.endsWith('Z') ? value : `${value}Z`);
const isAll = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' || value === 'null';

/**
 * The WHERE clause of filter and count, built from only the conditions in force, so that the
 * same text serves both and the planner sees plain, indexable predicates.
 */
export function filterWhere(filter: ReviewFilterBody): SqlQuery {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const conditions = [
    `detect_time >= ${add(asUtc(filter.startDate ?? DEFAULT_START_DATE))}::timestamptz`,
  ];
  if (filter.endDate) conditions.push(`detect_time <= ${add(asUtc(filter.endDate))}::timestamptz`);
  const tri = (state: TriState, whenTrue: string, whenFalse: string) => {
    if (state === 'true') conditions.push(whenTrue);
    if (state === 'false') conditions.push(whenFalse);
  };
  // Eliminated means not kept (selected = false).
  tri(filter.isEliminated, 'selected = false', 'selected = true');
  tri(filter.isManuallyChanged, 'manually_changed = true', 'manually_changed = false');
  tri(filter.isReviewed, 'reviewed_by IS NOT NULL', 'reviewed_by IS NULL');
  if (!isAll(filter.reviewedBy)) conditions.push(`reviewed_by = ${add(filter.reviewedBy)}`);
  if (filter.keyword && filter.keyword.trim() !== '') {
    conditions.push(
      `detected_keywords @> ARRAY[${add(filter.keyword.trim().toLowerCase())}]::text[]`,
    );
  }
  return { sql: conditions.join(' AND '), params };
}

export function filterPageQuery(
  table: string,
  selectList: string,
  filter: ReviewFilterBody,
): SqlQuery {
  const where = filterWhere(filter);
  const direction = filter.sortBy === 'asc' ? 'ASC' : 'DESC';
  const offset = filter.startIndex * REVIEW_PAGE_SIZE;
  return {
    sql: `SELECT ${selectList} FROM ${table} WHERE ${where.sql}
          ORDER BY detect_time ${direction}, id ${direction} LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${offset}`,
    params: where.params,
  };
}

export function filterCountQuery(table: string, filter: ReviewFilterBody): SqlQuery {
  const where = filterWhere(filter);
  return {
    sql: `SELECT count(*)::int AS total FROM ${table} WHERE ${where.sql}`,
    params: where.params,
  };
}
