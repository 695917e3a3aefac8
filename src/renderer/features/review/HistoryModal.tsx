import { Button, Flex, Modal, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import type { JournalEntry } from '../../../shared/journal';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/** How many of an item's writes the history shows: one page of the journal. */
const HISTORY_SIZE = 50;

type History =
  | { status: 'loading' }
  | { status: 'ok'; entries: JournalEntry[] }
  | { status: 'failed'; message: string };

/** A run's id as the Runs drawer shortens it. */
const shortRunId = (runId: string) => runId.slice(0, 8);

function Outcome({ entry }: { entry: JournalEntry }) {
  if (entry.outcome === 'ok') return <Tag color="success">ok</Tag>;
  return (
    <Flex gap={4} wrap>
      <Tag color={entry.outcome === 'failed' ? 'error' : 'warning'}>{entry.outcome}</Tag>
      {entry.message && <Typography.Text>{entry.message}</Typography.Text>}
    </Flex>
  );
}

/**
 * One item's writes from this machine, newest first: the journal core keeps of the user's own
 * writes (DESIGN.md, Per-user local data). A write journalled while it is open shows at once.
 */
export function HistoryModal({ target, onClose }: { target: string; onClose(): void }) {
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const load = useCallback(
    () =>
      invoke('journal.list', { target, pageSize: HISTORY_SIZE }).then(
        (page) => setHistory({ status: 'ok', entries: page.entries }),
        (error: unknown) => setHistory({ status: 'failed', message: errorText(error) }),
      ),
    [target],
  );
  useEffect(() => {
    void load();
    return onBridgeEvent((event) => {
      if (event.type === 'journal.appended' && event.entry.target === target) void load();
    });
  }, [load, target]);

  return (
    <Modal open title={`History of ${target}`} onCancel={onClose} footer={null} width={760}>
      {history.status === 'failed' ? (
        <Flex vertical gap={8} align="start" role="alert">
          <Typography.Text type="danger">{history.message}</Typography.Text>
          <Button onClick={() => void load()}>Try Again</Button>
        </Flex>
      ) : (
        <Table<JournalEntry>
          size="small"
          rowKey="seq"
          pagination={false}
          loading={history.status === 'loading'}
          dataSource={history.status === 'ok' ? history.entries : []}
          locale={{ emptyText: 'You have not changed this item from this machine.' }}
          columns={[
            {
              title: 'Time',
              dataIndex: 'at',
              render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
            },
            { title: 'What', dataIndex: 'summary' },
            { title: 'Outcome', key: 'outcome', render: (_, entry) => <Outcome entry={entry} /> },
            {
              title: 'Run',
              dataIndex: 'runId',
              render: (runId: string | null) => (runId ? shortRunId(runId) : ''),
            },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Your own writes to this item, from this machine&apos;s journal.
      </Typography.Paragraph>
    </Modal>
  );
}

/** A card's History button; the modal (and its journal call) exists only while open. */
export function HistoryButton({ target }: { target: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" aria-label={`History of ${target}`} onClick={() => setOpen(true)}>
        History
      </Button>
      {open && <HistoryModal target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
