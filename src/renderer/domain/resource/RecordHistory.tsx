import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { JournalEntry, JournalFields, ShownRecord } from '../../../shared/journal';
import { invoke } from '../../bridge/bridge';
import { formatLocalTime } from '../../ui/dates';
import { errorText } from '../../ui/errorText';
import type { RecordAction } from '../../ui/resource/types';

/** Writes shown in a record's History: the last ones. */
const SHOWN = 100;

function Fields({ fields, label }: { fields: JournalFields | null | undefined; label: string }) {
  if (!fields || Object.keys(fields).length === 0)
    return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Descriptions size="small" column={1} aria-label={label}>
      {Object.entries(fields).map(([key, value]) => (
        <Descriptions.Item key={key} label={key}>
          {value === null ? '-' : String(value)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * What happened to a record (issue 49): the user's writes on it from their journal, newest first,
 * each with the call, its outcome, the record as the screen showed it and the body sent.
 */
export function RecordHistoryModal({ target, onClose }: { target: string; onClose(): void }) {
  const [entries, setEntries] = useState<JournalEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    invoke('journal.list', { target, pageSize: SHOWN }).then(
      (page) => live && setEntries(page.entries),
      (error: unknown) => live && setFailure(errorText(error)),
    );
    return () => {
      live = false;
    };
  }, [target]);
  return (
    <Modal
      open
      title={`History of ${target}`}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {failure && (
        <Alert type="error" showIcon title={`The journal could not be read: ${failure}`} />
      )}
      <Table<JournalEntry>
        aria-label={`History of ${target}`}
        size="small"
        rowKey="seq"
        loading={entries === null && failure === null}
        dataSource={entries ?? []}
        pagination={false}
        // The table's own empty text is too faint to read (axe: color-contrast).
        locale={{
          emptyText: (
            <Typography.Text>
              {'You have written nothing to this record from this machine.'}
            </Typography.Text>
          ),
        }}
        columns={[
          { title: 'When', key: 'at', width: 150, render: (_, e) => formatLocalTime(e.at) },
          {
            title: 'Call',
            key: 'call',
            render: (_, e) => (
              <>
                <div>{e.call}</div>
                <Tag color={e.outcome === 'ok' ? 'green' : 'red'}>
                  {e.outcome}
                  {e.status ? ` ${e.status}` : ''}
                </Tag>
                {e.message && <div>{e.message}</div>}
                {e.runId && <Typography.Text type="secondary">in a bulk run</Typography.Text>}
              </>
            ),
          },
          {
            title: 'As shown',
            key: 'before',
            render: (_, e) => <Fields fields={e.before} label="The record as shown" />,
          },
          {
            title: 'Body sent',
            key: 'body',
            render: (_, e) => <Fields fields={e.body} label="The body sent" />,
          },
        ]}
      />
    </Modal>
  );
}

/** History as a row action of every list whose records are written to. */
export function historyAction<Row>(shownOf: (row: Row) => ShownRecord | null): RecordAction<Row> {
  return {
    label: 'History',
    icon: <HistoryOutlined aria-hidden />,
    disabled: (row) => (shownOf(row) ? null : 'This record has no name to look it up by'),
    open: (row, context) => {
      const target = shownOf(row)?.target;
      return target ? <RecordHistoryModal target={target} onClose={context.close} /> : null;
    },
  };
}
