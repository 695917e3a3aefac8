import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { errorText } from '../errorText';
import { fieldRules, isRequired, type UpdateField } from '../updateFields';

export type FormValues = Record<string, unknown>;

interface Props<V extends FormValues> {
  title: string;
  /** The submit button; 'Update' unless the action is another (Save, Merge, Match). */
  okText?: string;
  fields: readonly UpdateField[];
  initialValues: Partial<V>;
  onSubmit(values: V): Promise<void>;
  onClose(): void;
  /** Why submitting is not possible yet (e.g. an image not checked); null when it is. */
  gate?: (values: Partial<V>) => ReactNode;
  /** Extra footer buttons, left of Close; given the values on screen. */
  extraFooter?: (values: Partial<V>) => ReactNode;
  /**
   * What follows the values on screen and may grow as it loads (the keyword impact), under the
   * buttons: above them it pushed Close and Update down as its answer came, and a click whose
   * button moved between press and release was lost.
   */
  footerNote?: (values: Partial<V>) => ReactNode;
  /** Read-only context above the fields. */
  children?: ReactNode;
  /** Every change of the values, so a draft can be kept (src/renderer/session/drafts.ts). */
  onValuesChange?(values: Partial<V>): void;
}

const BOOL_OPTIONS = [
  { value: true, label: 'True' },
  { value: false, label: 'False' },
];

/**
 * One field's control. Form.Item hands its child id, value and onChange; they are passed on to
 * the control, or the form would neither fill nor read it.
 */
function FieldInput({
  field,
  autoFocus,
  ...control
}: { field: UpdateField; autoFocus: boolean } & Record<string, unknown>) {
  const placeholder = field.placeholder ?? `${field.label}${isRequired(field) ? ' *' : ''}`;
  switch (field.kind) {
    case 'number':
      return (
        <InputNumber
          {...control}
          autoFocus={autoFocus}
          min={0}
          precision={0}
          style={{ width: '100%' }}
          disabled={field.readOnly}
          placeholder={placeholder}
        />
      );
    case 'boolSelect':
      return (
        <Select
          {...control}
          options={BOOL_OPTIONS}
          disabled={field.readOnly}
          placeholder={placeholder}
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          options={field.options?.map((o) => ({ ...o }))}
          disabled={field.readOnly}
          placeholder={placeholder}
        />
      );
    case 'list':
      return (
        <Select
          {...control}
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          disabled={field.readOnly}
          placeholder={placeholder}
        />
      );
    default:
      return (
        <Input
          {...control}
          autoFocus={autoFocus}
          disabled={field.readOnly}
          placeholder={placeholder}
        />
      );
  }
}

/**
 * The shared update modal (SPEC.md 2): one field config per entity, required marks, closes on
 * Close or after a successful submit. A refused submit shows the reason and keeps every value
 * typed. Transitions follow the theme (300 ms modal, 150 ms backdrop).
 */
export function UpdateModal<V extends FormValues>(props: Props<V>) {
  const { title, okText = 'Update', fields, initialValues, onSubmit, onClose, gate } = props;
  const [form] = Form.useForm<V>();
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<V> | undefined;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // useWatch answers {} (or undefined) until the fields register; until then the gate and the
  // footer read the initial values, not an empty form.
  const current: Partial<V> = { ...initialValues, ...watched };
  // The cursor starts in the first box the user can type in.
  const firstEditable = fields.find(
    (f) => !f.readOnly && (f.kind === 'text' || f.kind === 'number' || f.kind === 'flag'),
  );
  const blocked = gate?.(current) ?? null;

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit({ ...initialValues, ...values } as V);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="Close"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: blocked !== null }}
      // Closed by Close (or Esc) and after a submit, never by a stray click beside it, which
      // would lose what was typed.
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
      width={fields.length > 4 ? 720 : 520}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {props.extraFooter?.(current)}
          <CancelBtn />
          <OkBtn />
          {props.footerNote && <div className="dqc-footer-note">{props.footerNote(current)}</div>}
        </>
      )}
    >
      {props.children}
      {error && (
        <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
      )}
      {blocked !== null && (
        <div role="note" className="dqc-attention">
          {blocked}
        </div>
      )}
      <Form<V>
        form={form}
        layout="vertical"
        className={fields.length > 4 ? 'dqc-update-form dqc-two-columns' : 'dqc-update-form'}
        initialValues={initialValues}
        onValuesChange={(_, all) => props.onValuesChange?.(all as Partial<V>)}
        onFinish={() => void submit()}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            className={field.kind === 'list' ? 'dqc-wide' : undefined}
            label={field.label}
            name={field.name}
            required={isRequired(field)}
            rules={fieldRules(field)}
          >
            <FieldInput field={field} autoFocus={field === firstEditable} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
