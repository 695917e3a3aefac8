import { useEffect, useRef } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import { onBridgeEvent } from '../../bridge/bridge';

/**
 * Calls `reload` once when a run over this filter type ends (done or cancelled), so that the cards
 * show what it wrote. Later events of an ended run (its undo starting) do not reload again.
 */
export function useRunsFinished(filterType: FilterType, reload: () => void) {
  const seen = useRef(new Set<string>());
  useEffect(
    () =>
      onBridgeEvent((event) => {
        if (event.type !== 'runs.changed') return;
        const { run } = event;
        if (run.filterType !== filterType) return;
        if (run.status !== 'done' && run.status !== 'cancelled') return;
        if (seen.current.has(run.id)) return;
        seen.current.add(run.id);
        reload();
      }),
    [filterType, reload],
  );
}
