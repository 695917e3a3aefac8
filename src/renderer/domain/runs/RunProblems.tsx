import { Table, type TableProps } from 'antd';
import type { RunProblem } from '../../../shared/runs';

const columns: TableProps<RunProblem>['columns'] = [
  { key: 'id', title: 'Data id', dataIndex: 'id' },
  { key: 'outcome', title: 'Outcome', dataIndex: 'outcome' },
  { key: 'reason', title: 'Reason', dataIndex: 'reason' },
];

/** The items a finished run skipped or could not write, with why: 20 to a page. */
export function RunProblems({ label, problems }: { label: string; problems: RunProblem[] }) {
  return (
    <Table<RunProblem>
      aria-label={label}
      size="small"
      rowKey={(problem) => `${problem.outcome}-${problem.id}`}
      columns={columns}
      dataSource={problems}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
