import { useEffect, useRef, useState } from 'react';
import type { RunPreparePayload, RunView } from '../../../shared/runs';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';
import { discardRun, laterView } from './preparedRun';

export interface PreparedRunState {
  /** The run as core last told it; null until runs.prepare answers. */
  run: RunView | null;
  /** Why runs.prepare itself failed. */
  error: string | null;
}

interface Held extends PreparedRunState {
  /** What the state answers: a state of an older request is not shown. */
  request: RunPreparePayload | null;
  attempt: number;
}

const NOTHING_YET: PreparedRunState = { run: null, error: null };

/**
 * A run prepared for `request` and followed through its runs.changed events while the request
 * stands. A new request (another action), a new attempt (Try Again) or none (the modal closed)
 * discards the run prepared before, unless it was started: core keeps no prepared run nobody
 * will start.
 */
export function usePreparedRun(request: RunPreparePayload | null, attempt = 0) {
  const [held, setHeld] = useState<Held>({ request: null, attempt: 0, ...NOTHING_YET });
  const started = useRef(new Set<string>());

  useEffect(() => {
    if (!request) return;
    const startedIds = started.current;
    let current = true;
    let id: string | null = null;
    const early = new Map<string, RunView>();
    const stop = onBridgeEvent((event) => {
      if (event.type !== 'runs.changed') return;
      if (id === null) early.set(event.run.id, event.run);
      else if (event.run.id === id && current)
        setHeld((h) => ({ ...h, run: laterView(h.run ?? event.run, event.run) }));
    });
    invoke('runs.prepare', request).then(
      (answer) => {
        if (!current) return discardRun(answer.id);
        id = answer.id;
        const run = laterView(answer, early.get(answer.id));
        setHeld({ request, attempt, run, error: null });
      },
      (error: unknown) =>
        current && setHeld({ request, attempt, run: null, error: errorText(error) }),
    );
    return () => {
      current = false;
      stop();
      if (id !== null && !startedIds.has(id)) discardRun(id);
    };
  }, [request, attempt]);

  /** Marks the run started, so that closing does not discard it. */
  const keep = (id: string) => started.current.add(id);
  const state = held.request === request && held.attempt === attempt ? held : NOTHING_YET;
  return { run: state.run, error: state.error, keep };
}
