import type { FilterType } from '../../../shared/review';

/** The API service behind each filter type (SPEC.md 7: tweets under /twitter-service, news under /news-service). */
export const SERVICE_PATH: Record<FilterType, string> = {
  tweets: '/twitter-service',
  news: '/news-service',
};
