import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

interface Props<V extends object> {
  /** Names the form for screen readers and tests, e.g. 'Currency filter'. */
  label: string;
  initialValues: V;
  onFilter(values: V): void;
  children: ReactNode;
}

/** The filter form of a list: its fields and a 'Filter' button; Enter in a field filters too. */
export function ListFilterForm<V extends object>({
  label,
  initialValues,
  onFilter,
  children,
}: Props<V>) {
  return (
    <Form<V>
      layout="inline"
      aria-label={label}
      initialValues={initialValues}
      onFinish={onFilter}
      style={{ rowGap: 8, marginBottom: 8 }}
    >
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          Filter
        </Button>
      </Form.Item>
    </Form>
  );
}
