import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { outboxDrawerOpenAtom } from './outboxState';

// A chunk of its own, loaded when first opened: the shell stays within its JavaScript budget.
const OutboxPanel = lazy(() => import('./OutboxPanel'));

/** The Outbox drawer, drawn from its first opening on (so that closing it still animates). */
export function OutboxDrawer() {
  const open = useAtomValue(outboxDrawerOpenAtom);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <OutboxPanel />
    </Suspense>
  ) : null;
}
