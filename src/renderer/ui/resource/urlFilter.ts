import { INT4_MAX } from '../../../shared/bodies/fields';
import type { FilterField, FilterValues } from './types';

/**
 * A list's applied filter and page as its URL query (DESIGN.md, Links into the app: a screen's
 * filters are in its URL, so a saved view, a copied link and the last screen restored at start-up
 * are all a query). A field is written under its own name only when it differs from the view's
 * initial filter, and `page` 1-based only past the first page, so a list left as it opens has no
 * query at all.
 */

/** The query's page parameter (1-based); every other parameter is a filter field's name. */
export const PAGE_PARAM = 'page';

/** Longer than any filter a person types; a longer value in a URL is not one of ours. */
const MAX_TEXT_VALUE = 500;

export interface ListQueryState {
  /** The filter form's values as the URL gives them, each checked against its field. */
  values: FilterValues;
  /** Zero-based. */
  page: number;
}

/** The query (without '?') of a filter and a zero-based page. */
export function listQuery(
  fields: readonly FilterField[],
  initial: FilterValues,
  filter: FilterValues,
  page: number,
): string {
  const params = new URLSearchParams();
  for (const field of fields) {
    const value = filter[field.name] ?? '';
    if (value !== (initial[field.name] ?? '')) params.set(field.name, value);
  }
  if (page > 0) params.set(PAGE_PARAM, String(page + 1));
  return params.toString();
}

/**
 * The filter values and page a query says. A value its field cannot hold (a choice not among the
 * options, a whole number that is not one, a text longer than anyone types) gives way to the
 * field's initial value: a hand-edited or stale link opens the list, never breaks it.
 */
export function readListQuery(
  fields: readonly FilterField[],
  initial: FilterValues,
  search: string,
): ListQueryState {
  const params = new URLSearchParams(search);
  const values: FilterValues = { ...initial };
  for (const field of fields) {
    const given = params.get(field.name);
    values[field.name] = given !== null && fits(field, given) ? given : (initial[field.name] ?? '');
  }
  return { values, page: pageOf(params.get(PAGE_PARAM)) };
}

/** Whether a query names anything a list reads: one of its fields or the page. */
export function hasListQuery(fields: readonly FilterField[], search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has(PAGE_PARAM) || fields.some((field) => params.has(field.name));
}

function fits(field: FilterField, value: string): boolean {
  if (value.length > MAX_TEXT_VALUE) return false;
  if (field.kind === 'select')
    return (field.options ?? []).some((option) => option.value === value);
  if (field.kind === 'wholeNumber') return /^\d+$/.test(value) && Number(value) <= INT4_MAX;
  return true;
}

function pageOf(text: string | null): number {
  if (text === null || !/^\d{1,6}$/.test(text)) return 0;
  return Math.max(0, Number(text) - 1);
}
