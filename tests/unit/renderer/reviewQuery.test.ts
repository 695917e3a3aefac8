import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  type ReviewFilterValues,
} from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import {
  EXPLICIT_DEFAULT_QUERY,
  reviewLinkQueryOf,
  canonicalReviewQuery,
  reviewFilterFromQuery,
  reviewQueryOf,
} from '../../../src/renderer/domain/reviewFilter/reviewQuery';

/** A filter with every field away from its default. */
const EVERY_FIELD: ReviewFilterValues = {
  filterType: 'news',
  searchWithDataId: false,
  searchDataId: '',
  startDate: '2024-03-01T08:30',
  endDate: '2024-03-02T17:05',
  keyword: 'bitcoin & ETF #1',
  isEliminated: 'true',
  isManuallyChanged: 'false',
  isReviewed: 'false',
  reviewedBy: 'reviewer2',
  sortBy: 'asc',
  ratioFrom: null,
  ratioTo: null,
  modelRunId: null,
  modelRunDirection: null,
  modelRunReviewed: 'null',
};

describe('the Review URL query', () => {
  it('is empty for the default filter on its first page', () => {
    expect(reviewQueryOf(DEFAULT_FILTER, 0)).toBe('');
    expect(reviewFilterFromQuery('')).toEqual({ filter: DEFAULT_FILTER, page: 0 });
  });

  it('writes only what differs from the default, and the page 1-based past the first', () => {
    expect(reviewQueryOf({ ...DEFAULT_FILTER, isReviewed: 'false' }, 0)).toBe('isReviewed=false');
    expect(reviewQueryOf(DEFAULT_FILTER, 2)).toBe('page=3');
    expect(reviewQueryOf({ ...DEFAULT_FILTER, filterType: 'news', keyword: 'a b' }, 1)).toBe(
      'filterType=news&keyword=a+b&page=2',
    );
  });

  it('round-trips every field, with or without the "?"', () => {
    const query = reviewQueryOf(EVERY_FIELD, 4);
    expect(query).toBe(
      'filterType=news&startDate=2024-03-01T08%3A30&endDate=2024-03-02T17%3A05' +
        '&keyword=bitcoin+%26+ETF+%231&isEliminated=true&isManuallyChanged=false' +
        '&isReviewed=false&reviewedBy=reviewer2&sortBy=asc&page=5',
    );
    expect(reviewFilterFromQuery(query)).toEqual({ filter: EVERY_FIELD, page: 4 });
    expect(reviewFilterFromQuery(`?${query}`)).toEqual({ filter: EVERY_FIELD, page: 4 });
  });

  it('round-trips each field alone', () => {
    const changes: Partial<ReviewFilterValues>[] = [
      { filterType: 'news' },
      { searchWithDataId: true, searchDataId: '12345' },
      { startDate: '2023-12-31T23:59' },
      { startDate: null },
      { endDate: '2024-01-01T00:00' },
      { keyword: 'ünïcödé ✓' },
      { isEliminated: 'false' },
      { isManuallyChanged: 'true' },
      { isReviewed: 'true' },
      { reviewedBy: 'reviewer3' },
      { sortBy: 'asc' },
    ];
    for (const change of changes) {
      const filter = { ...DEFAULT_FILTER, ...change };
      expect(reviewFilterFromQuery(reviewQueryOf(filter, 0)).filter).toEqual(filter);
    }
  });

  it('writes a cleared start date as empty, so it reads back as no date', () => {
    expect(reviewQueryOf({ ...DEFAULT_FILTER, startDate: null }, 0)).toBe('startDate=');
  });

  it('searching with a data id keeps the id and no page; the id box alone is not written', () => {
    const byId = { ...DEFAULT_FILTER, searchWithDataId: true, searchDataId: '77' };
    expect(reviewQueryOf(byId, 0)).toBe('searchWithDataId=true&searchDataId=77');
    expect(reviewQueryOf({ ...DEFAULT_FILTER, searchDataId: '77' }, 0)).toBe('');
    expect(reviewFilterFromQuery('searchWithDataId=true&searchDataId=77&page=4').page).toBe(0);
  });

  it('reads dates given as ISO with seconds or a zone, or as a day', () => {
    expect(reviewFilterFromQuery('startDate=2024-05-06T07:08:09Z').filter.startDate).toBe(
      '2024-05-06T07:08',
    );
    expect(reviewFilterFromQuery('endDate=2024-05-06').filter.endDate).toBe('2024-05-06T00:00');
  });

  it('falls back to the default for each value it cannot read, and never throws', () => {
    const bad = [
      'filterType=videos',
      'searchWithDataId=yes',
      'searchWithDataId=true&searchDataId=abc',
      'startDate=yesterday',
      'startDate=2024-02-30T10:00',
      'endDate=2024-13-01T00:00',
      'isEliminated=maybe',
      'isManuallyChanged=TRUE',
      'isReviewed=1',
      'reviewedBy=',
      `keyword=${'k'.repeat(501)}`,
      'sortBy=random',
      'page=0',
      'page=-2',
      'page=two',
      'page=1.5',
      'page=99999999',
      'unknown=field',
      '%E0%A4%A',
      '&&&==&',
    ];
    for (const query of bad)
      expect(reviewFilterFromQuery(query)).toEqual({ filter: DEFAULT_FILTER, page: 0 });
    // One bad field leaves the others as they were asked.
    expect(reviewFilterFromQuery('filterType=news&isReviewed=perhaps&page=3')).toEqual({
      filter: { ...DEFAULT_FILTER, filterType: 'news' },
      page: 2,
    });
  });

  it('a link to the default filter is never empty (an empty query shows the kept filter)', () => {
    expect(reviewLinkQueryOf(DEFAULT_FILTER, 0)).toBe(EXPLICIT_DEFAULT_QUERY);
    expect(reviewFilterFromQuery(EXPLICIT_DEFAULT_QUERY)).toEqual({
      filter: DEFAULT_FILTER,
      page: 0,
    });
    expect(reviewLinkQueryOf(DEFAULT_FILTER, 1)).toBe('page=2');
  });

  it('says any query the one way it is written', () => {
    expect(canonicalReviewQuery('?page=3&filterType=news')).toBe('filterType=news&page=3');
    expect(canonicalReviewQuery('page=1&sortBy=desc')).toBe('');
  });

  describe('with the insight fields', () => {
    /** A link the Model runs screen builds for Review these: no start bound, one run's items. */
    const REVIEW_THESE: ReviewFilterValues = {
      ...DEFAULT_FILTER,
      startDate: null,
      modelRunId: 12,
      modelRunDirection: 'keptToEliminated',
      modelRunReviewed: 'false',
    };

    it('round-trips Borderline first, Ratio between and a model run, in a fixed order', () => {
      const filter: ReviewFilterValues = {
        ...REVIEW_THESE,
        sortBy: 'borderline',
        ratioFrom: 0.35,
        ratioTo: 0.65,
      };
      const query = reviewQueryOf(filter, 1);
      expect(query).toBe(
        'startDate=&sortBy=borderline&ratioFrom=0.35&ratioTo=0.65&modelRunId=12' +
          '&modelRunDirection=keptToEliminated&modelRunReviewed=false&page=2',
      );
      expect(reviewFilterFromQuery(query)).toEqual({ filter, page: 1 });
    });

    it("round-trips the Model runs screen's Review these link", () => {
      const link = reviewLinkQueryOf({ ...REVIEW_THESE, filterType: 'news' }, 0);
      expect(reviewFilterFromQuery(link).filter).toEqual({ ...REVIEW_THESE, filterType: 'news' });
      // Any direction and either reviewed: only the run is written.
      const anyChange = {
        ...REVIEW_THESE,
        modelRunDirection: null,
        modelRunReviewed: 'null' as const,
      };
      expect(reviewQueryOf(anyChange, 0)).toBe('startDate=&modelRunId=12');
      expect(reviewFilterFromQuery('startDate=&modelRunId=12').filter).toEqual(anyChange);
    });

    it('round-trips each insight field alone', () => {
      const changes: Partial<ReviewFilterValues>[] = [
        { sortBy: 'borderline' },
        { ratioFrom: 0 },
        { ratioFrom: 0.05 },
        { ratioTo: 1 },
        { ratioTo: 0.1 },
        { ratioFrom: 0.5, ratioTo: 0.5 },
        { ratioFrom: 1e-7 },
        { modelRunId: 1 },
        { modelRunId: 2_147_483_647 },
        { modelRunId: 3, modelRunDirection: 'eliminatedToKept' },
        { modelRunId: 3, modelRunDirection: 'ratioOnly', modelRunReviewed: 'true' },
      ];
      for (const change of changes) {
        const filter = { ...DEFAULT_FILTER, ...change };
        expect(reviewFilterFromQuery(reviewQueryOf(filter, 0)).filter).toEqual(filter);
      }
    });

    it("does not write a run's direction or reviewed without the run, nor read them", () => {
      const orphan = { ...DEFAULT_FILTER, modelRunDirection: 'ratioOnly' as const };
      expect(reviewQueryOf({ ...orphan, modelRunReviewed: 'true' }, 0)).toBe('');
      expect(
        reviewFilterFromQuery('modelRunDirection=ratioOnly&modelRunReviewed=true').filter,
      ).toEqual(DEFAULT_FILTER);
    });

    it('falls back to the default for each insight value it cannot read', () => {
      const bad = [
        'sortBy=Borderline',
        'sortBy=borderline%20',
        'ratioFrom=-0.1',
        'ratioFrom=1.01',
        'ratioTo=2',
        'ratioTo=abc',
        'ratioTo=',
        'ratioFrom=0x1',
        'ratioFrom=Infinity',
        'ratioFrom=%200.5',
        'ratioFrom=0.5.5',
        // Upside down: neither bound is kept.
        'ratioFrom=0.7&ratioTo=0.2',
        'modelRunId=0',
        'modelRunId=-3',
        'modelRunId=1.5',
        'modelRunId=twelve',
        'modelRunId=2147483648',
        'modelRunId=&modelRunDirection=keptToEliminated',
      ];
      for (const query of bad)
        expect(reviewFilterFromQuery(query), query).toEqual({ filter: DEFAULT_FILTER, page: 0 });
      // A bad direction or reviewed leaves the run itself.
      expect(
        reviewFilterFromQuery('modelRunId=4&modelRunDirection=up&modelRunReviewed=maybe').filter,
      ).toEqual({ ...DEFAULT_FILTER, modelRunId: 4 });
      // One bad bound leaves the other.
      expect(reviewFilterFromQuery('ratioFrom=0.2&ratioTo=nine').filter).toEqual({
        ...DEFAULT_FILTER,
        ratioFrom: 0.2,
      });
    });
  });
});
