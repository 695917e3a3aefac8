import { Button, Flex, Progress, Space, Typography } from 'antd';
import { memo, type ReactNode } from 'react';

interface Props {
  /** 'You see ( from - to ) of N results' (SPEC.md 2). */
  range: string;
  total: number;
  reviewed: number;
  /** Null hides Act on all results (a single data-id search: there is one card). */
  onActOnAll: (() => void) | null;
  loading: boolean;
  /** Export… of every result of the filter (domain/export). */
  exportButton?: ReactNode;
}

/**
 * The line above the cards: the range shown, how much is reviewed, and Act on all results.
 * Memoised: drawn again when what it says changes, not on each of the page's renders.
 */
export const ResultHeader = memo(function ResultHeader({
  range,
  total,
  reviewed,
  onActOnAll,
  loading,
  exportButton,
}: Props) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Space wrap>
        <Typography.Text strong role="status" aria-label="Result range">
          {range}
        </Typography.Text>
        {onActOnAll && (
          <Button size="small" disabled={loading} onClick={onActOnAll}>
            Act on all results
          </Button>
        )}
        {exportButton}
      </Space>
      <Space>
        <Typography.Text type="secondary">
          Reviewed {reviewed} of {total}
        </Typography.Text>
        <Progress
          percent={total ? Math.round((reviewed / total) * 100) : 0}
          size="small"
          style={{ width: 160 }}
          aria-label="Reviewed progress"
        />
      </Space>
    </Flex>
  );
});
