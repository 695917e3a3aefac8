import { App as AntApp, Flex, Select, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { BREAK_REMINDER_MINUTES } from '../../../shared/prefs';
import { errorText } from '../../ui/errorText';
import { prefsAtom, usePrefsChange } from '../../domain/prefs/prefsState';

/** The choices offered, within BREAK_REMINDER_MINUTES; 0 stands for Off in the Select. */
const CHOICES = [10, 15, 20, 30, 45, 60, 90, 120, 180, 240].filter(
  (m) => m >= BREAK_REMINDER_MINUTES.min && m <= BREAK_REMINDER_MINUTES.max,
);
const OFF = 0;

/** The options, with a stored value that is not among the choices kept (another window set it). */
export function breakOptions(current: number | null): { value: number; label: string }[] {
  const minutes = current !== null && !CHOICES.includes(current) ? [...CHOICES, current] : CHOICES;
  return [
    { value: OFF, label: 'Off' },
    ...[...minutes].sort((a, b) => a - b).map((m) => ({ value: m, label: `${m} minutes` })),
  ];
}

/**
 * "Remind me to take a break after N minutes of continuous work", or Off (the default). Kept per
 * user through prefs.setShift; the shell's BreakReminder follows it.
 */
export function BreakSetting() {
  const { message } = AntApp.useApp();
  const change = usePrefsChange();
  const current = useAtomValue(prefsAtom).breakReminderMinutes;
  const [saving, setSaving] = useState(false);
  const labelId = useId();

  const choose = async (value: number) => {
    setSaving(true);
    try {
      await change('prefs.setShift', { breakReminderMinutes: value === OFF ? null : value });
      void message.success(
        value === OFF ? 'Break reminder off' : `Break reminder after ${value} minutes`,
      );
    } catch (error) {
      void message.error(`The break reminder was not saved: ${errorText(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text id={labelId}>Remind me to take a break after</Typography.Text>
      <Select<number>
        aria-labelledby={labelId}
        value={current ?? OFF}
        options={breakOptions(current)}
        onChange={(value) => void choose(value)}
        loading={saving}
        disabled={saving}
        style={{ width: 140 }}
      />
      <Typography.Text>of continuous work.</Typography.Text>
    </Flex>
  );
}
