import { atom, useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changesQueue,
  type QueueGlance,
  type QueuesGlance,
} from '../../../shared/workbench/queues';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { usePoll } from '../../ui/usePoll';
import { useWindowInUse } from '../../ui/useWindowInUse';

/**
 * The operators' queues as core last read them (queues.glance), shared by the Queues screen and the
 * side menu's depths: the screen reads them fresh, the menu now and then; both show the latest.
 */
export type GlanceState =
  | { status: 'idle' | 'loading'; glance: QueuesGlance | null }
  | { status: 'ready'; glance: QueuesGlance }
  | { status: 'failed'; glance: QueuesGlance | null; message: string };

export const queuesGlanceAtom = atom<GlanceState>({ status: 'idle', glance: null });

/** How often the side menu asks core (which answers a read of the last minute again). */
export const SIDE_MENU_POLL_MS = 5 * 60_000;

/** How long after the side menu appears its first read waits. */
export const SIDE_MENU_FIRST_READ_MS = 3_000;

/** How long after the user's last queue write the glance is read again. */
export const QUEUE_WRITES_SETTLE_MS = 3_000;

/**
 * Reads the glance into the shared state. `fresh` asks core to read every queue now (the screen,
 * its Refresh); otherwise a read of the last minute may come back (the side menu).
 */
export function useQueuesGlance(): {
  state: GlanceState;
  load(fresh: boolean): Promise<void>;
} {
  const [state, setState] = useAtom(queuesGlanceAtom);
  const latest = useRef(0);
  const load = useCallback(
    async (fresh: boolean) => {
      const ask = ++latest.current;
      setState((before) => ({ status: 'loading', glance: before.glance }));
      try {
        const glance = await invoke('queues.glance', { fresh });
        if (ask === latest.current) setState({ status: 'ready', glance });
      } catch (error) {
        if (ask === latest.current)
          setState((before) => ({
            status: 'failed',
            glance: before.glance,
            message: errorText(error),
          }));
      }
    },
    [setState],
  );
  return { state, load };
}

/**
 * Reads the glance again when the user's writes changed a queue: once, `delayMs` after the last of
 * them, so that a run of a hundred deletes costs one read.
 */
export function useReloadAfterQueueWrites(
  load: (fresh: boolean) => Promise<void>,
  delayMs = QUEUE_WRITES_SETTLE_MS,
): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onBridgeEvent((event) => {
      if (
        event.type !== 'journal.appended' ||
        event.entry.outcome !== 'ok' ||
        !changesQueue(event.entry.channel)
      )
        return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void load(false);
      }, delayMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [load, delayMs]);
}

/**
 * The side menu's depths: read now and then while the window is in use, the first time a few
 * seconds after the menu appears, so that the first screen's own calls go first.
 */
export function useSideMenuDepths(enabled: boolean): QueuesGlance | null {
  const { state, load } = useQueuesGlance();
  const inUse = useWindowInUse();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SIDE_MENU_FIRST_READ_MS);
    return () => clearTimeout(timer);
  }, []);
  const tick = useCallback(async () => {
    await load(false);
    return true;
  }, [load]);
  usePoll(tick, SIDE_MENU_POLL_MS, enabled && inUse && settled);
  useReloadAfterQueueWrites(load);
  return state.glance;
}

/** The side menu's badge: the area's records waiting, and each queue's in its label. */
export function depthLabel(queues: readonly QueueGlance[], labelOf: (q: QueueGlance) => string) {
  const known = queues.filter((q) => q.depth !== null);
  const total = known.reduce((sum, q) => sum + (q.depth ?? 0), 0);
  const parts = queues.map(
    (q) => `${labelOf(q)}: ${q.depth === null ? 'could not be read' : q.depth}`,
  );
  return { total, failed: known.length < queues.length, text: parts.join(', ') };
}
