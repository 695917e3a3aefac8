import { Alert, Button, Flex, Table, Tooltip, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { QUEUES, type QueueGlance } from '../../../shared/workbench/queues';
import { useQueuesGlance, useReloadAfterQueueWrites } from '../../domain/queues/queuesGlance';
import type { ScreenProps } from '../../domain/screens/screens';
import { formatLocalClock } from '../../ui/dates';
import { NotDuplicates } from './NotDuplicates';
import { oldestText, watchedText } from './queueTexts';

const heading = { marginTop: 0, marginBottom: 0 } as const;

const count = (value: number | null) => (value === null ? '-' : value.toLocaleString());

/**
 * /queues (issue 49, Queues at a glance): every operator queue with the records waiting, its oldest
 * record's age, what came in and went out over the last 24 hours and what the user did, each
 * linking to its list. Read fresh on opening and on Refresh, against any provider with SPEC.md 7's
 * calls (core/workbench/queueGlance.ts); a queue that could not be read says why in its row.
 */
export default function QueuesPage({ title }: ScreenProps) {
  const { state, load } = useQueuesGlance();
  useEffect(() => void load(true), [load]);
  useReloadAfterQueueWrites(load);
  const glance = state.glance;
  // Ages are told as of the read, so that they agree with each other and with 'Read at'.
  const now = glance ? Date.parse(glance.readAt) : 0;
  const rows = useMemo(() => glance?.queues ?? [], [glance]);
  const partial = rows.some((q) => q.partial);

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={1} style={heading}>
          {title}
        </Typography.Title>
        <Flex align="center" gap={12}>
          {glance && (
            <Typography.Text type="secondary" role="status">
              Read at {formatLocalClock(glance.readAt)}
            </Typography.Text>
          )}
          <Button onClick={() => void load(true)} loading={state.status === 'loading'}>
            Refresh
          </Button>
        </Flex>
      </Flex>
      {state.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The queues could not be read"
          description={state.message}
          action={<Button onClick={() => void load(true)}>Try Again</Button>}
        />
      )}
      <Table<QueueGlance>
        aria-label="Queues"
        rowKey="id"
        pagination={false}
        loading={state.status === 'loading' && !glance}
        dataSource={rows}
        // Each row says which read it shows: a new read is new content (and the benchmark's mark).
        onRow={() => ({ 'data-read-at': glance?.readAt }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: 'Queue',
            key: 'queue',
            render: (_, q) => <Link to={QUEUES[q.id].path}>{QUEUES[q.id].label}</Link>,
          },
          {
            title: 'Waiting',
            key: 'depth',
            align: 'right',
            render: (_, q) =>
              q.error !== null ? (
                <Typography.Text type="danger">Could not be read: {q.error}</Typography.Text>
              ) : (
                count(q.depth)
              ),
          },
          {
            title: 'Oldest',
            key: 'oldest',
            render: (_, q) =>
              q.oldestAt ? (
                <Tooltip title={new Date(q.oldestAt).toLocaleString()}>
                  <span>{oldestText(q, now)}</span>
                </Tooltip>
              ) : (
                oldestText(q, now)
              ),
          },
          { title: 'In (24 h)', key: 'in', align: 'right', render: (_, q) => count(q.cameIn) },
          {
            title: 'Out (24 h)',
            key: 'out',
            align: 'right',
            render: (_, q) => {
              const watched = watchedText(q);
              return (
                <span>
                  {count(q.wentOut)}
                  {watched && <Typography.Text type="secondary"> ({watched})</Typography.Text>}
                </span>
              );
            },
          },
          {
            title: 'By you (24 h)',
            key: 'byYou',
            align: 'right',
            render: (_, q) => count(q.byYou),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        In counts records detected over the last 24 hours (records without a detect time: first seen
        by this console). Out counts records this console saw waiting that have left the queue; By
        you counts your own saves, merges, matches and deletes from your journal.
        {partial && ' New currencies: the first 1,000 records were read for age and turnover.'}
      </Typography.Paragraph>
      <NotDuplicates />
    </Flex>
  );
}
