import { FILTER_TYPES, type TriState } from '../../../shared/bodies/review';
import { CHANGE_DIRECTIONS, type ChangeDirection } from '../../../shared/bodies/reviewFilter';
import { DEFAULT_FILTER, type ReviewFilterValues } from './reviewFilter';

/**
 * The Review screen's filter and page in its URL (DESIGN.md, Links into the app): a saved view, a
 * copied link and the last screen restored at start-up are all this query. Only what differs from
 * DEFAULT_FILTER is written, in a fixed order (the same filter always gives the same text), and the
 * page 1-based as people count it. Reading is tolerant: a link may be old, edited by hand or cut
 * short, so a value that cannot be read leaves that field at its default and never throws.
 */

/** The most a text field of the URL may hold (a keyword, a reviewer's name). */
const MAX_TEXT = 500;
/** The filter call's startIndex bound (shared/bodies/review.ts). */
const MAX_PAGE = 1_000_000;

const TRI_STATES: readonly TriState[] = ['true', 'false', 'null'];
const TRI_FIELDS = ['isEliminated', 'isManuallyChanged', 'isReviewed'] as const;
/**
 * A model run's id (DESIGN.md, Extensions): a positive whole number the filter body accepts (INT4).
 */
const MAX_RUN_ID = 2_147_483_647;

/** Fields that mean something only beside another: left out of the URL without it. */
const DEPENDS_ON: Partial<Record<keyof ReviewFilterValues, (f: ReviewFilterValues) => boolean>> = {
  // The data id box means something only while searching with it.
  searchDataId: (filter) => filter.searchWithDataId,
  // A model run's direction and reviewed narrow that run's items: nothing without the run.
  modelRunDirection: (filter) => filter.modelRunId !== null,
  modelRunReviewed: (filter) => filter.modelRunId !== null,
};

/** The URL's text for each field, in the order they are written. */
const FIELD_ORDER = Object.keys(DEFAULT_FILTER) as (keyof ReviewFilterValues)[];

function written(filter: ReviewFilterValues, field: keyof ReviewFilterValues): string {
  const value = filter[field];
  // A cleared date is written empty: the default start date is not null.
  return value === null ? '' : String(value);
}

/**
 * The query (without '?') for a filter and a zero-based page: the fields that differ from the
 * default, then `page` (1-based) when past the first. The default filter's first page is ''.
 */
export function reviewQueryOf(filter: ReviewFilterValues, page: number): string {
  const params = new URLSearchParams();
  for (const field of FIELD_ORDER) {
    if (DEPENDS_ON[field] && !DEPENDS_ON[field](filter)) continue;
    if (filter[field] !== DEFAULT_FILTER[field]) params.set(field, written(filter, field));
  }
  if (Number.isInteger(page) && page > 0) params.set('page', String(page + 1));
  return params.toString();
}

/**
 * The default filter's first page said explicitly. reviewQueryOf writes it as '', and a Review URL
 * without a query shows the filter kept from the last visit; a link or a navigation that means
 * "the default filter" uses this instead (the page then writes its URL as '').
 */
export const EXPLICIT_DEFAULT_QUERY = 'page=1';

/** The query to navigate to for a filter and page: never '', which means "the kept filter". */
export const reviewLinkQueryOf = (filter: ReviewFilterValues, page: number): string =>
  reviewQueryOf(filter, page) || EXPLICIT_DEFAULT_QUERY;

/** 'YYYY-MM-DDTHH:mm' from an ISO date or date-time (seconds and a zone are dropped), or undefined. */
function readDate(text: string): string | null | undefined {
  if (text === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?Z?)?$/.exec(text);
  if (!match) return undefined;
  const wall = `${match[1]}T${match[2] ?? '00:00'}`;
  // A real calendar date and time: Date.parse accepts 2024-02-30, so compare it back.
  const time = new Date(`${wall}:00Z`);
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 16) !== wall) return undefined;
  return wall;
}

const readBoolean = (text: string): boolean | undefined =>
  text === 'true' ? true : text === 'false' ? false : undefined;

const readText = (text: string): string | undefined => (text.length <= MAX_TEXT ? text : undefined);

/**
 * A ratio bound of Ratio between (DESIGN.md, Extensions): a decimal from 0 to 1 as String() writes
 * it (which may be "1e-7"), or undefined. No hex, no "Infinity", no spaces: Number() would read
 * those too.
 */
