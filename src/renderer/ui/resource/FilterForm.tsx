import { Form, Input, Select } from 'antd';
import { memo, useEffect, useRef } from 'react';
import { INT4_MAX } from '../../../shared/bodies/fields';
import { dropDraft, keepDraft, useDraftAtMount } from '../../session/drafts';
import { ListFilterForm } from '../ListFilterForm';
import { sameFilterValues } from './filterValues';
import type { FilterField, FilterValues } from './types';

/** The filter form of a view, built from its fields; each Filter hands a new filter object. */
export const FilterForm = memo(function FilterForm({
  label,
  fields,
  value,
  onFilter,
  draftKey,
}: {
  label: string;
  fields: readonly FilterField[];
  value: FilterValues;
  onFilter(values: FilterValues): void;
  /** Where boxes typed in but not yet applied are kept if the session ends (drafts.ts). */
  draftKey: string;
}) {
  const [form] = Form.useForm<FilterValues>();
  const draft = useDraftAtMount<FilterValues>(draftKey);
  const typed = (Form.useWatch([], form) as FilterValues | undefined) ?? value;
  // The boxes show the filter applied: a saved view or a link opened on this screen applies a
  // new one (its URL), and the form follows. At mount they show it already, with any draft. Only
  // a filter with other values moves the boxes: the same filter read again (a slow answer to the
  // last search arriving) must never overwrite what the user has typed since.
  const shown = useRef(value);
  useEffect(() => {
    if (sameFilterValues(shown.current, value)) return;
    shown.current = value;
    form.setFieldsValue(value);
  }, [form, value]);
  return (
    <ListFilterForm<FilterValues>
      label={label}
      form={form}
      initialValues={{ ...value, ...draft }}
      onValuesChange={(all) => keepDraft(draftKey, all)}
      onFilter={(values) => {
        dropDraft(draftKey);
        onFilter(
          Object.fromEntries(
            fields.map((field) => [field.name, String(values[field.name] ?? '').trim()]),
          ),
        );
      }}
    >
      {fields.map((field) => {
        const disabled = field.disabled?.({ ...value, ...typed }) ?? null;
        const placeholder = disabled ?? field.placeholder?.({ ...value, ...typed }) ?? field.label;
        return (
          <Form.Item key={field.name} name={field.name} rules={rulesOf(field)}>
            {field.kind === 'select' ? (
              <Select
                aria-label={field.label}
                onChange={field.applyOnChange ? () => form.submit() : undefined}
                style={{ width: field.width ?? 140 }}
                options={field.options?.map((option) => ({ ...option }))}
              />
            ) : (
              <Input
                aria-label={field.label}
                placeholder={placeholder}
                disabled={disabled !== null}
                allowClear={field.kind !== 'wholeNumber'}
                style={{ width: field.width ?? 220 }}
              />
            )}
          </Form.Item>
        );
      })}
    </ListFilterForm>
  );
});

function rulesOf(field: FilterField) {
  if (field.kind !== 'wholeNumber') return [];
  return [
    { required: true, message: `${field.label} is required ('0' for any)` },
    { pattern: /^\s*\d+\s*$/, message: `${field.label} must be a whole number` },
    // The server's id columns hold at most INT4_MAX; a larger id could never match a record.
    {
      validator: async (_: unknown, value: unknown) => {
        const text = String(value ?? '').trim();
        if (/^\d+$/.test(text) && Number(text) > INT4_MAX)
          throw new Error(`${field.label} is too large (at most ${INT4_MAX})`);
      },
    },
  ];
}
