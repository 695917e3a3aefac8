import { Alert, Button, Space } from 'antd';
import { useAtomValue } from 'jotai';
import { useRunActions } from './runActions';
import { allRunsAtom } from './runsState';
import { interruptedText } from './runsText';

/**
 * A banner over the screen for each run a quit or a crash cut off: nothing more is sent until the
 * user says Resume, and Discard forgets it.
 */
export function InterruptedRuns() {
  const interrupted = useAtomValue(allRunsAtom).filter((run) => run.status === 'interrupted');
  const actions = useRunActions();
  return interrupted.map((run) => (
    <Alert
      key={run.id}
      banner
      type="warning"
      className="dqc-run-interrupted"
      title={interruptedText(run)}
      action={
        <Space>
          <Button size="small" type="primary" onClick={() => actions.resume(run.id)}>
            Resume
          </Button>
          <Button size="small" onClick={() => actions.discard(run.id)}>
            Discard
          </Button>
        </Space>
      }
    />
  ));
}
