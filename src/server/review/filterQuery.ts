import { DEFAULT_START_DATE, REVIEW_PAGE_SIZE } from '../../shared/constants';
import type { ReviewFilterBody, TriState } from '../../shared/bodies/review';
import { keywordItemsTable } from '../db/keywordItems';

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/**
 * What the filter lists: every item (SPEC.md 7), or with Stories on (issue 48) one item per story,
 * its lead: the items that are no story's follower (migration 20), which every index the filter
 * walks and the per-day counts carry.
 */
export interface FilterView {
  leadsOnly: boolean;
}
export const ITEMS: FilterView = { leadsOnly: false };
export const STORY_LEADS: FilterView = { leadsOnly: true };

const asUtc = (value: string) => (value.endsWith('Z') ? value : `${value}Z`);
const isAll = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' || value === 'null';

/**
 * The WHERE clause of filter and count, built from only the conditions in force, so that the
 * same text serves both and the planner sees plain, indexable predicates. On the keyword items
 * (keywordItems.ts) the keyword is a column of its own, not an array to search.
 */
export function filterWhere(
  filter: ReviewFilterBody,
  source: 'items' | 'keyword-items' = 'items',
  view: FilterView = ITEMS,
): SqlQuery {
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
  if (view.leadsOnly) conditions.push('NOT story_follower');
  const keyword = keywordOf(filter);
  if (keyword !== null) {
    conditions.push(
      source === 'keyword-items'
        ? `keyword = ${add(keyword)}`
        : `detected_keywords @> ARRAY[${add(keyword)}]::text[]`,
    );
  }
  return { sql: conditions.join(' AND '), params };
}

const keywordOf = (filter: ReviewFilterBody) =>
  filter.keyword && filter.keyword.trim() !== '' ? filter.keyword.trim().toLowerCase() : null;

/**
 * One page of items. The page's ids are found first, from an index alone where one covers the
 * filter (the keyword items for a keyword, the time or decision indexes otherwise), and only its
 * 20 items are read: a deep page (page 500 skips 10,000 items) then skips index entries, not rows.
 */
export function filterPageQuery(
  table: 'tweets' | 'news',
  selectList: string,
  filter: ReviewFilterBody,
  view: FilterView = ITEMS,
): SqlQuery {
  const onKeywordItems = keywordOf(filter) !== null;
  const where = filterWhere(filter, onKeywordItems ? 'keyword-items' : 'items', view);
  const direction = filter.sortBy === 'asc' ? 'ASC' : 'DESC';
  const offset = filter.startIndex * REVIEW_PAGE_SIZE;
  return {
    sql: `SELECT ${selectList} FROM ${table} JOIN (
            SELECT id AS page_id, detect_time AS page_time FROM ${onKeywordItems ? keywordItemsTable(table) : table}
             WHERE ${where.sql}
             ORDER BY detect_time ${direction}, id ${direction} LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${offset}
          ) AS page ON ${table}.id = page.page_id
          ORDER BY page.page_time ${direction}, page.page_id ${direction}`,
    params: where.params,
  };
}

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Counts what filterWhere selects. Whole days inside the range are summed from the per-day counts
 * table (src/server/db/migrations/003_review_counts.ts); the partial days at either end are counted
 * exactly from the items. The result is the same number as count(*) over the items, in a fraction
 * of the time when the range spans many days.
 */
export function filterCountQuery(
  table: 'tweets' | 'news',
  filter: ReviewFilterBody,
  view: FilterView = ITEMS,
): SqlQuery {
  const start = Date.parse(asUtc(filter.startDate ?? DEFAULT_START_DATE));
  const end = filter.endDate ? Date.parse(asUtc(filter.endDate)) : null;
  const firstFullDay = dayStart(start) === start ? start : dayStart(start) + DAY_MS;
  // Days strictly before the end's own day are whole; the end's day is partial (<= end).
  const stopDay = end === null ? null : dayStart(end);
  if (stopDay !== null && firstFullDay >= stopDay) {
    const where = filterWhere(filter, 'items', view);
    return {
      sql: `SELECT count(*)::int AS total FROM ${table} WHERE ${where.sql}`,
      params: where.params,
    };
  }

  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;

  // Summary part over [firstFullDay, stopDay).
  const summary = [
    `keyword = ${add(filter.keyword?.trim() ? filter.keyword.trim().toLowerCase() : '')}`,
    `day >= ${add(isoDay(firstFullDay))}::date`,
  ];
  if (stopDay !== null) summary.push(`day < ${add(isoDay(stopDay))}::date`);
  if (filter.isEliminated !== 'null') summary.push(`selected = ${filter.isEliminated === 'false'}`);
  if (filter.isManuallyChanged !== 'null')
    summary.push(`manually_changed = ${filter.isManuallyChanged === 'true'}`);
  if (filter.isReviewed === 'true') summary.push(`reviewed_by <> ''`);
  if (filter.isReviewed === 'false') summary.push(`reviewed_by = ''`);
  if (!isAll(filter.reviewedBy)) summary.push(`reviewed_by = ${add(filter.reviewedBy)}`);
  if (view.leadsOnly) summary.push('story_follower = false');

  // Exact parts: [start, firstFullDay) and [stopDay, end].
  const exact = (extra: string, value: number) => {
    const where = filterWhere(filter, 'items', view);
    const shifted = where.sql.replace(
      /\$(\d+)/g,
      (_, n: string) => `$${Number(n) + params.length}`,
    );
    params.push(...where.params);
    return `(SELECT count(*) FROM ${table} WHERE ${shifted} AND detect_time ${extra} ${add(new Date(value).toISOString())}::timestamptz)`;
  };
  const head = firstFullDay > start ? exact('<', firstFullDay) : '0';
  const tail = stopDay !== null ? exact('>=', stopDay) : '0';
  return {
    sql: `SELECT ((SELECT coalesce(sum(n), 0) FROM ${table}_day_counts WHERE ${summary.join(' AND ')}) + ${head} + ${tail})::int AS total`,
    params,
  };
}
