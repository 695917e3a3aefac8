import { ConfigProvider, Empty, Spin } from 'antd';
import { useTableStyle } from '../antdInternals';
import {
  Fragment,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type Key,
  type ReactNode,
  type RefObject,
} from 'react';
import { useSlotKeys } from '../slotKeys';
import { columnKey } from './columnChoice';
import { cellValue, type ListColumn, type ListColumns } from './listColumns';
import './listTable.css';

interface Props<T extends object> {
  /** Names the table (and its sideways-scrolling region) for screen readers and tests. */
  label: string;
  rows: readonly T[];
  columns: ListColumns<T>;
  rowKey(row: T): Key;
  /** The part of a row that opens under it ('Expand row'). */
  expand?: (row: T) => ReactNode;
  loading: boolean;
}

/**
 * A reference list's table: Ant Design's table markup and stylesheet (the same classes, tokens and
 * look, light and dark), drawn as plain rows. Ant Design's Table component costs several times as
 * much per row (a context read per cell, measuring rows, a layout forced on every change of data):
 * a 50-row page took it 3 times as long to draw (issue 25). What the lists use is kept: widths,
 * a last column fixed at the right edge with its shadow while more is hidden, rows that expand,
 * the loading veil (after LOADING_VEIL_DELAY_MS), the empty state of ConfigProvider, and a focusable region that scrolls sideways.
 */
