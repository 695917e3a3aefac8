import { describe, expect, it } from 'vitest';
import {
  keepUnchanged,
  cardState,
  formatRatio,
  highlightParts,
  keywordSuggestions,
  pageCount,
  resultHeader,
  unwantedUsagesOf,
} from '../../../src/renderer/features/review/reviewLogic';
import {
  DEFAULT_FILTER,
  toFilterBody,
} from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import type { Keyword } from '../../../src/shared/api/records';

const keywords: Keyword[] = [
  { id: 1, keyword: 'bitcoin', type: 'IMPORTANT', unwantedUsages: ['bitcoin giveaway'] },
  { id: 2, keyword: 'Bitcoin ETF', type: 'RELATIVE', unwantedUsages: [] },
  { id: 3, keyword: 'airdrop', type: 'DEFINITELY_NOT_CONTAINS', unwantedUsages: [] },
];

describe('review screen rules', () => {
  it('suggests keywords by case-insensitive substring, leaving out an exact match', () => {
    expect(keywordSuggestions(keywords, 'BITCOIN').map((k) => k.keyword)).toEqual(['Bitcoin ETF']);
    expect(keywordSuggestions(keywords, 'coin').map((k) => k.keyword)).toEqual([
      'bitcoin',
      'Bitcoin ETF',
    ]);
    expect(keywordSuggestions(keywords, 'zzz')).toEqual([]);
  });

  it("lists the matching keyword's unwanted usages", () => {
    expect(unwantedUsagesOf(keywords, 'Bitcoin ')).toEqual(['bitcoin giveaway']);
    expect(unwantedUsagesOf(keywords, 'unknown')).toEqual([]);
  });

  it('writes the header with a zero-based range and counts pages of 20', () => {
    expect(resultHeader(0, 20, 4000)).toBe('You see ( 0 - 20 ) of 4000 results');
    expect(resultHeader(2, 7, 47)).toBe('You see ( 40 - 47 ) of 47 results');
    expect(pageCount(0)).toBe(0);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it('shows the ratio to 5 characters, highlighted above 0.5', () => {
    expect(formatRatio(0.73495024)).toEqual({ text: '0.734', high: true });
    expect(formatRatio(0.5)).toEqual({ text: '0.5', high: false });
    expect(formatRatio(0.01234)).toEqual({ text: '0.012', high: false });
  });

  it('highlights detected keywords case-insensitively, longest first', () => {
    expect(highlightParts('Bitcoin ETF inflows for bitcoin', ['bitcoin', 'bitcoin etf'])).toEqual([
      { text: 'Bitcoin ETF', hit: true },
      { text: ' inflows for ', hit: false },
      { text: 'bitcoin', hit: true },
    ]);
    expect(highlightParts('a (b) c', ['(b)'])).toEqual([
      { text: 'a ', hit: false },
      { text: '(b)', hit: true },
      { text: ' c', hit: false },
    ]);
  });

  it('gives each card its state', () => {
    expect(cardState({ selected: true })).toBe('selected');
    expect(cardState({ selected: false })).toBe('notSelected');
    expect(cardState({ selected: false, eliminatedBySimilarity: true })).toBe('similarity');
    expect(cardState({ selected: false, eliminatedByQuotedPost: true })).toBe('quoted');
  });

  it('sends the defaults of SPEC.md 3 and treats All as the string null', () => {
    expect(toFilterBody(DEFAULT_FILTER, 3)).toEqual({
      startDate: '2022-01-01T00:00',
      endDate: null,
      isEliminated: 'null',
      isManuallyChanged: 'null',
      isReviewed: 'null',
      reviewedBy: null,
      sortBy: 'desc',
      startIndex: 3,
      keyword: null,
    });
  });
});

describe('keepUnchanged', () => {
  it('keeps the previous object of an unchanged item and takes the new one of a changed item', () => {
    const a = { id: 1, selected: true };
    const b = { id: 2, selected: true };
    const next = [
      { id: 1, selected: true },
      { id: 2, selected: false },
      { id: 3, selected: true },
    ];
    const kept = keepUnchanged([a, b], next);
    expect(kept[0]).toBe(a);
    expect(kept[1]).toBe(next[1]);
    expect(kept[2]).toBe(next[2]);
    expect(kept).toEqual(next);
  });
});
