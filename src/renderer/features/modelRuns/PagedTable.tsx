import { Alert, Button, Flex, Table, Typography, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { ListPager, rangeHeader } from '../../ui/listPattern';
import type { RefreshingLoad } from './useRefreshingLoad';

interface Props<T extends object> {
  /** Names the table for screen readers and tests. */
  label: string;
  /** 'The <noun> could not be loaded'. */
  noun: string;
  load: RefreshingLoad<unknown>;
  rows: readonly T[];
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPage(page: number): void;
  columns: TableProps<T>['columns'];
  rowKey: (row: T) => Key;
  onRetry(): void;
  /** Shown in place of an empty table. */
  empty: ReactNode;
  onRow?: TableProps<T>['onRow'];
  rowClassName?: string;
}

/**
 * A server-paged table in the list pattern (SPEC.md 2): the "You see ( from - to ) of N results"
 * header, the table and the '<<' '>>' pager; a failed call empties the table and keeps the reason
 * on screen with Try Again. The kit's ReferenceList does the same for reference data; this one
 * also takes a row click (opening a run), which the kit's list has no place for.
 */
export function PagedTable<T extends object>(props: Props<T>) {
  const { load, rows, total, page, pageSize } = props;
  return (
    <Flex vertical gap={12}>
      {load.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The ${props.noun} could not be loaded`}
          description={load.message}
          action={<Button onClick={props.onRetry}>Try Again</Button>}
        />
      )}
      <Typography.Text strong role="status" aria-label="Result range">
        {rangeHeader(
          page,
          pageSize,
          load.status === 'failed' ? 0 : rows.length,
          load.status === 'failed' ? 0 : total,
        )}
      </Typography.Text>
      {load.status !== 'failed' && (
        <Table<T>
          aria-label={props.label}
          rowKey={props.rowKey}
          size="middle"
          loading={load.status === 'loading'}
          dataSource={rows as T[]}
          pagination={false}
          columns={props.columns}
          onRow={props.onRow}
          rowClassName={props.rowClassName}
          locale={{ emptyText: props.empty }}
        />
      )}
      <ListPager page={page} pageSize={pageSize} total={total} onChange={props.onPage} />
    </Flex>
  );
}