export function ListTable<T extends object>(props: Props<T>) {
  const { label, rows, columns, rowKey, expand, loading } = props;
  const { getPrefixCls, renderEmpty } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('table');
  // Ant Design's own style hook for tables: registers the theme's table tokens (dark or light)
  // as its Table would, and gives the classes they are scoped to.
  const rootClass = `${prefix}-css-var`;
  const [hashId, cssVarClass] = useTableStyle(prefix, rootClass);
  const table = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement>(null);
  useSidewaysShadow(region, table);

  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(NONE);
  const toggle = useCallback(
    (key: Key) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  // Each column's cell key, class and style, worked out once for the header and every row.
  const cells = useMemo(() => cellsOf(prefix, columns), [prefix, columns]);
  // A row already shown keeps its element; a new record takes the element of one that left
  // (slotKeys.ts), so a Filter or a page turn changes the text of 50 rows instead of removing
  // them and building 50 others, whose every element the browser would then style anew.
  const identities = useMemo(() => rows.map((row) => String(rowKey(row))), [rows, rowKey]);
  const slots = useSlotKeys(identities);
  // The row element the focus was last in, even while a dialog opened from it holds the focus
  // (ListRow says why).
  const [focusSlot, setFocusSlot] = useState<string | null>(null);
  const noteFocus = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const slot = event.target.closest<HTMLElement>('tr[data-slot]')?.dataset.slot;
    if (slot) setFocusSlot(slot);
  }, []);
  const fixedEnd = columns.at(-1)?.fixed === 'right';
  const span = columns.length + (expand ? 1 : 0);
  const classes = [prefix, `${prefix}-medium`, cssVarClass, rootClass, hashId];
  classes.push(`${prefix}-scroll-horizontal`);
  if (fixedEnd) classes.push(`${prefix}-fixed-column`, `${prefix}-has-fix-end`);

  return (
    <div
      className={`${cssVarClass} ${rootClass} ${prefix}-wrapper ${hashId} dqc-list-table`}
      // Busy from the first moment, for screen readers and for whoever waits for the answer: the
      // veil itself shows only once a load has lasted LOADING_VEIL_DELAY_MS.
      aria-busy={loading}
    >
      <Spin spinning={loading} delay={LOADING_VEIL_DELAY_MS}>
        <div ref={table} className={classes.join(' ')}>
          <div className={`${prefix}-container`}>
            <div
              ref={region}
              className={`${prefix}-content`}
              // A table wider than the screen scrolls sideways; a keyboard user must reach and
              // scroll it even when no cell holds a button (axe: scrollable-region-focusable).
              tabIndex={0}
              role="region"
              aria-label={`${label}, scrolls sideways`}
              style={SIDEWAYS}
            >
              <table aria-label={label} style={TABLE}>
                <colgroup>
                  {expand && <col className={`${prefix}-expand-icon-col`} />}
                  {cells.map(({ key, column }) => (
                    <col key={key} style={column.width ? { width: column.width } : undefined} />
                  ))}
                </colgroup>
                <thead className={`${prefix}-thead`}>
                  <tr>
                    {expand && <th className={`${prefix}-cell ${prefix}-row-expand-icon-cell`} />}
                    {cells.map(({ key, column, className, style }) => (
                      <th key={key} scope="col" className={className} style={style}>
                        {column.title}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={`${prefix}-tbody`} onFocus={noteFocus}>
                  {rows.length === 0 && (
                    <tr className={`${prefix}-placeholder`}>
                      <td className={`${prefix}-cell`} colSpan={span}>
                        {/* In view while the table scrolls sideways; kept in its place but not
                            shown while the first answer is awaited, so "No data" never flashes. */}
                        <div style={loading ? WAITING : IN_VIEW}>
                          {renderEmpty?.('Table') ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                        </div>
                      </td>
                    </tr>
                  )}
                  {rows.map((row, index) => {
                    const key = rowKey(row);
                    return (
                      <ListRow<T>
                        key={slots[index]}
                        rowKey={key}
                        row={row}
                        index={index}
                        cells={cells}
                        prefix={prefix}
                        expand={expand}
                        open={expanded.has(key)}
                        span={span}
                        onToggle={toggle}
                        slot={slots[index]!}
                        focusWasHere={slots[index] === focusSlot}
                      />
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </div>
        {/* While busy, the rows take no clicks, also before the veil shows (listTable.css). */}
        {loading && <div className="dqc-list-busy" aria-hidden="true" />}
      </Spin>
    </div>
  );
}

/**
 * How long a load lasts before the rows are veiled with a spinner. A quicker answer (most filters
 * and pages) replaces the rows without the veil flashing on and off, which also costs a restyle of
 * every cell of the page twice: 25 ms of a 95 ms Filter click on Crypto Tags (issue 25).
 */
export const LOADING_VEIL_DELAY_MS = 200;

const NONE: ReadonlySet<Key> = new Set();
const SIDEWAYS: CSSProperties = { overflow: 'auto hidden' };
const TABLE: CSSProperties = { width: 'max-content', minWidth: '100%', tableLayout: 'auto' };
// Ant Design's fixed cells stack by these (its stylesheet reads them).
const FIXED_END = { insetInlineEnd: 0, '--z-offset': 1, '--z-offset-reverse': 1 } as CSSProperties;
// An opened row's content, and the empty state, stay in view while the table scrolls sideways,
// as wide as the view.
const IN_VIEW: CSSProperties = {
  position: 'sticky',
  left: 0,
  overflow: 'hidden',
  width: 'var(--dqc-list-view-width, auto)',
};
const WAITING: CSSProperties = { ...IN_VIEW, visibility: 'hidden' };

/** A column's cells: their key (as a column choice names it), class and style. */
interface Cell<T> {
  column: ListColumn<T>;
  key: string;
  className: string;
  style: CSSProperties | undefined;
}

function cellsOf<T>(prefix: string, columns: ListColumns<T>): Cell<T>[] {
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
const ListRow = memo(function ListRow<T extends object>(props: RowProps<T>) {
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

/**
 * Shows the fixed column's shadow while part of the table is hidden to its right, and tells an
 * opened row how wide the view is. Read when the view or the table changes size and on scroll,
 * never while React draws: a read there would force the browser to lay the table out early.
 */
function useSidewaysShadow(
  region: RefObject<HTMLDivElement | null>,
  table: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    const view = region.current;
    const root = table.current;
    if (!view || !root) return;
    const update = () => {
      const hidden = view.scrollLeft < view.scrollWidth - view.clientWidth - 1;
      // An attribute React does not set, so a render never wipes it (listTable.css reads it).
      root.toggleAttribute('data-more-right', hidden);
      root.style.setProperty('--dqc-list-view-width', `${view.clientWidth}px`);
    };
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    sizes?.observe(view);
    const inner = view.querySelector('table');
    if (inner) sizes?.observe(inner);
    view.addEventListener('scroll', update, { passive: true });
    return () => {
      sizes?.disconnect();
      view.removeEventListener('scroll', update);
    };
  }, [region, table]);
}
