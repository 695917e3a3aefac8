import type { AxiosInstance } from 'axios';
import type { FilterType, Keyword, ModelStarted, ReviewItem } from '../../../shared/review';
import { BridgeFailure } from '../bridgeFailure';
import type { SessionManager } from '../session/sessionManager';
import type { BridgeHandlers } from './dispatcher';
import { badAnswer } from './serverAnswer';
import { SERVICE_PATH } from './servicePaths';

const FIND_BY_ID: Record<FilterType, string> = { tweets: '', news: '/find-by-id' };
const ELIMINATED_KEYWORD: Record<FilterType, string> = {
  tweets: '/add-eliminated-keyword-on-eliminated-tweet',
  news: '/add-eliminated-keyword-on-eliminated-news',
};
const MODEL: Record<FilterType, string> = {
  tweets: '/nlp-service/create-tweet-model',
  news: '/nlp-service/create-news-model',
};

const isItem = (value: unknown): value is ReviewItem =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/** The review screen's calls (SPEC.md 7, "Review and keywords"). */
export function createReviewHandlers(deps: {
  api: AxiosInstance;
  session: SessionManager;
}): Pick<
  BridgeHandlers,
  | 'review.list'
  | 'review.findById'
  | 'review.change'
  | 'review.markReviewed'
  | 'review.keywords'
  | 'review.createModel'
> {
  const { api, session } = deps;
  // SPEC.md 6: the reviewer's identity is the signed-in username, filled in here, not by the page.
  const reviewer = () => {
    const name = session.view().username;
    if (!name) throw new BridgeFailure(401, 'SESSION_ENDED', 'You are not signed in.');
    return name;
  };
  return {
    'review.list': async ({ filterType, filter }) => {
      const base = SERVICE_PATH[filterType];
      const [items, total, reviewed] = await Promise.all([
        api.post<unknown>(`${base}/filter`, filter),
        api.post<unknown>(`${base}/count`, filter),
        filter.isReviewed === 'false'
          ? Promise.resolve({ data: 0 })
          : api.post<unknown>(`${base}/count`, { ...filter, isReviewed: 'true' }),
      ]);
      if (!Array.isArray(items.data) || !items.data.every(isItem)) badAnswer('list of items');
      if (typeof total.data !== 'number' || typeof reviewed.data !== 'number') badAnswer('count');
      return { items: items.data, total: total.data, reviewed: reviewed.data };
    },
    'review.findById': async ({ filterType, id }) => {
      const { data } = await api.post<unknown>(
        `${SERVICE_PATH[filterType]}${FIND_BY_ID[filterType]}/${id}`,
      );
      return isItem(data) ? data : badAnswer('item');
    },
    'review.change': async ({ filterType, action, body }) => {
      const base = SERVICE_PATH[filterType];
      const payload = { ...body, reviewedBy: reviewer() };
      const { data } =
        action === 'add-eliminated-keyword'
          ? await api.post<unknown>(`${base}${ELIMINATED_KEYWORD[filterType]}`, payload)
          : await api.put<unknown>(`${base}/${action}`, payload);
      return isItem(data) ? data : badAnswer('item');
    },
    'review.markReviewed': async ({ filterType, id }) => {
      // The body is the username as a JSON string (SPEC.md 7).
      const { data } = await api.put<unknown>(
        `${SERVICE_PATH[filterType]}/${id}/reviewed`,
        JSON.stringify(reviewer()),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      );
      return isItem(data) ? data : badAnswer('item');
    },
    'review.keywords': async ({ filterType }) => {
      const { data } = await api.get<unknown>(`${SERVICE_PATH[filterType]}/get-keywords`);
      return Array.isArray(data) ? (data as Keyword[]) : badAnswer('keyword list');
    },
    'review.createModel': async ({ filterType }) => {
      const { data } = await api.post<ModelStarted>(MODEL[filterType]);
      return { status: data?.status === 'running' ? 'running' : 'started', service: filterType };
    },
  };
}