function readRatio(text: string): number | undefined {
  if (!/^\d*\.?\d+(?:e-?\d{1,3})?$/i.test(text) || text.length > 24) return undefined;
  const value = Number(text);
  return value >= 0 && value <= 1 ? value : undefined;
}

/**
 * The insight fields (DESIGN.md, Extensions): Borderline first, Ratio between, and a model run's
 * items.
 */
function readInsight(filter: ReviewFilterValues, text: (field: string) => string | undefined) {
  if (text('sortBy') === 'borderline') filter.sortBy = 'borderline';
  const from = text('ratioFrom');
  const to = text('ratioTo');
  const ratioFrom = from === undefined ? undefined : readRatio(from);
  const ratioTo = to === undefined ? undefined : readRatio(to);
  // A range upside down matches nothing and the server refuses it: neither bound is kept.
  if (ratioFrom === undefined || ratioTo === undefined || ratioFrom <= ratioTo) {
    if (ratioFrom !== undefined) filter.ratioFrom = ratioFrom;
    if (ratioTo !== undefined) filter.ratioTo = ratioTo;
  }
  const runId = text('modelRunId');
  if (runId === undefined || !/^\d{1,10}$/.test(runId)) return;
  const id = Number(runId);
  if (id < 1 || id > MAX_RUN_ID) return;
  filter.modelRunId = id;
  const direction = text('modelRunDirection');
  if (direction !== undefined && (CHANGE_DIRECTIONS as readonly string[]).includes(direction))
    filter.modelRunDirection = direction as ChangeDirection;
  const reviewed = text('modelRunReviewed');
  if (reviewed !== undefined && (TRI_STATES as readonly string[]).includes(reviewed))
    filter.modelRunReviewed = reviewed as TriState;
}

/**
 * The filter and zero-based page a query asks for (with or without its '?'); every field it does
 * not name, or names with a value that cannot be read, is the default.
 */
export function reviewFilterFromQuery(search: string): {
  filter: ReviewFilterValues;
  page: number;
} {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  } catch {
    return { filter: { ...DEFAULT_FILTER }, page: 0 };
  }
  const filter: ReviewFilterValues = { ...DEFAULT_FILTER };
  const text = (field: string) => params.get(field) ?? undefined;

  const filterType = text('filterType');
  if (filterType !== undefined && (FILTER_TYPES as readonly string[]).includes(filterType))
    filter.filterType = filterType as ReviewFilterValues['filterType'];
  const byId = text('searchWithDataId');
  if (byId !== undefined) filter.searchWithDataId = readBoolean(byId) ?? filter.searchWithDataId;
  const dataId = text('searchDataId');
  if (dataId !== undefined && /^\d{1,15}$/.test(dataId)) filter.searchDataId = dataId;
  for (const field of ['startDate', 'endDate'] as const) {
    const date = text(field);
    const read = date === undefined ? undefined : readDate(date);
    if (read !== undefined) filter[field] = read;
  }
  const keyword = text('keyword');
  if (keyword !== undefined) filter.keyword = readText(keyword) ?? filter.keyword;
  for (const field of TRI_FIELDS) {
    const value = text(field);
    if (value !== undefined && (TRI_STATES as readonly string[]).includes(value))
      filter[field] = value as TriState;
  }
  const reviewedBy = text('reviewedBy');
  if (reviewedBy !== undefined && reviewedBy.trim() !== '')
    filter.reviewedBy = readText(reviewedBy) ?? filter.reviewedBy;
  const sortBy = text('sortBy');
  if (sortBy === 'asc' || sortBy === 'desc') filter.sortBy = sortBy;
  readInsight(filter, text);
  // A data-id search without a readable id would search for nothing: it falls back to the list.
  if (filter.searchWithDataId && filter.searchDataId === '') filter.searchWithDataId = false;

  const pageText = text('page');
  const pageNumber = pageText !== undefined && /^\d{1,7}$/.test(pageText) ? Number(pageText) : 1;
  const page = pageNumber >= 1 && pageNumber <= MAX_PAGE ? pageNumber - 1 : 0;
  return { filter, page: filter.searchWithDataId ? 0 : page };
}

/** The query a search means, written the one way reviewQueryOf writes it. */
export function canonicalReviewQuery(search: string): string {
  const { filter, page } = reviewFilterFromQuery(search);
  return reviewQueryOf(filter, page);
}
