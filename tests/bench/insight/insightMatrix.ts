import { screenFilter } from '../../support/screenFilter';
import type { InsightFilterBody } from '../../../src/shared/bodies/insight';

/**
 * Borderline first and Ratio between, alone and with the Review filter's other conditions, on the
 * first page and on deep pages (page 500 is items 10,000 to 10,019): ratio ranges whose ends fall
 * on the count bands (0.4, 0.6) and between them (0.123, 0.4567), narrow and wide, with whole
 * months and with partial ones at either end.
 */
export const INSIGHT_MATRIX: { name: string; filter: Partial<InsightFilterBody> }[] = [
  { name: 'borderline first', filter: { sortBy: 'borderline' } },
  { name: 'borderline first, page 500', filter: { sortBy: 'borderline', startIndex: 500 } },
  { name: 'borderline first, kept', filter: { sortBy: 'borderline', isEliminated: 'false' } },
  { name: 'borderline first, not reviewed', filter: { sortBy: 'borderline', isReviewed: 'false' } },
  {
    name: 'borderline first, reviewed by reviewer2',
    filter: { sortBy: 'borderline', reviewedBy: 'reviewer2' },
  },
  {
    name: 'borderline first, keyword bitcoin',
    filter: { sortBy: 'borderline', keyword: 'bitcoin' },
  },
  {
    name: 'borderline first, rare keyword chainlink',
    filter: { sortBy: 'borderline', keyword: 'chainlink' },
  },
  {
    name: 'borderline first, keyword bitcoin, page 500',
    filter: { sortBy: 'borderline', keyword: 'bitcoin', startIndex: 500 },
  },
  {
    name: 'borderline first, one quarter',
    filter: { sortBy: 'borderline', startDate: '2023-01-01T00:00', endDate: '2023-03-31T23:59' },
  },
  {
    name: 'borderline first, one day',
    filter: { sortBy: 'borderline', startDate: '2024-02-10T00:00', endDate: '2024-02-10T23:59' },
  },
  {
    name: 'borderline first, ratio 0.4-0.6',
    filter: { sortBy: 'borderline', ratioFrom: 0.4, ratioTo: 0.6 },
  },
  {
    name: 'borderline first, ratio 0.9-1, eliminated',
    filter: { sortBy: 'borderline', ratioFrom: 0.9, ratioTo: 1, isEliminated: 'true' },
  },
  { name: 'ratio 0.4-0.6', filter: { ratioFrom: 0.4, ratioTo: 0.6 } },
  { name: 'ratio 0.4-0.6, page 500', filter: { ratioFrom: 0.4, ratioTo: 0.6, startIndex: 500 } },
  {
    name: 'ratio 0.45-0.55, oldest first, page 500',
    filter: { ratioFrom: 0.45, ratioTo: 0.55, sortBy: 'asc', startIndex: 500 },
  },
  { name: 'ratio from 0.5, page 500', filter: { ratioFrom: 0.5, startIndex: 500 } },
  { name: 'ratio up to 0.2, eliminated', filter: { ratioTo: 0.2, isEliminated: 'true' } },
  {
    name: 'ratio 0.123-0.4567, not reviewed',
    filter: { ratioFrom: 0.123, ratioTo: 0.4567, isReviewed: 'false' },
  },
  {
    name: 'ratio 0.4-0.6, keyword bitcoin',
    filter: { ratioFrom: 0.4, ratioTo: 0.6, keyword: 'bitcoin' },
  },
  {
    name: 'ratio 0.4-0.6, keyword bitcoin, page 500',
    filter: { ratioFrom: 0.4, ratioTo: 0.6, keyword: 'bitcoin', startIndex: 500 },
  },
  {
    name: 'ratio 0.4-0.6, one quarter',
    filter: {
      ratioFrom: 0.4,
      ratioTo: 0.6,
      startDate: '2023-01-01T00:00',
      endDate: '2023-03-31T23:59',
    },
  },
  {
    name: 'ratio 0.4-0.6, kept, mid-month to mid-month',
    filter: {
      ratioFrom: 0.4,
      ratioTo: 0.6,
      isEliminated: 'false',
      startDate: '2023-01-15T12:00',
      endDate: '2025-07-20T23:59',
    },
  },
  {
    name: 'shift queue: borderline first, kept, not reviewed, bitcoin, one quarter, ratio 0.3-0.7',
    filter: {
      sortBy: 'borderline',
      isEliminated: 'false',
      isReviewed: 'false',
      keyword: 'bitcoin',
      startDate: '2024-01-01T00:00',
      endDate: '2024-03-31T23:59',
      ratioFrom: 0.3,
      ratioTo: 0.7,
    },
  },
];

export const isDeepPage = (filter: Partial<InsightFilterBody>) => (filter.startIndex ?? 0) >= 500;

/** The body the Review screen sends: every field present, as its filter bar fills it. */
export const fullInsightFilter = (filter: Partial<InsightFilterBody>): InsightFilterBody => ({
  ...screenFilter(),
  ratioFrom: null,
  ratioTo: null,
  ...filter,
});
