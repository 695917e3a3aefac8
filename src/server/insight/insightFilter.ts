import { usesInsight, type InsightFilterBody } from '../../shared/bodies/insight';
import type { Queryable } from '../db/database';
import { filterCountQuery, filterPageQuery, type SqlQuery } from '../review/filterQuery';
import type { ReviewServiceDef } from '../review/serviceDefs';
import { insightPageQuery } from './insightPage';
import { asReviewFilter, insightConditions, ratioRangeOf } from './insightWhere';
import { ratioCountQuery } from './ratioCount';
import { SqlParams } from './sqlParams';

/**
 * The borderline extension (DESIGN.md, Extensions): SPEC.md 7's Review filter and count with the
 * Borderline first sort, Ratio between and a model run's items. A body with none of them is
 * answered exactly as SPEC.md 7's filter and count are.
 */

/** One page of SPEC.md 7's filter with Borderline first, Ratio between and a model run's items. */
export async function insightFilterItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: InsightFilterBody,
): Promise<Item[]> {
  const query = usesInsight(filter)
    ? insightPageQuery(def.table, def.selectList, filter)
    : filterPageQuery(def.table, def.selectList, asReviewFilter(filter));
  return (await db.query<Record<string, unknown>>(query.sql, query.params)).map(def.toItem);
}

/** The count of what insightFilterItems pages through. */
export async function insightCountItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: InsightFilterBody,
): Promise<number> {
  const query = insightCountQuery(def.table, filter);
  return Number((await db.query<{ total: number }>(query.sql, query.params))[0]?.total ?? 0);
}

/**
 * The sort never changes a count: without a ratio range or a model run it is SPEC.md 7's count
 * (per-day counts); with a ratio range, the per-month counts by ratio band; a model run's items
 * are counted one by one (a run's changes are a list, with no counts kept).
 */
export function insightCountQuery(table: 'tweets' | 'news', filter: InsightFilterBody): SqlQuery {
  if (filter.modelRunId !== null && filter.modelRunId !== undefined) {
    const params = new SqlParams();
    const where = insightConditions(filter, table, 'items', params);
    return params.query(`SELECT count(*)::int AS total FROM ${table} WHERE ${where.join(' AND ')}`);
  }
  const range = ratioRangeOf(filter);
  return range
    ? ratioCountQuery(table, filter, range)
    : filterCountQuery(table, asReviewFilter(filter));
}
