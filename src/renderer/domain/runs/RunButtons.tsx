import { Button, Space, Typography } from 'antd';
import { CANNOT_UNDO, FINISHED_RUN_STATUSES, type RunView } from '../../../shared/runs';
import type { RunActions } from './runActions';

/**
 * What can be asked of a run in its state: stop or go on while it is under way, resume or drop
 * it once interrupted, and once it has ended, retry its failures, undo it, or forget it.
 */
export function RunButtons({ run, actions }: { run: RunView; actions: RunActions }) {
  const { id } = run;
  const cancel = <Button onClick={() => actions.cancel(id)}>Cancel</Button>;
  const discard = <Button onClick={() => actions.discard(id)}>Discard</Button>;
  switch (run.status) {
    case 'running':
      return (
        <Space wrap>
          <Button onClick={() => actions.pause(id)}>Pause</Button>
          {cancel}
        </Space>
      );
    case 'paused':
    case 'waitingForSession':
    case 'waitingForProvider':
      return (
        <Space wrap>
          <Button onClick={() => actions.resume(id)}>Resume</Button>
          {cancel}
        </Space>
      );
    case 'interrupted':
      return (
        <Space wrap>
          <Button type="primary" onClick={() => actions.resume(id)}>
            Resume
          </Button>
          {discard}
        </Space>
      );
    case 'ready':
      // Prepared and never started (its dialog was closed): only forgetting it is left.
      return discard;
    case 'preparing':
      return null;
  }
  if (!FINISHED_RUN_STATUSES.includes(run.status)) return null;
  return (
    <Space orientation="vertical" size="small">
      <Space wrap>
        {/* A run whose snapshot failed wrote nothing: there is nothing to retry. */}
        {run.failed > 0 && run.status !== 'failed' && (
          <Button onClick={() => actions.retryFailed(id)}>Retry failed</Button>
        )}
        {run.action !== 'reviewed' && run.canUndo && (
          <Button onClick={() => actions.undo(id)}>Undo run</Button>
        )}
        {discard}
      </Space>
      <UndoNote run={run} />
    </Space>
  );
}

/** What undo cannot take back, said beside the button (or instead of it for a reviewed run). */
function UndoNote({ run }: { run: RunView }) {
  const note =
    run.action === 'reviewed' && run.kind === 'bulk'
      ? CANNOT_UNDO.reviewed
      : run.canUndo
        ? CANNOT_UNDO.manuallyChanged
        : null;
  return note ? (
    <Typography.Text type="secondary" className="dqc-run-note">
      {note}
    </Typography.Text>
  ) : null;
}
