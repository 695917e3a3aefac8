import { Fragment, memo, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { columnKey } from './columnChoice';
import { cellValue, type ListColumn, type ListColumns } from './listColumns';

// Ant Design's fixed cells stack by these (its stylesheet reads them).
const FIXED_END = { insetInlineEnd: 0, '--z-offset': 1, '--z-offset-reverse': 1 } as CSSProperties;
// An opened row's content, and the empty state, stay in view while the table scrolls sideways,
// as wide as the view.
export const IN_VIEW: CSSProperties = {
  position: 'sticky',
  left: 0,
  overflow: 'hidden',
  width: 'var(--dqc-list-view-width, auto)',
};

/** A column's cells: their key (as a column choice names it), class and style. */
export interface Cell<T> {
  column: ListColumn<T>;
  key: string;
  className: string;
  style: CSSProperties | undefined;
}

export function cellsOf<T>(prefix: string, columns: ListColumns<T>): Cell<T>[] {
  return columns.map((column, index) => {
    // Only the last column may be fixed, at the right edge.
    const fixed = index === columns.length - 1 && column.fixed === 'right';
    const className = fixed
      ? `${prefix}-cell ${prefix}-cell-fix ${prefix}-cell-fix-end ${prefix}-cell-fix-end-shadow`
      : `${prefix}-cell`;
    const style =
      fixed || column.align
        ? { ...(fixed ? FIXED_END : {}), ...(column.align ? { textAlign: column.align } : {}) }
        : undefined;
    return { column, key: columnKey(column, index), className, style };
  });
}

interface RowProps<T> {
  rowKey: Key;
  row: T;
  index: number;
  cells: readonly Cell<T>[];
  prefix: string;
  expand: ((row: T) => ReactNode) | undefined;
  open: boolean;
  span: number;
  onToggle(key: Key): void;
  /** The row element's own key (slotKeys), in its data-slot. */
  slot: string;
  /** The focus was last in this row element. */
  focusWasHere: boolean;
}

/**
 * One row, drawn again only when its record, its columns' cells or its opened state change. Its
 * element may be given another record (slotKeys): plain text is simply rewritten, and so are the
 * cells a column renders, except in the row the focus was last in. There, its expand button and
 * those cells (buttons, tags, menus) are built anew for the new record: a button kept would keep
 * the focus, or get it back from a dialog that closes after the list's reload (a confirmed Delete),
 * on a record the user never chose.
 */
export const ListRow = memo(function ListRow<T extends object>(props: RowProps<T>) {
  const { rowKey, row, index, cells, prefix, expand, open, span, onToggle } = props;
  const { slot, focusWasHere } = props;
  // Which record the row's controls were built for, as state kept during render (React's pattern
  // for what changes with a prop): a new build only where the focus was last.
  const [built, setBuilt] = useState({ key: rowKey, generation: 0 });
  let generation = built.generation;
  if (built.key !== rowKey) {
    if (focusWasHere) generation += 1;
    setBuilt({ key: rowKey, generation });
  }
  return (
    <>
      <tr
        className={`${prefix}-row ${prefix}-row-level-0`}
        data-row-key={String(rowKey)}
        data-slot={slot}
      >
        {expand && (
          <td className={`${prefix}-cell ${prefix}-row-expand-icon-cell`}>
            <button
              key={generation}
              type="button"
              className={`${prefix}-row-expand-icon ${prefix}-row-expand-icon-${open ? 'expanded' : 'collapsed'}`}
              aria-label={open ? 'Collapse row' : 'Expand row'}
              aria-expanded={open}
              onClick={() => onToggle(rowKey)}
            />
          </td>
        )}
        {cells.map(({ key, column, className, style }) => {
          const value = cellValue(row, column.dataIndex);
          return (
            <td key={key} className={className} style={style}>
              {column.render ? (
                <Fragment key={generation}>{column.render(value, row, index)}</Fragment>
              ) : (
                (value as ReactNode)
              )}
            </td>
          );
        })}
      </tr>
      {expand && open && (
        <tr className={`${prefix}-expanded-row ${prefix}-expanded-row-level-1`}>
          <td className={`${prefix}-cell`} colSpan={span}>
            <div className={`${prefix}-expanded-row-fixed`} style={IN_VIEW}>
              {expand(row)}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}) as <T extends object>(props: RowProps<T> & { key?: Key }) => ReactNode;
