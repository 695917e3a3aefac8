import { useCallback, useEffect, useRef, useState } from 'react';
import type { FilterType } from '../../../shared/bodies/review';
import { invoke } from '../../bridge/bridge';
import type { QueueTurn } from './useReviewList';

/**
 * How often the leases of My queue's page are renewed while it is on screen. A lease lasts 10
 * minutes (CLAIM_LEASE_SECONDS); renewing every 4 leaves two renewals' margin before one runs out,
 * so a renewal lost to a slow or failed answer still keeps the page, at one small call per 4
 * minutes per console.
 */
export const RENEW_EVERY_MS = 4 * 60_000;

/** Gives the shown items of My queue back to the team; a failure only lets the leases run out. */
function release(filterType: FilterType, ids: readonly number[]): void {
  if (ids.length > 0)
    invoke('claims.release', { filterType, ids: [...ids] }).catch(() => undefined);
}

/**
 * My queue on Review (the claims extension): whether it is on and which turn of it the list asks
 * (useReviewList.ts). Next asks the following page and leaves the one shown; turning it off, or a
 * new filter, releases the page shown. Off, always, when the server does not offer claims.
 */
export function useMyQueue(offered: boolean) {
  const [turn, setTurn] = useState<QueueTurn | null>(null);
  const queue = offered ? turn : null;
  const start = useCallback(() => setTurn({ turn: 0, leave: [] }), []);
  const next = useCallback(
    (shown: readonly number[]) =>
      setTurn((current) => current && { turn: current.turn + 1, leave: shown }),
    [],
  );
  const stop = useCallback((filterType: FilterType, shown: readonly number[]) => {
    release(filterType, shown);
    setTurn(null);
  }, []);
  /** A new filter: the page shown goes back, and the queue starts on the new filter. */
  const refilter = useCallback((filterType: FilterType, shown: readonly number[]) => {
    release(filterType, shown);
    setTurn((current) => current && { turn: current.turn + 1, leave: [] });
  }, []);
  return { queue, start, next, stop, refilter };
}

/**
 * Keeps My queue's page held while it is shown: renewed every RENEW_EVERY_MS, and released when the
 * Review screen is left. A renewal refused (an item decided since, which the server released) asks
 * the queue again, which hands back what the reviewer still holds first.
 */
export function useQueueLease(
  on: boolean,
  filterType: FilterType,
  shown: readonly number[],
  reload: () => void,
): void {
  const latest = useRef({ on, filterType, shown, reload });
  useEffect(() => {
    latest.current = { on, filterType, shown, reload };
  });
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => {
      const { filterType: type, shown: ids, reload: again } = latest.current;
      if (ids.length > 0)
        invoke('claims.renew', { filterType: type, ids: [...ids] }).catch(() => again());
    }, RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, [on]);
  useEffect(
    () => () => {
      const { on: wasOn, filterType: type, shown: ids } = latest.current;
      if (wasOn) release(type, ids);
    },
    [],
  );
}
