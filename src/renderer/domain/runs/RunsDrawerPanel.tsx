import { Drawer, Empty, Flex } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { RunCard } from './RunCard';
import { useRunActions } from './runActions';
import { allRunsAtom, runsDrawerOpenAtom } from './runsState';

/** The user's runs, newest first, each with its progress, problems and controls. */
export default function RunsDrawerPanel() {
  const [open, setOpen] = useAtom(runsDrawerOpenAtom);
  const runs = useAtomValue(allRunsAtom);
  const actions = useRunActions();
  return (
    <Drawer
      title="Runs"
      open={open}
      onClose={() => setOpen(false)}
      size={560}
      closable={{ 'aria-label': 'Close the runs' }}
    >
      {runs.length === 0 ? (
        <Empty description="No runs" />
      ) : (
        <Flex vertical gap={24}>
          {runs.map((run) => (
            <RunCard key={run.id} run={run} actions={actions} />
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
