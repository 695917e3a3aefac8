import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { usePrefsChange } from '../prefs/prefsState';
import { errorText } from '../../ui/errorText';
import { newViewId, useScreenViews } from './viewsState';

/**
 * Save view: names the screen's current filters. The name is required; a name the screen already
 * has is refused by core with its message, shown under the box, and nothing typed is lost.
 */
export function SaveViewModal({
  path,
  query,
  onClose,
  onSaved,
}: {
  path: string;
  query: string;
  onClose(): void;
  onSaved(name: string): void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const views = useScreenViews(path);
  const change = usePrefsChange();
  const [saving, setSaving] = useState(false);
  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      const trimmed = name.trim();
      await change('prefs.setViews', {
        path,
        views: [...views, { id: newViewId(), name: trimmed, query }],
      });
      onSaved(trimmed);
    } catch (error) {
      form.setFields([{ name: 'name', errors: [errorText(error)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="Save view"
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="save-view" onFinish={(v) => void save(v)}>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'A view needs a name' }]}
        >
          <Input maxLength={80} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
