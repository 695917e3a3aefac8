import { useCallback, useMemo, useRef, useState } from 'react';
import { useStableCallback } from '../../ui/useStableCallback';

/**
 * The records chosen on a list for a bulk run (issue 49): kept with the row as it was shown, so the
 * run is built from what the person saw, across pages; shift chooses a range from the last one.
 */
export function useRecordChoice<Row>(
  rowKey: (row: Row) => string,
  rows: readonly Row[],
  /** How a checkbox names its record: 'Choose https://x.io'. */
  describe: (row: Row) => string,
) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, Row>>(new Map());
  /** The record chosen last, by key: a range runs from it on the page shown, if it is there. */
  const last = useRef<string | null>(null);

  const toggleAt = useStableCallback((index: number, range: boolean) => {
    const row = rows[index];
    if (row === undefined) return;
    const from = last.current === null ? -1 : rows.findIndex((r) => rowKey(r) === last.current);
    setChosen((before) => {
      const next = new Map(before);
      if (range && from !== -1) {
        for (const r of rows.slice(Math.min(from, index), Math.max(from, index) + 1))
          next.set(rowKey(r), r);
      } else if (!next.delete(rowKey(row))) next.set(rowKey(row), row);
      return next;
    });
    last.current = rowKey(row);
  });
  const clear = useCallback(() => {
    setChosen(new Map());
    last.current = null;
  }, []);
  const column = useMemo(
    () => ({
      title: 'Choose',
      key: 'choose',
      width: 80,
      render: (_: unknown, row: Row, index: number) => (
        <input
          type="checkbox"
          className="dqc-choose-box"
          aria-label={`Choose ${describe(row)}`}
          checked={chosen.has(rowKey(row))}
          onChange={() => undefined}
          onClick={(event) => toggleAt(index, event.shiftKey)}
        />
      ),
    }),
    [chosen, rowKey, toggleAt, describe],
  );
  return { chosen, toggleAt, clear, column };
}
