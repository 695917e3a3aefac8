import { useAtomValue } from 'jotai';
import { lazy } from 'react';
import { OpenedOnce } from '../../ui/OpenedOnce';
import { outboxDrawerOpenAtom } from './outboxState';

// A chunk of its own, loaded when first opened: the shell stays within its JavaScript budget.
const OutboxPanel = lazy(() => import('./OutboxPanel'));

/** The Outbox drawer, drawn from its first opening on (so that closing it still animates). */
export function OutboxDrawer() {
  return (
    <OpenedOnce open={useAtomValue(outboxDrawerOpenAtom)}>
      <OutboxPanel />
    </OpenedOnce>
  );
}
