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
        const loading = busy === write.id;
        if (write.state === 'conflict')
          return (
            <Space wrap>
              <Button
                size="small"
                loading={loading}
                aria-label={`${OUTBOX_TEXTS.keepTheirs} on ${write.target}`}
                onClick={() => void cancel(write)}
              >
                {OUTBOX_TEXTS.keepTheirs}
              </Button>
              <Button
                size="small"
                loading={loading}
                aria-label={`${OUTBOX_TEXTS.applyMine} on ${write.target}`}
                onClick={() => void applyMine(write)}
              >
                {OUTBOX_TEXTS.applyMine}
              </Button>
            </Space>
          );
        if (write.state === 'refused')
          return (
            <Button
              size="small"
              loading={loading}
              aria-label={`${OUTBOX_TEXTS.dismiss} ${write.decision} on ${write.target}`}
              onClick={() => void cancel(write)}
            >
              {OUTBOX_TEXTS.dismiss}
            </Button>
          );
        return (
          <Button
            size="small"
            loading={loading}
            disabled={write.state === 'sending'}
            aria-label={`${OUTBOX_TEXTS.cancel} ${write.decision} on ${write.target}`}
            onClick={() => void cancel(write)}
          >
            {OUTBOX_TEXTS.cancel}
          </Button>
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
