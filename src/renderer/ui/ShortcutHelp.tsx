import { Modal, Table, Typography } from 'antd';
import { SHORTCUT_ACTIONS, type KeyMap, type ShortcutId } from '../../shared/keys';
import { KeysOf } from './KeysOf';

/**
 * The '?' overlay: every shortcut with the keys the user's map gives it now (shared/keys.ts), and
 * what the decision keys do in Audit mode.
 */
export function ShortcutHelp({
  open,
  keys,
  onClose,
}: {
  open: boolean;
  keys: KeyMap;
  onClose(): void;
}) {
  return (
    <Modal title="Keyboard shortcuts" open={open} onCancel={onClose} footer={null}>
      <Table<{ id: ShortcutId; label: string }>
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={SHORTCUT_ACTIONS.map(({ id, label }) => ({ id, label }))}
        columns={[
          {
            title: 'Keys',
            key: 'keys',
            render: (_, action) => <KeysOf keys={keys[action.id]} />,
          },
          { title: 'Action', dataIndex: 'label' },
        ]}
      />
      {/* Audit mode (the blind audit sample) answers with the decision keys. */}
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        In Audit mode: <KeysOf keys={keys.select} /> answers Keep, <KeysOf keys={keys.eliminate} />{' '}
        answers Eliminate, and <KeysOf keys={keys.nextPage} /> or <kbd>Enter</kbd> goes to the next
        card once it is answered.
      </Typography.Paragraph>
    </Modal>
  );
}
