import { Alert, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { updateStatusAtom, useRestartToUpdate } from '../domain/updates/updateState';

/** The navigation bar's small word while an update downloads. */
export function UpdateProgress() {
  const status = useAtomValue(updateStatusAtom);
  // Always in the page, so screen readers hear it when it appears.
  return (
    <span role="status" className="dqc-update-progress">
      {status?.state === 'downloading' &&
        `Downloading update ${status.version}: ${Math.round(status.percent)}%`}
    </span>
  );
}

/** The notice above the screen once an update is ready: never a restart the user did not ask for. */
export function UpdateReadyNotice() {
  const status = useAtomValue(updateStatusAtom);
  const restartToUpdate = useRestartToUpdate();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (status?.state !== 'ready' || dismissed === status.version) return null;
  return (
    <Alert
      banner
      type="success"
      className="dqc-update-ready"
      title={`Version ${status.version} is ready. Restart to update, or it installs when you quit.`}
      action={
        <Button size="small" type="primary" onClick={restartToUpdate}>
          Restart to update
        </Button>
      }
      closable={{
        'aria-label': 'Hide this notice until the next update',
        onClose: () => setDismissed(status.version),
      }}
    />
  );
}
