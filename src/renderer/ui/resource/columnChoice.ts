import type { ColumnChoice } from '../../../shared/prefs';

/**
 * A list's columns as the user chose them (docs/user-guide.md, A reviewer's shift: Columns): which
 * are hidden and in which order, by each column's key (its `key`, else its `dataIndex`). Kept per
 * user and screen in core's prefs; applied to the view's own columns every time, so a column the
 * view no longer has is ignored and a column it gained shows at its own place.
 */

interface KeyedColumn {
  key?: unknown;
  dataIndex?: unknown;
  title?: unknown;
}

/** A column's key in a choice: its `key`, else its `dataIndex` ('a.b' for a nested field). */
export function columnKey(column: KeyedColumn, index: number): string {
  if (typeof column.key === 'string' || typeof column.key === 'number') return String(column.key);
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  if (typeof column.dataIndex === 'string' || typeof column.dataIndex === 'number')
    return String(column.dataIndex);
  return typeof column.title === 'string' ? column.title : `column-${index}`;
}

/** A column's heading as text, for the chooser and an export's heading row. */
export function columnTitle(column: KeyedColumn, index: number): string {
  return typeof column.title === 'string' ? column.title : columnKey(column, index);
}

export interface ChosenColumn<C> {
  key: string;
  title: string;
  column: C;
  hidden: boolean;
}

/**
 * The view's columns in the chosen order, each marked hidden or shown. Keys the view does not
 * have are ignored; a column missing from the stored order goes after the column it follows in
 * the view (first when it is the view's first); at least one column stays shown.
 */
export function chooseColumns<C extends KeyedColumn>(
  columns: readonly C[],
  choice: ColumnChoice | null | undefined,
): ChosenColumn<C>[] {
  const all = columns.map((column, index) => ({
    key: columnKey(column, index),
    title: columnTitle(column, index),
    column,
    hidden: false,
  }));
  if (!choice) return all;
  const byKey = new Map(all.map((entry) => [entry.key, entry]));
  const ordered = choice.order
    .filter((key, i, list) => byKey.has(key) && list.indexOf(key) === i)
    .map((key) => byKey.get(key)!);
  all.forEach((entry, index) => {
    if (ordered.includes(entry)) return;
    const before = index === 0 ? -1 : ordered.indexOf(all[index - 1]!);
    ordered.splice(before + 1, 0, entry);
  });
  const hidden = new Set(choice.hidden);
  const chosen = ordered.map((entry) => ({ ...entry, hidden: hidden.has(entry.key) }));
  if (chosen.length > 0 && chosen.every((entry) => entry.hidden)) chosen[0]!.hidden = false;
  return chosen;
}

/** The choice that a chooser's list stands for. */
export function choiceOf(chosen: readonly { key: string; hidden: boolean }[]): ColumnChoice {
  return {
    order: chosen.map((entry) => entry.key),
    hidden: chosen.filter((entry) => entry.hidden).map((entry) => entry.key),
  };
}
