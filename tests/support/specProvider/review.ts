/**
 * Review calls of SPEC.md 7 for tweets and news: filter, count, find by id, the manual changes,
 * the eliminated keyword and the reviewed mark.
 */
import { DEFAULT_START_DATE, REVIEW_PAGE_SIZE } from '../../../src/shared/constants';
import {
  idText,
  jsonObject,
  jsonString,
  optStr,
  str,
  strList,
  wholeNumber,
  type Fields,
} from './body';
import type { Ctx, Handler } from './context';
import { fail, json, text, type Reply } from './http';
import { upsertKeyword } from './keywords';
import type { NewsItem, ReviewItem, ReviewService, Tweet } from './types';

type Tristate = boolean | null;

/** 'true' / 'false' / 'null' (strings, as the spec sends them), booleans, null or absent. */
function tristate(body: Fields, key: string): Tristate {
  const value = body[key];
  if (value === undefined || value === null || value === 'null' || value === '') return null;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fail(400, `${key} must be 'true', 'false' or 'null'`);
}

function dateOf(body: Fields, key: string, fallback: string | null): number | null {
  const value = optStr(body, key) ?? fallback;
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fail(400, `${key} is not a date`) : time;
}

interface ReviewFilter {
  start: number | null;
  end: number | null;
  eliminated: Tristate;
  manuallyChanged: Tristate;
  reviewed: Tristate;
  reviewedBy: string | null;
  ascending: boolean;
  page: number;
  keyword: string | null;
}

function readFilter(ctx: Ctx): ReviewFilter {
  const body = jsonObject(ctx);
  const sortBy = optStr(body, 'sortBy') ?? 'desc';
  if (sortBy !== 'asc' && sortBy !== 'desc') fail(400, "sortBy must be 'asc' or 'desc'");
  const reviewedBy = optStr(body, 'reviewedBy');
  const keyword = optStr(body, 'keyword')?.trim();
  return {
    start: dateOf(body, 'startDate', DEFAULT_START_DATE),
    end: dateOf(body, 'endDate', null),
    eliminated: tristate(body, 'isEliminated'),
    manuallyChanged: tristate(body, 'isManuallyChanged'),
    reviewed: tristate(body, 'isReviewed'),
    reviewedBy: reviewedBy === undefined || reviewedBy === 'null' ? null : reviewedBy,
    ascending: sortBy === 'asc',
    page:
      body.startIndex === undefined || body.startIndex === null
        ? 0
        : wholeNumber(body, 'startIndex'),
    keyword: keyword ? keyword.toLowerCase() : null,
  };
}

function matches(item: ReviewItem, filter: ReviewFilter): boolean {
  const time = Date.parse(item.detectTime);
  const keywords = [...(item.detectedKeyword ?? []), item.eliminatedKeyword ?? ''];
  return (
    (filter.start === null || time >= filter.start) &&
    (filter.end === null || time <= filter.end) &&
    (filter.eliminated === null || filter.eliminated === !item.selected) &&
    (filter.manuallyChanged === null || filter.manuallyChanged === item.manuallyChanged) &&
    (filter.reviewed === null || filter.reviewed === (item.reviewedBy !== null)) &&
    (filter.reviewedBy === null || item.reviewedBy === filter.reviewedBy) &&
    (filter.keyword === null || keywords.some((k) => k.toLowerCase() === filter.keyword))
  );
}

/** The items of a filter body, sorted by detect time (then id), all pages. */
export function filtered<T extends ReviewItem>(items: T[], filter: ReviewFilter): T[] {
  const sign = filter.ascending ? 1 : -1;
  return items
    .filter((item) => matches(item, filter))
    .sort((a, b) => sign * (Date.parse(a.detectTime) - Date.parse(b.detectTime) || a.id - b.id));
}

type ChangeCase = 'manually-select' | 'manually-eliminate' | 'add-keyword';

