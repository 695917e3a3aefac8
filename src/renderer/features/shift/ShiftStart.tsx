import { App as AntApp, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { formatLocalTime } from '../../ui/dates';
import { errorText } from '../../ui/errorText';
import { usePrefsChange } from '../../domain/prefs/prefsState';

interface Props {
  shiftStart: number;
  /** True when the shift runs from Start shift, false from sign-in. */
  startedByUser: boolean;
}

/**
 * When this shift began, Start shift (the shift begins now: its figures start from zero), and a
 * way back to counting from sign-in. Kept per user (prefs.shiftStartedAt) through prefs.setShift.
 */
export function ShiftStart({ shiftStart, startedByUser }: Props) {
  const { message } = AntApp.useApp();
  const change = usePrefsChange();
  const [busy, setBusy] = useState(false);

  const setStart = async (shiftStartedAt: string | null) => {
    setBusy(true);
    try {
      await change('prefs.setShift', { shiftStartedAt });
      void message.success(
        shiftStartedAt === null ? 'The shift counts from sign-in' : 'A new shift started',
      );
    } catch (error) {
      void message.error(`The shift was not changed: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={12} align="center" wrap>
      <Typography.Text>
        {`This shift began ${formatLocalTime(new Date(shiftStart).toISOString())} (${
          startedByUser ? 'Start shift' : 'sign-in'
        }).`}
      </Typography.Text>
      <Button
        type="primary"
        disabled={busy}
        onClick={() => void setStart(new Date().toISOString())}
      >
        Start shift
      </Button>
      {startedByUser && (
        <Button disabled={busy} onClick={() => void setStart(null)}>
          Count from sign-in
        </Button>
      )}
    </Flex>
  );
}
