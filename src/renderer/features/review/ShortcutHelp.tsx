import { Modal, Table } from 'antd';

/** The review screen's keyboard shortcuts; one table drives both the handlers' docs and the overlay. */
export const SHORTCUTS = [
  { keys: 'j / ↓', action: 'Next item' },
  { keys: 'k / ↑', action: 'Previous item' },
  { keys: 's', action: 'Select: keep the item (or confirm it kept)' },
  { keys: 'e', action: 'Eliminate: take the item out (or confirm it eliminated)' },
  { keys: 'r', action: 'Review the item (asks to confirm)' },
  { keys: 'a', action: 'Add Keyword: go to the keyword box' },
  { keys: 'x', action: 'Choose or unchoose the focused item' },
  { keys: 'shift+x', action: 'Choose every item from the last chosen to the focused one' },
  { keys: 'ctrl+z / ⌘+z', action: 'Undo your last decision' },
  { keys: 'n / ]', action: 'Next page' },
  { keys: 'p / [', action: 'Previous page' },
  { keys: '?', action: 'Show this help' },
] as const;

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal title="Keyboard shortcuts" open={open} onCancel={onClose} footer={null}>
      <Table
        size="small"
        pagination={false}
        rowKey="keys"
        dataSource={[...SHORTCUTS]}
        columns={[
          { title: 'Keys', dataIndex: 'keys', render: (k: string) => <kbd>{k}</kbd> },
          { title: 'Action', dataIndex: 'action' },
        ]}
      />
    </Modal>
  );
}