interface ServiceShape<T extends ReviewItem> {
  items(ctx: Ctx): T[];
  /** Body key of the item's provider id, and of the keyword type. */
  idKey: string;
  typeKey: string;
  providerId(item: T): number | string;
  /** The count's answer: text/plain for tweets, a JSON string for news. */
  count(total: number): Reply;
  label: string;
}

const TWEETS: ServiceShape<Tweet> = {
  items: (ctx) => ctx.state.tweets,
  idKey: 'tweetId',
  typeKey: 'keywordType',
  providerId: (item) => item.tweetId,
  count: (total) => text(String(total)),
  label: 'Tweet',
};

const NEWS: ServiceShape<NewsItem> = {
  items: (ctx) => ctx.state.news,
  idKey: 'newsId',
  typeKey: 'newsKeywordType',
  providerId: (item) => item.newsId,
  count: (total) => json(String(total)),
  label: 'News',
};

function reviewHandlersOf<T extends ReviewItem>(service: ReviewService, shape: ServiceShape<T>) {
  const byDataId = (ctx: Ctx, id: string): T =>
    shape.items(ctx).find((item) => String(item.id) === id) ??
    fail(404, `${shape.label} ${id} not found`);

  const byProviderId = (ctx: Ctx, body: Fields): T => {
    const id = idText(body, shape.idKey);
    return (
      shape.items(ctx).find((item) => String(shape.providerId(item)) === id) ??
      fail(404, `${shape.label} ${id} not found`)
    );
  };

  const filter: Handler = (ctx) => {
    const query = readFilter(ctx);
    const start = query.page * REVIEW_PAGE_SIZE;
    return json(filtered(shape.items(ctx), query).slice(start, start + REVIEW_PAGE_SIZE));
  };

  const count: Handler = (ctx) => shape.count(filtered(shape.items(ctx), readFilter(ctx)).length);

  const findById: Handler = (ctx) => json(byDataId(ctx, ctx.params.id ?? ''));

  /** A keyword and type in the body also go into the service's keyword list. */
  const rememberKeyword = (ctx: Ctx, body: Fields, required: boolean) => {
    const keyword = required ? str(body, 'keyword').trim() : optStr(body, 'keyword')?.trim();
    if (!keyword) return undefined;
    const type = required ? str(body, shape.typeKey) : optStr(body, shape.typeKey);
    if (type) upsertKeyword(ctx, service, keyword, type, strList(body, 'unwantedUsage'));
    return keyword;
  };

  const manualChange =
    (change: ChangeCase): Handler =>
    (ctx) => {
      const body = jsonObject(ctx);
      const item = byProviderId(ctx, body);
      const keyword = rememberKeyword(ctx, body, change === 'add-keyword');
      if (change === 'manually-eliminate') {
        item.selected = false;
        item.manuallyChanged = true;
        if (keyword) item.eliminatedKeyword = keyword;
        return;
      }
      if (change === 'manually-select') {
        item.selected = true;
        item.manuallyChanged = true;
        item.eliminatedKeyword = null;
      }
      if (keyword && !(item.detectedKeyword ?? []).includes(keyword)) {
        item.detectedKeyword = [...(item.detectedKeyword ?? []), keyword];
      }
    };

  const addEliminatedKeyword: Handler = (ctx) => {
    const body = jsonObject(ctx);
    const item = byProviderId(ctx, body);
    if (item.selected) fail(400, `${shape.label} is not eliminated`);
    item.eliminatedKeyword = rememberKeyword(ctx, body, true) ?? null;
  };

  const reviewed: Handler = (ctx) => {
    const item = byDataId(ctx, ctx.params.id ?? '');
    item.reviewedBy = jsonString(ctx);
  };

  return { filter, count, findById, manualChange, addEliminatedKeyword, reviewed };
}

export const tweetReview = reviewHandlersOf('tweets', TWEETS);
export const newsReview = reviewHandlersOf('news', NEWS);
