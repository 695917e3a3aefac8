import { ConfigProvider, Empty, Spin } from 'antd';
import { useTableStyle } from '../antdInternals';
import {
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type Key,
  type ReactNode,
} from 'react';
import { useSlotKeys } from '../slotKeys';
import type { ListColumns } from './listColumns';
import { cellsOf, IN_VIEW, ListRow } from './ListRow';
import { useSidewaysShadow } from './useSidewaysShadow';
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
 * a 50-row page took it 3 times as long to draw (docs/performance.md, Review and the lists). What
 * the lists use is kept: widths, a last column fixed at the right edge with its shadow while more
 * is hidden, rows that expand, the loading veil (after LOADING_VEIL_DELAY_MS), the empty state of
 * ConfigProvider, and a focusable region that scrolls sideways.
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
 * every cell of the page twice: 25 ms of a 95 ms Filter click on Crypto Tags (docs/performance.md,
 * Review and the lists).
 */
export const LOADING_VEIL_DELAY_MS = 200;

const NONE: ReadonlySet<Key> = new Set();
const SIDEWAYS: CSSProperties = { overflow: 'auto hidden' };
const TABLE: CSSProperties = { width: 'max-content', minWidth: '100%', tableLayout: 'auto' };
const WAITING: CSSProperties = { ...IN_VIEW, visibility: 'hidden' };
