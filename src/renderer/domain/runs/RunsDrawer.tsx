import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { OpenedOnce } from '../../ui/OpenedOnce';
import { runsDrawerOpenAtom } from './runsState';

// The drawer (its table, progress bars and controls) is a chunk of its own, loaded when first
// opened: the shell loads with the login screen, within DESIGN.md's 400 KB budget.
const RunsDrawerPanel = lazy(() => import('./RunsDrawerPanel'));

/** The runs drawer, drawn from its first opening on (so that closing it still animates). */
export function RunsDrawer() {
  return (
    <OpenedOnce open={useAtomValue(runsDrawerOpenAtom)}>
      <RunsDrawerPanel />
    </OpenedOnce>
  );
}
