import { Flex, Segmented, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import type { Grouping } from '../../../shared/quality/estimates';
import {
  RATE_NAMES,
  type AuditEstimates,
  type EstimateWithItems,
} from '../../../shared/quality/estimatesChannel';
import { RATE_LABELS } from '../../domain/audit/rateText';
import { RateCell } from './RateCell';
import { GROUPING_OPTIONS, groupLabel } from './qualityText';

interface Row extends EstimateWithItems {
  key: string;
  label: string;
}

/**
 * The three figures of the current audit: all its items first, then per group of the chosen
 * grouping. Each figure links to Review with exactly the audited items behind it.
 */
export function EstimatesSection({ estimates }: { estimates: AuditEstimates }) {
  const [by, setBy] = useState<Grouping>('keyword');
  const rows = useMemo((): Row[] => {
    const { current } = estimates;
    if (!current) return [];
    return [
      { key: 'all', label: 'All audited items', ...current },
      ...estimates.groups[by].map((row) => ({
        key: `group:${row.group ?? ''}`,
        label: groupLabel(by, row.group),
        estimate: row.estimate,
        itemsBehind: row.itemsBehind,
      })),
    ];
  }, [estimates, by]);
  const groupTitle = GROUPING_OPTIONS.find((option) => option.value === by)!.label;
  const columns: TableColumnsType<Row> = [
    { title: groupTitle, dataIndex: 'label', key: 'label' },
    ...RATE_NAMES.map((rate) => ({
      title: RATE_LABELS[rate],
      key: rate,
      render: (_: unknown, row: Row) => (
        <RateCell
          rate={row.estimate[rate]}
          items={row.itemsBehind[rate]}
          label={`${RATE_LABELS[rate]}, ${row.label}`}
        />
      ),
    })),
  ];
  // Ant Design's empty-table text is too faint to read (contrast): plain text instead.
  if (!estimates.current)
    return (
      <Typography.Paragraph style={{ margin: 0 }}>
        No audit yet: the figures show once a sample is drawn and answered.
      </Typography.Paragraph>
    );
  return (
    <Flex vertical gap={12}>
      <Segmented<Grouping>
        aria-label="Group by"
        value={by}
        onChange={setBy}
        options={[...GROUPING_OPTIONS]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table<Row>
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        aria-label="Estimates"
      />
    </Flex>
  );
}
