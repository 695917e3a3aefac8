import { Alert, Button, Space, Typography } from 'antd';
import { useMemo, type Key, type ReactNode } from 'react';
import { ListPager, rangeHeader } from '../listPattern';
import type { LoadState } from '../loadState';
import { shownCell } from '../shown';
import type { ListColumns } from './listColumns';
import { ListTable } from './ListTable';

interface Props<T extends object> {
  /** Names the table for screen readers and tests, e.g. 'Crypto currencies'. */
  label: string;
  load: Pick<LoadState<unknown>, 'status'> & { message?: string };
  /** The rows of the page on screen. */
  rows: readonly T[];
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPage(page: number): void;
  columns: ListColumns<T>;
  rowKey: (row: T) => Key;
  /** The part of a row that opens under it. */
  expand?: (row: T) => ReactNode;
  onRetry(): void;
  /** 'The <noun> could not be loaded'; 'list' unless said. */
  noun?: string;
}

/**
 * The body of every reference-data list (SPEC.md 2, common list pattern): the zero-based
 * 'You see ( from - to ) of N results' header, the table, the '<<' '>>' pager; on a failed call
 * the list is empty and the error message stays on screen with a way to try again.
 */
export function ReferenceList<T extends object>(props: Props<T>) {
  const { label, load, rows, total, page, pageSize, onPage, columns, rowKey, expand } = props;
  // A field the provider left out shows '-' in every column that does not render its own. One
  // array while the columns stay: new ones would draw every cell of the page again.
  const shownColumns = useMemo(
    () => columns.map((column) => (column.render ? column : { ...column, render: shownCell })),
    [columns],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {load.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The ${props.noun ?? 'list'} could not be loaded`}
          description={load.message}
          action={<Button onClick={props.onRetry}>Try Again</Button>}
        />
      )}
      <Typography.Text strong role="status" aria-label="Result range">
        {rangeHeader(page, pageSize, rows.length, total)}
      </Typography.Text>
      {/* SPEC.md 4: a failed call empties the list; the message and Try Again say why. */}
      {load.status !== 'failed' && (
        <ListTable<T>
          label={label}
          rowKey={rowKey}
          loading={load.status === 'loading'}
          rows={rows}
          columns={shownColumns}
          expand={expand}
        />
      )}
      <ListPager page={page} pageSize={pageSize} total={total} onChange={onPage} />
    </Space>
  );
}
