import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface Props<V extends object> {
  /** Names the form for screen readers and tests, e.g. 'Currency filter'. */
  label: string;
  initialValues: V;
  onFilter(values: V): void;
  /** When the caller watches the boxes as they are typed. */
  form?: FormInstance<V>;
  /** Every change of the boxes, with all their values. */
  onValuesChange?(values: V): void;
  children: ReactNode;
}

/** The filter form of a list: its fields and a 'Filter' button; Enter in a field filters too. */
export function ListFilterForm<V extends object>({
  label,
  initialValues,
  onFilter,
  children,
  form,
  onValuesChange,
}: Props<V>) {
  return (
    <Form<V>
      form={form}
      // Prefixes the boxes' ids: a box with the id 'contains' would shadow the form element's own
      // contains() (forms expose their controls by id), which breaks code that walks the page.
      name={label.replace(/\W+/g, '-').toLowerCase()}
      layout="inline"
      aria-label={label}
      initialValues={initialValues}
      onFinish={onFilter}
      onValuesChange={onValuesChange ? (_, all) => onValuesChange(all) : undefined}
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
