import type { InsightFilterBody } from '../../shared/bodies/insight';
import { REVIEW_PAGE_SIZE } from '../../shared/constants';
import { keywordItemsTable } from '../db/keywordItems';
import type { SqlQuery } from '../review/filterQuery';
import { bandsOf } from './ratioBands';
import { GAP, gapHints, insightConditions, keywordOf, ratioRangeOf } from './insightWhere';
import { SqlParams } from './sqlParams';

/**
 * A time-ordered page within a ratio range walks the time index and skips the items out of range,
 * unless that walk would read more than this many index entries (about what the page needs, over
 * the share of the bands the range covers): then it merges one walk per band (bandMergedIds),
 * which reads about what the page needs but costs a few milliseconds more to plan.
 */
export const MOST_ENTRIES_TO_SKIP = 20_000;

interface PageIds {
  /** A subquery answering page_id, page_time (and page_gap for Borderline first) in page order. */
  sql: string;
  order: string;
}

/**
 * One page of the insight filter. As filterPageQuery does, the page's ids are found first, from
 * an index alone (migration 9's indexes carry the ratio and the filter's columns), and only its 20
 * items are read: page 500 skips 10,000 index entries, not rows.
 * - Borderline first: |ratio - 0.5| ascending, then newest first, on the Borderline first index of
 *   the items or, with a keyword, of its keyword items; a ratio range bounds the walk (gapHints).
 * - Newest or oldest first within a ratio range: one walk per ratio band, merged, when the range is
 *   narrow; the time index, skipping other ratios, when it is wide.
 */
export function insightPageQuery(
  table: 'tweets' | 'news',
  selectList: string,
  filter: InsightFilterBody,
  /** Tests choose either way of a ratio range's time-ordered page; the server keeps the default. */
  mostEntriesToSkip = MOST_ENTRIES_TO_SKIP,
): SqlQuery {
  const params = new SqlParams();
  const ids = pageIds(table, filter, params, mostEntriesToSkip);
  return params.query(
    `SELECT ${selectList} FROM ${table} JOIN (${ids.sql}) AS page ON ${table}.id = page.page_id
      ORDER BY ${ids.order}`,
  );
}

function pageIds(
  table: 'tweets' | 'news',
  filter: InsightFilterBody,
  params: SqlParams,
  mostEntriesToSkip: number,
): PageIds {
  const onKeywordItems = keywordOf(filter) !== null;
  const source = onKeywordItems ? keywordItemsTable(table) : table;
  const where = insightConditions(
    filter,
    table,
    onKeywordItems ? 'keyword-items' : 'items',
    params,
  );
  const range = ratioRangeOf(filter);
  const window = `LIMIT ${REVIEW_PAGE_SIZE} OFFSET ${filter.startIndex * REVIEW_PAGE_SIZE}`;

  if (filter.sortBy === 'borderline') {
    const hints = range ? gapHints(range, params) : [];
    return {
      sql: `SELECT id AS page_id, ${GAP} AS page_gap, detect_time AS page_time FROM ${source}
             WHERE ${[...where, ...hints].join(' AND ')}
             ORDER BY ${GAP} ASC, detect_time DESC, id DESC ${window}`,
      order: 'page.page_gap ASC, page.page_time DESC, page.page_id DESC',
    };
  }

  const direction = filter.sortBy === 'asc' ? 'ASC' : 'DESC';
  const order = `page.page_time ${direction}, page.page_id ${direction}`;
  const bands = range ? bandsOf(range) : [];
  const needed = (filter.startIndex + 1) * REVIEW_PAGE_SIZE;
  const walked = (needed * 100) / Math.max(1, bands.length);
  if (!onKeywordItems && range && walked > mostEntriesToSkip)
    return { sql: bandMergedIds(table, where, bands, direction, window, needed), order };
  return {
    sql: `SELECT id AS page_id, detect_time AS page_time FROM ${source}
           WHERE ${where.join(' AND ')}
           ORDER BY detect_time ${direction}, id ${direction} ${window}`,
    order,
  };
}

/**
 * A time-ordered page within a narrow ratio range: each band's items in time order from the band
 * index (band, detect_time, id), at most as many as the page needs, merged in time order. The
 * merge reads about as many entries as the page skips and shows, however few of the items the
 * range keeps; walking the time index instead would read all the others too.
 */
function bandMergedIds(
  table: 'tweets' | 'news',
  where: string[],
  bands: number[],
  direction: 'ASC' | 'DESC',
  window: string,
  needed: number,
): string {
  const walks = bands.map(
    (band) => `(SELECT id, detect_time FROM ${table}
                 WHERE insight_ratio_bucket(nlp_decision_ratio) = ${band} AND ${where.join(' AND ')}
                 ORDER BY detect_time ${direction}, id ${direction} LIMIT ${needed})`,
  );
  return `SELECT id AS page_id, detect_time AS page_time FROM (${walks.join(' UNION ALL ')}) AS merged
           ORDER BY detect_time ${direction}, id ${direction} ${window}`;
}
