import type { Key, ReactNode } from 'react';

/**
 * A column of a reference list (ListTable): the part of Ant Design's column type the lists use.
 * Narrower on purpose: a column option the light table does not draw (sorters, filters, groups)
 * fails to compile instead of being ignored.
 */
export interface ListColumn<Row> {
  title: ReactNode;
  /** The column's key in a user's column choice; else its dataIndex, else its title. */
  key?: Key;
  /** The row's field ('name'), or the path to a nested one (['market', 'name']). */
  dataIndex?: string | readonly string[];
  /** In pixels; a column without one takes its content's width. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Stays in view at the right edge while the table scrolls sideways (the last column only). */
  fixed?: 'right';
  /** The cell's content; without one the field's value shows. Method syntax: a render may name
   * the value's own type. */
  render?(value: unknown, row: Row, index: number): ReactNode;
}

export type ListColumns<Row> = readonly ListColumn<Row>[];

/** The value a column's dataIndex names in a row, or undefined where the row lacks it. */
export function cellValue(row: object, dataIndex: ListColumn<object>['dataIndex']): unknown {
  if (dataIndex === undefined) return undefined;
  const path = typeof dataIndex === 'string' ? [dataIndex] : dataIndex;
  let value: unknown = row;
  for (const step of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}
