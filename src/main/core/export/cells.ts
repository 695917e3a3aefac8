import type { ExportColumn } from '../../../shared/export';

export type Row = Record<string, unknown>;

/** A row's value at a column's key: the field itself, else a dotted path into nested objects. */
export function valueAt(row: Row, key: string): unknown {
  if (Object.hasOwn(row, key)) return row[key];
  let value: unknown = row;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Row)[part];
  }
  return value;
}

/**
 * A CSV cell: a missing field is empty, an object or a list is its JSON text, a number stays a
 * number (so that csv-stringify's formula escape leaves a negative number alone) and a boolean is
 * written as true / false. Strings go as they are: csv-stringify neutralises formulas.
 */
export function csvCell(value: unknown): string | number {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The JSON export's object for a row: the chosen columns by key (a missing one is null). */
export function jsonObject(row: Row, columns: readonly ExportColumn[] | null): Row {
  if (!columns) return row;
  const picked: Row = {};
  for (const column of columns) picked[column.key] = valueAt(row, column.key) ?? null;
  return picked;
}

/** A provider list's entry as a row: an object as it is, anything else under `value`. */
export function asRow(entry: unknown): Row {
  return typeof entry === 'object' && entry !== null && !Array.isArray(entry)
    ? (entry as Row)
    : { value: entry };
}
