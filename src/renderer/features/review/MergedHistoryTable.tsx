import { Table, Tag, Typography } from 'antd';
import { callName, changeText, shortRunId, sourceText, type HistoryRow } from './historyMerge';
import { historyTime, Outcome } from './HistoryParts';

/** Who recorded a row: the server, this computer's journal, or both (one write). */
const RECORDED_BY = {
  server: { label: 'Server', color: 'blue' },
  journal: { label: 'This computer', color: 'default' },
  both: { label: 'Server and this computer', color: 'geekblue' },
} as const;

function who(row: HistoryRow): string {
  if (row.from === 'journal') return 'You';
  if (row.server.actor !== null) return row.server.actor;
  return row.server.source === 'model' ? 'The model' : 'Unknown';
}

function what(row: HistoryRow) {
  // The call's name keeps each row to a line; the journal's fuller summary (ids, keyword, type)
  // and the whole call are its tooltip.
  const call = row.from === 'journal' ? row.journal.call : row.server.call;
  const detail = row.from === 'server' ? call : `${row.journal.summary}\n${call}`;
  return <Typography.Text title={detail}>{callName(call)}</Typography.Text>;
}

function change(row: HistoryRow) {
  if (row.from === 'journal') return <Outcome entry={row.journal} />;
  return changeText(row.server.before, row.server.after);
}

function source(row: HistoryRow): string {
  if (row.from !== 'journal') return sourceText(row.server);
  return row.journal.runId ? `Bulk run ${shortRunId(row.journal.runId)}` : 'Single write';
}

/**
 * Every write to an item, newest first (the item-history extension, DESIGN.md, Extensions): who,
 * when, the call, what it changed before → after, and the run it came from; the user's own writes
 * that failed or were skipped show their outcome instead, as the journal has them.
 */
export function MergedHistoryTable({ rows, loading }: { rows: HistoryRow[]; loading: boolean }) {
  return (
    <Table<HistoryRow>
      size="small"
      rowKey="key"
      pagination={false}
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: 'Nobody has changed this item yet.' }}
      columns={[
        {
          title: 'Time',
          dataIndex: 'at',
          width: 170,
          render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{historyTime(at)}</span>,
        },
        { title: 'Who', key: 'who', width: 110, render: (_, row) => who(row) },
        { title: 'What', key: 'what', width: 180, render: (_, row) => what(row) },
        { title: 'Change', key: 'change', render: (_, row) => change(row) },
        { title: 'From', key: 'source', width: 140, render: (_, row) => source(row) },
        {
          title: 'Recorded by',
          key: 'from',
          width: 120,
          render: (_, row) => (
            <Tag color={RECORDED_BY[row.from].color}>{RECORDED_BY[row.from].label}</Tag>
          ),
        },
      ]}
    />
  );
}
