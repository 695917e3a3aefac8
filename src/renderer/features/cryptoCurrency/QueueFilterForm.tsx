import { Form, Input } from 'antd';
import { ListFilterForm } from '../../ui/ListFilterForm';
import type { QueueFilter } from './currencyAtoms';

/**
 * The filter of both queues: 'Currency Contains' and 'Currency Id' ('0' means any). Each Filter
 * hands a new object, so the list loads again even when nothing was changed.
 */
export function QueueFilterForm({
  value,
  onFilter,
}: {
  value: QueueFilter;
  onFilter(filter: QueueFilter): void;
}) {
  return (
    <ListFilterForm<QueueFilter>
      label="Currency filter"
      initialValues={value}
      onFilter={(v) =>
        onFilter({ contains: (v.contains ?? '').trim(), currencyId: v.currencyId.trim() })
      }
    >
      <Form.Item name="contains">
        <Input
          aria-label="Currency Contains"
          placeholder="Currency Contains"
          allowClear
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item
        name="currencyId"
        rules={[
          { required: true, message: "Currency Id is required ('0' for any)" },
          { pattern: /^\s*\d{1,15}\s*$/, message: 'Currency Id must be a whole number' },
        ]}
      >
        <Input aria-label="Currency Id" placeholder="Currency Id" style={{ width: 140 }} />
      </Form.Item>
    </ListFilterForm>
  );
}
