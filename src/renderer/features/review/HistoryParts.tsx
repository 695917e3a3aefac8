import { Button, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { JournalEntry } from '../../../shared/journal';

/** The time of a write, as every history shows it (local time, to the second). */
export const historyTime = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

/** A journal entry's outcome: ok, or failed / skipped with the reason. */
export function Outcome({ entry }: { entry: JournalEntry }) {
  if (entry.outcome === 'ok') return <Tag color="success">ok</Tag>;
  return (
    <Flex gap={4} wrap>
      <Tag color={entry.outcome === 'failed' ? 'error' : 'warning'}>{entry.outcome}</Tag>
      {entry.message && <Typography.Text>{entry.message}</Typography.Text>}
    </Flex>
  );
}

/** A part of the history that could not be read, and Try Again. */
export function Failed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Flex vertical gap={8} align="start" role="alert">
      <Typography.Text type="danger">{message}</Typography.Text>
      <Button onClick={onRetry}>Try Again</Button>
    </Flex>
  );
}
