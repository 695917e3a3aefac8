import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { KEYWORD_TYPES, type KeywordType } from '../../../shared/constants';

export interface KeywordFormValues {
  keyword: string;
  type: KeywordType;
}

interface Props {
  title: string;
  okText: string;
  initial?: Partial<KeywordFormValues>;
  onSubmit(values: KeywordFormValues): Promise<void>;
  onClose(): void;
}

/** Add or update one keyword. A refused save shows the server's reason and keeps what was typed. */
export function KeywordModal({ title, okText, initial, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<KeywordFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: KeywordFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit({ keyword: values.keyword.trim(), type: values.type });
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
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
      destroyOnHidden
    >
      {error && (
        <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<KeywordFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => void submit()}
      >
        <Form.Item
          label="Keyword"
          name="keyword"
          rules={[{ required: true, whitespace: true, message: 'Please enter a keyword' }]}
        >
          <Input autoFocus placeholder="Keyword *" />
        </Form.Item>
        <Form.Item
          label="Type"
          name="type"
          rules={[{ required: true, message: 'Please Select Keyword Type *' }]}
        >
          <Select
            placeholder="Please Select Keyword Type *"
            options={KEYWORD_TYPES.map((t) => ({ value: t, label: t }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
