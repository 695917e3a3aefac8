import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';

/**
 * The 'Same <records>' dropdown of a queued record (SPEC.md 2: 'Same Currencies', 'Same
 * Markets'): the catalogue records it may duplicate; choosing one opens it.
 */
export function SameRecordsDropdown<T>({
  label,
  records,
  describe,
  onOpen,
}: {
  label: string;
  records: readonly T[];
  describe(record: T): string;
  onOpen(record: T): void;
}) {
  return (
    <Dropdown
      disabled={records.length === 0}
      trigger={['click']}
      menu={{
        items: records.map((record, index) => ({ key: String(index), label: describe(record) })),
        onClick: ({ key }) => {
          const record = records[Number(key)];
          if (record !== undefined) onOpen(record);
        },
      }}
    >
      <Button size="small">
        <Space>
          {`${label} (${records.length})`}
          <DownOutlined aria-hidden />
        </Space>
      </Button>
    </Dropdown>
  );
}
