import {
  NLP_RATIO_DISPLAY_CHARS,
  NLP_RATIO_HIGHLIGHT_ABOVE,
  REVIEW_PAGE_SIZE,
} from '../../../shared/constants';
import type { Keyword } from '../../../shared/api/records';
import { rangeHeader } from '../../ui/listPattern';

export const pageCount = (total: number) => Math.ceil(total / REVIEW_PAGE_SIZE);

/** SPEC.md 2: 'You see ( from - to ) of total results', with a zero-based range. */
export function resultHeader(
  page: number,
  shown: number,
  total: number,
  view: 'items' | 'stories' = 'items',
): string {
  // SPEC.md 2's header as written; with Stories on its pages and count are of stories.
  return rangeHeader(
    page,
    REVIEW_PAGE_SIZE,
    shown,
    total,
    view === 'stories' ? 'stories' : 'results',
  );
}

/** SPEC.md 9: the ratio to 5 characters; above 0.5 it is highlighted. '-' when not sent. */
export function formatRatio(ratio: number | undefined): { text: string; high: boolean } {
  if (ratio === undefined) return { text: '-', high: false };
  return {
    text: String(ratio).slice(0, NLP_RATIO_DISPLAY_CHARS),
    high: ratio > NLP_RATIO_HIGHLIGHT_ABOVE,
  };
}

/**
 * SPEC.md 5: suggestions match case-insensitively by substring and leave out an exact match
 * (the reviewer has already typed it).
 */
export function keywordSuggestions(
  keywords: readonly Keyword[],
  typed: string,
  limit = 12,
): (Keyword & { keyword: string })[] {
  const text = typed.trim().toLowerCase();
  const named = keywords.filter((k): k is Keyword & { keyword: string } => !!k.keyword);
  if (!text) return named.slice(0, limit);
  return named
    .filter((k) => k.keyword.toLowerCase().includes(text) && k.keyword.toLowerCase() !== text)
    .slice(0, limit);
}

/** The keyword's known unwanted usages (for the Unwanted Usage dropdown). */
export function unwantedUsagesOf(keywords: readonly Keyword[], typed: string): string[] {
  const text = typed.trim().toLowerCase();
  return keywords.find((k) => k.keyword?.toLowerCase() === text)?.unwantedUsages ?? [];
}

/** Splits a message into plain and keyword parts, so detected keywords can be highlighted. */
export function highlightParts(
  message: string | undefined,
  keywords: readonly string[],
): { text: string; hit: boolean }[] {
  if (message === undefined) return [{ text: '-', hit: false }];
  const words = keywords
    .filter((k) => k.trim() !== '')
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [{ text: message, hit: false }];
  const pattern = new RegExp(`(${words.sort((a, b) => b.length - a.length).join('|')})`, 'gi');
  return message
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({
      text: part,
      hit: keywords.some((k) => k.toLowerCase() === part.toLowerCase()),
    }));
}

export type CardState = 'similarity' | 'quoted' | 'selected' | 'notSelected';

/** An item without a selected flag is shown as eliminated: nothing says the classifier kept it. */
export function cardState(item: {
  selected?: boolean;
  eliminatedBySimilarity?: boolean;
  eliminatedByQuotedPost?: boolean;
}): CardState {
  if (item.eliminatedBySimilarity) return 'similarity';
  if (item.eliminatedByQuotedPost) return 'quoted';
  return item.selected ? 'selected' : 'notSelected';
}

/**
 * The items of a new answer, each replaced by the previous answer's object when it is the same
 * item with the same content (by data id and JSON), so memoised cards see what did not change.
 */
export function keepUnchanged<T extends { id?: number }>(
  previous: readonly T[],
  next: readonly T[],
): T[] {
  const before = new Map(previous.map((item) => [item.id, item]));
  return next.map((item) => {
    const old = item.id === undefined ? undefined : before.get(item.id);
    return old !== undefined && JSON.stringify(old) === JSON.stringify(item) ? old : item;
  });
}
