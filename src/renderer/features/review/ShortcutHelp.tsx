import { Modal, Table } from 'antd';
import { Fragment } from 'react';
import { keyLabel, SHORTCUT_ACTIONS, type KeyMap, type ShortcutId } from '../../../shared/keys';

/** Every key of one action, as people read them. */
export function KeysOf({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {/* The separator is text beside the keys, so that a row's name reads "j or ↓". */}
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 && ' or '}
          <kbd>{keyLabel(key)}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The '?' overlay: every shortcut with the keys the user's map gives it now (shared/keys.ts). */
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
    </Modal>
  );
}
