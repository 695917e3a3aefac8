import type { InsightFilterBody } from '../../shared/bodies/insight';
import { DEFAULT_START_DATE } from '../../shared/constants';
import { keywordItemsTable } from '../db/keywordItems';
import type { SqlQuery } from '../review/filterQuery';
import { bandsOf, sliversOf, wholeBands, type RatioSpan, type WholeBands } from './ratioBands';
import { gapHints, insightConditions, keywordOf, spanConditions } from './insightWhere';
import { SqlParams } from './sqlParams';

const asUtc = (value: string) => (value.endsWith('Z') ? value : `${value}Z`);
const isAll = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' || value === 'null';

/** In UTC: the start of the month (or year) holding `ms`, and the first start at or after `ms`. */
const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const yearStart = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
const nextMonthStart = (ms: number) => {
  const start = monthStart(ms);
  if (start === ms) return ms;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const nextYearStart = (ms: number) => {
  const start = yearStart(ms);
  return start === ms ? ms : Date.UTC(new Date(start).getUTCFullYear() + 1, 0, 1);
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString();

/** A stretch of time [from, until), until null for no end. */
interface Stretch {
  from: number;
  until: number | null;
}

/**
 * Counts what the insight filter selects when it has a ratio range (and no model run), as
 * count(*) over the items would, without reading most of them. The filter's time is cut into whole
 * months [firstMonth, stopMonth) and the partial months at either end; its ratio range into whole
 * bands of 0.01 (ratioBands.ts) and the slivers at either end. Whole months by whole bands are
 * summed from migration 9's per-year and per-month counts (whole years from the yearly rows, the
 * months around them from the monthly ones); everything else is counted exactly from the index
 * that holds it: the band index for the items, the keyword items for a keyword. The parts do not
 * overlap and together are the filter, so the sum is the same number as count(*).
 */
export function ratioCountQuery(
  table: 'tweets' | 'news',
  filter: InsightFilterBody,
  range: RatioSpan,
): SqlQuery {
  const params = new SqlParams();
  const parts: string[] = [];
  const start = Date.parse(asUtc(filter.startDate ?? DEFAULT_START_DATE));
  const end = filter.endDate ? Date.parse(asUtc(filter.endDate)) : null;
  const firstMonth = nextMonthStart(start);
  // The end's own month is partial (the end is inclusive): whole months stop before it.
  const stopMonth = end === null ? null : monthStart(end);
  const exact = (stretch: Stretch | null, span: RatioSpan) =>
    parts.push(exactCount(table, filter, params, stretch, span));

  if (stopMonth !== null && firstMonth >= stopMonth) exact(null, range);
  else {
    if (firstMonth > start) exact({ from: start, until: firstMonth }, range);
    if (stopMonth !== null) exact({ from: stopMonth, until: null }, range);
    const whole = { from: firstMonth, until: stopMonth };
    const bands = wholeBands(range);
    if (bands === null) exact(whole, range);
    else {
      parts.push(...summedCounts(table, filter, params, whole, bands));
      for (const sliver of sliversOf(range, bands)) exact(whole, sliver);
    }
  }
  return params.query(`SELECT (${parts.join(' + ')})::int AS total`);
}

/** count(*) of the filter within a stretch of time and a ratio span, from an index that has both. */
function exactCount(
  table: 'tweets' | 'news',
  filter: InsightFilterBody,
  params: SqlParams,
  stretch: Stretch | null,
  span: RatioSpan,
): string {
  const onKeywordItems = keywordOf(filter) !== null;
  // The filter without its own range: the span given here replaces it.
  const conditions = insightConditions(
    { ...filter, ratioFrom: null, ratioTo: null },
    table,
    onKeywordItems ? 'keyword-items' : 'items',
    params,
  );
  if (stretch) {
    conditions.push(`detect_time >= ${params.add(isoTime(stretch.from))}::timestamptz`);
    if (stretch.until !== null)
      conditions.push(`detect_time < ${params.add(isoTime(stretch.until))}::timestamptz`);
  }
  conditions.push(...spanConditions(span, params));
  if (onKeywordItems) {
    // The keyword items' Borderline first index serves a thin sliver over many months.
    conditions.push(...gapHints(span, params));
    return `(SELECT count(*) FROM ${keywordItemsTable(table)} WHERE ${conditions.join(' AND ')})`;
  }
  // The band index, read band by band, holds only the ratios asked for.
  conditions.push(
    `insight_ratio_bucket(nlp_decision_ratio) = ANY ('{${bandsOf(span).join(',')}}'::int[])`,
  );
  return `(SELECT count(*) FROM ${table} WHERE ${conditions.join(' AND ')})`;
}

/** The counts table's rows for whole months by whole bands: whole years, then the months around. */
function summedCounts(
  table: 'tweets' | 'news',
  filter: InsightFilterBody,
  params: SqlParams,
  whole: Stretch,
  bands: WholeBands,
): string[] {
  const common = [
    `keyword = ${params.add(keywordOf(filter) ?? '')}`,
    `bucket BETWEEN ${bands.first} AND ${bands.last}`,
  ];
  if (filter.isEliminated !== 'null') common.push(`selected = ${filter.isEliminated === 'false'}`);
  if (filter.isManuallyChanged !== 'null')
    common.push(`manually_changed = ${filter.isManuallyChanged === 'true'}`);
  if (filter.isReviewed === 'true') common.push(`reviewed_by <> ''`);
  if (filter.isReviewed === 'false') common.push(`reviewed_by = ''`);
  if (!isAll(filter.reviewedBy)) common.push(`reviewed_by = ${params.add(filter.reviewedBy)}`);

  const sum = (span: 'year' | 'month', stretch: Stretch) => {
    const conditions = [
      ...common,
      `span = '${span}'`,
      `period >= ${params.add(isoDay(stretch.from))}::date`,
    ];
    if (stretch.until !== null)
      conditions.push(`period < ${params.add(isoDay(stretch.until))}::date`);
    return `(SELECT coalesce(sum(n), 0)::bigint FROM ${table}_ratio_counts WHERE ${conditions.join(' AND ')})`;
  };

  const firstYear = nextYearStart(whole.from);
  const stopYear = whole.until === null ? null : yearStart(whole.until);
  if (stopYear !== null && firstYear >= stopYear) return [sum('month', whole)];
  const out = [sum('year', { from: firstYear, until: stopYear })];
  if (firstYear > whole.from) out.push(sum('month', { from: whole.from, until: firstYear }));
  if (stopYear !== null && whole.until !== null && whole.until > stopYear)
    out.push(sum('month', { from: stopYear, until: whole.until }));
  return out;
}
