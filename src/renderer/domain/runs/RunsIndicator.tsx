import { Button } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { activeRunsAtom, allRunsAtom, runsDrawerOpenAtom } from './runsState';
import { indicatorText } from './runsText';

/**
 * The top bar's word on the runs: the newest active run's progress (and how many more), or a
 * small Runs button once there are finished ones; nothing before the first run. Either opens the
 * drawer. A long line ends in an ellipsis to fit the bar; its title (and its name, from the
 * text itself) carries all of it.
 */
export function RunsIndicator() {
  const active = useAtomValue(activeRunsAtom);
  const any = useAtomValue(allRunsAtom).length > 0;
  const openDrawer = useSetAtom(runsDrawerOpenAtom);
  const text = indicatorText(active);
  if (!text && !any) return null;
  return (
    <Button
      type="text"
      size="small"
      className="dqc-runs-indicator"
      title={text ?? undefined}
      aria-haspopup="dialog"
      onClick={() => openDrawer(true)}
    >
      <span className="dqc-runs-indicator-text">{text ?? 'Runs'}</span>
    </Button>
  );
}
