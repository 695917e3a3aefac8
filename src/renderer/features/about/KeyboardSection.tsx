import { App as AntApp, Button, Flex, Input, Table, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import {
  keyConflict,
  keyConflictMessage,
  SHORTCUT_ACTIONS,
  type ShortcutId,
} from '../../../shared/keys';
import { errorText } from '../../ui/errorText';
import { KeysOf } from '../../ui/KeysOf';
import { useKeyMap, usePrefsChange } from '../../domain/prefs/prefsState';
import { keyFromEvent } from './keyFromEvent';
import { Section } from './Section';

const { Paragraph, Text } = Typography;

interface Row {
  id: ShortcutId;
  label: string;
}
const ROWS: Row[] = SHORTCUT_ACTIONS.map(({ id, label }) => ({ id, label }));

const changeButtonId = (id: ShortcutId) => `dqc-key-change-${id}`;

/**
 * Settings, Keyboard (docs/user-guide.md, A reviewer's shift: "Keys of one's own"): every shortcut
 * with its keys. Change records the next key pressed; a key another action holds is refused with
 * that action's name (here at once, and by core, which keeps the keys per user); Reset to defaults
 * gives every action its default keys back.
 */
export function KeyboardSection() {
  const map = useKeyMap();
  const change = usePrefsChange();
  const { message } = AntApp.useApp();
  const [recording, setRecording] = useState<ShortcutId | null>(null);
  const [refused, setRefused] = useState<{ id: ShortcutId; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [resetting, setResetting] = useState(false);

  const stop = (id: ShortcutId) => {
    setRecording(null);
    // Back to the row's Change button, so the keyboard stays where it was.
    requestAnimationFrame(() => document.getElementById(changeButtonId(id))?.focus());
  };

  const record = async (id: ShortcutId, event: KeyboardEvent<HTMLInputElement>) => {
    // Tab leaves the box as it always does (and so cancels); every other key is the new one.
    if (event.key === 'Tab') return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') return stop(id);
    const key = keyFromEvent(event.nativeEvent);
    if (key === null || saving) return;
    if (map[id].length === 1 && map[id][0] === key) return stop(id);
    const conflict = keyConflict(map, id, [key]);
    if (conflict) {
      setRefused({ id, text: keyConflictMessage(conflict) });
      return;
    }
    setSaving(true);
    try {
      await change('prefs.setKeys', { action: id, keys: [key] });
      setRefused(null);
      stop(id);
    } catch (error) {
      // Core refuses a key another action holds (409, with that action's name).
      setRefused({ id, text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    setResetting(true);
    try {
      await change('prefs.resetKeys');
      setRefused(null);
      setRecording(null);
      void message.success('Every shortcut has its default keys again.');
    } catch (error) {
      void message.error(`The keys could not be reset: ${errorText(error)}`);
    } finally {
      setResetting(false);
    }
  };

  return (
    <Section title="Keyboard">
      <Flex vertical gap={12} align="stretch">
        <Paragraph style={{ marginBottom: 0 }}>
          The shortcuts of the Review screen and of saved views. Change a shortcut, then press the
          key you want for it; Esc cancels. A key can do one thing only.
        </Paragraph>
        <Table<Row>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={ROWS}
          columns={[
            { title: 'Action', dataIndex: 'label', key: 'label' },
            {
              title: 'Keys',
              key: 'keys',
              width: 260,
              render: (_, row) =>
                recording === row.id ? (
                  <Input
                    size="small"
                    readOnly
                    autoFocus
                    value="Press the new key…"
                    aria-label={`New key for ${row.label}`}
                    onKeyDown={(event) => void record(row.id, event)}
                    onBlur={() => setRecording((now) => (now === row.id ? null : now))}
                  />
                ) : (
                  <KeysOf keys={map[row.id]} />
                ),
            },
            {
              title: 'Change',
              key: 'change',
              width: 300,
              render: (_, row) => (
                <Flex vertical gap={4} align="flex-start">
                  <Button
                    size="small"
                    id={changeButtonId(row.id)}
                    aria-label={`Change the keys of ${row.label}`}
                    onClick={() => {
                      setRefused(null);
                      setRecording(row.id);
                    }}
                    loading={saving && recording === row.id}
                  >
                    Change
                  </Button>
                  {refused?.id === row.id && (
                    <Text type="danger" role="alert">
                      {refused.text}
                    </Text>
                  )}
                </Flex>
              ),
            },
          ]}
        />
        <div>
          <Button onClick={() => void reset()} loading={resetting}>
            Reset to defaults
          </Button>
        </div>
      </Flex>
    </Section>
  );
}
