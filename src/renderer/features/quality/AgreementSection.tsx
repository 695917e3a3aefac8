import { Table, Typography } from 'antd';
import type { AgreementReport } from '../../../shared/quality/agreement';
import type { AgreementEstimate } from '../../../shared/quality/estimateTypes';

interface Row extends AgreementEstimate {
  key: string;
  label: string;
}

const kappaText = ({ kappa, kappaInterval }: AgreementEstimate) =>
  kappa === null || kappaInterval === null
    ? '—'
    : `${kappa.toFixed(2)} (${kappaInterval.low.toFixed(2)} to ${kappaInterval.high.toFixed(2)})`;

const COLUMNS = [
  { title: 'Reviewers', dataIndex: 'label', key: 'label' },
  { title: 'Items both answered', dataIndex: 'items', key: 'items' },
  {
    title: 'Agreement',
    key: 'agreement',
    render: (_: unknown, row: Row) =>
      row.agreement === null ? '—' : `${(row.agreement * 100).toFixed(1)}%`,
  },
  {
    title: "Cohen's kappa (95% interval)",
    key: 'kappa',
    render: (_: unknown, row: Row) => kappaText(row),
  },
];

/**
 * Agreement between reviewers on items two of them answered, per pair and overall. A user's own
 * audit has one reviewer: then it says so instead of showing an empty table.
 */
export function AgreementSection({ agreement }: { agreement: AgreementReport }) {
  if (agreement.overall.items === 0)
    return (
      <Typography.Paragraph style={{ margin: 0 }}>
        No item was answered by two reviewers.
      </Typography.Paragraph>
    );
  const rows: Row[] = [
    ...agreement.pairs.map((pair) => ({
      key: pair.reviewers.join('\n'),
      label: pair.reviewers.join(' and '),
      ...pair,
    })),
    { key: 'overall', label: 'All pairs', ...agreement.overall },
  ];
  return (
    <Table<Row>
      size="small"
      pagination={false}
      columns={COLUMNS}
      dataSource={rows}
      aria-label="Agreement between reviewers"
    />
  );
}
