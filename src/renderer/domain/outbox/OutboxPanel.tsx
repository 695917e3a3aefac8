import { Alert, App, Button, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { OUTBOX_TEXTS, type WaitingWriteView } from '../../../shared/outbox';
import { invoke } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { connectionTextOf } from './connectionText';
import { dropItemAtom, outboxAtom, outboxDrawerOpenAtom } from './outboxState';

const STATE_TAGS: Record<WaitingWriteView['state'], { color: string; text: string }> = {
  waiting: { color: 'gold', text: 'Waiting' },
  sending: { color: 'processing', text: 'Sending' },
  conflict: { color: 'orange', text: 'Conflict' },
  refused: { color: 'red', text: 'Refused' },
};

/**
 * The Outbox (issue 50): every decision of the user that has not reached the server, oldest first,
 * with where it stands. A waiting one can be cancelled; one in conflict is kept off the server
 * (Keep theirs) or sent over the change (Apply mine); one the server refused is dismissed.
 */
export default function OutboxPanel() {
  const [open, setOpen] = useAtom(outboxDrawerOpenAtom);
  const view = useAtomValue(outboxAtom);
  const setOutbox = useSetAtom(outboxAtom);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const writes = view?.writes ?? [];
  const said = connectionTextOf(view);

  const act = async (id: string, run: () => Promise<string | null>) => {
    setBusy(id);
    try {
      const done = await run();
      if (done) void message.success(done);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const dropItem = useSetAtom(dropItemAtom);
  const cancel = (write: WaitingWriteView) =>
    act(write.id, async () => {
      const { message: said } = await invoke('outbox.cancel', { id: write.id });
      dropItem(write);
      return said;
    });
  const applyMine = (write: WaitingWriteView) =>
    act(write.id, async () => {
      setOutbox(await invoke('outbox.applyMine', { id: write.id }));
      return null;
    });

  const columns: TableColumnsType<WaitingWriteView> = [
    { title: 'Item', dataIndex: 'target', key: 'target' },
    { title: 'Decision', dataIndex: 'decision', key: 'decision' },
    {
      title: 'Made',
      dataIndex: 'madeAt',
      key: 'madeAt',
      render: (at: string) => <time dateTime={at}>{dayjs(at).format('HH:mm:ss')}</time>,
    },
    {
      title: 'State',
      key: 'state',
      render: (_, write) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATE_TAGS[write.state].color}>{STATE_TAGS[write.state].text}</Tag>
          {write.message && <Typography.Text type="secondary">{write.message}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, write) => {
        /** One of the row's buttons, named with its decision and item (rows are alike). */
        const action = (label: string, name: string, run: () => void, disabled = false) => (
          <Button
            key={label}
            size="small"
            loading={busy === write.id}
            disabled={disabled}
            aria-label={name}
            onClick={run}
          >
            {label}
          </Button>
        );
        const onItem = `${write.decision} on ${write.target}`;
        if (write.state === 'conflict')
          return (
            <Space wrap>
              {action(
                OUTBOX_TEXTS.keepTheirs,
                `${OUTBOX_TEXTS.keepTheirs} on ${write.target}`,
                () => void cancel(write),
              )}
              {action(
                OUTBOX_TEXTS.applyMine,
                `${OUTBOX_TEXTS.applyMine} on ${write.target}`,
                () => void applyMine(write),
              )}
            </Space>
          );
        if (write.state === 'refused')
          return action(
            OUTBOX_TEXTS.dismiss,
            `${OUTBOX_TEXTS.dismiss} ${onItem}`,
            () => void cancel(write),
          );
        return action(
          OUTBOX_TEXTS.cancel,
          `${OUTBOX_TEXTS.cancel} ${onItem}`,
          () => void cancel(write),
          write.state === 'sending',
        );
      },
    },
  ];

  return (
    <Drawer
      title={OUTBOX_TEXTS.title}
      open={open}
      onClose={() => setOpen(false)}
      size={720}
      closable={{ 'aria-label': 'Close the outbox' }}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {said && <Alert type={said.offline ? 'warning' : 'info'} showIcon title={said.text} />}
        {view?.torn && <Alert type="warning" showIcon title={view.torn} />}
        {writes.length === 0 ? (
          <Empty description={OUTBOX_TEXTS.empty} />
        ) : (
          <Table
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={writes}
            pagination={writes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          />
        )}
      </Space>
    </Drawer>
  );
}
