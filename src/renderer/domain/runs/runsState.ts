import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { RunStatus, RunView } from '../../../shared/runs';
import { invoke, onBridgeEvent } from '../../bridge/bridge';

/**
 * The user's runs as core last told them (DESIGN.md, "Runs live in core"): the renderer holds a
 * copy to draw, never the runs themselves. Shared by the shell (top bar, drawer, banners), the
 * Journal's run filter and Review (which reloads its list when a run ends).
 */

/** The user's runs by id. */
export const runsAtom = atom<Readonly<Record<string, RunView>>>({});

/** Runs under way or waiting for the user: what the top bar reports. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = [
  'running',
  'paused',
  'waitingForSession',
  'waitingForProvider',
  'interrupted',
];

const newestFirst = (a: RunView, b: RunView) => b.createdAt.localeCompare(a.createdAt);

/** Every run, newest first. */
export const allRunsAtom = atom((get) => Object.values(get(runsAtom)).sort(newestFirst));

/** The active runs, newest first. */
export const activeRunsAtom = atom((get) =>
  get(allRunsAtom).filter((run) => ACTIVE_RUN_STATUSES.includes(run.status)),
);

/** Whether the runs drawer is open: Review may open it once it has started a run. */
export const runsDrawerOpenAtom = atom(false);

/** Puts a run core answered or pushed in place of the copy with its id. */
export const putRunAtom = atom(null, (get, set, run: RunView) => {
  set(runsAtom, { ...get(runsAtom), [run.id]: run });
});

/** Forgets a run core discarded (core sends no event for it). */
export const dropRunAtom = atom(null, (get, set, id: string) => {
  const { [id]: _dropped, ...rest } = get(runsAtom);
  set(runsAtom, rest);
});

/**
 * Reads the runs once and follows `runs.changed`. A run pushed before the list's answer is newer
 * than the list's copy of it, so it wins. The copy is emptied when the shell goes (sign-out), so
 * that the next user never sees the last one's runs, even for a moment.
 */
export function useRunsFeed(): void {
  const setRuns = useSetAtom(runsAtom);
  const putRun = useSetAtom(putRunAtom);
  useEffect(() => {
    let cancelled = false;
    let pushed: Map<string, RunView> | null = new Map();
    const unsubscribe = onBridgeEvent((event) => {
      if (event.type !== 'runs.changed') return;
      pushed?.set(event.run.id, event.run);
      putRun(event.run);
    });
    invoke('runs.list').then(
      (runs) => {
        if (cancelled) return;
        const byId: Record<string, RunView> = {};
        for (const run of runs) byId[run.id] = run;
        for (const run of pushed?.values() ?? []) byId[run.id] = run;
        pushed = null;
        setRuns(byId);
      },
      // The runs are extra: a failed list leaves the shell as it is, and events still arrive.
      () => undefined,
    );
    return () => {
      cancelled = true;
      unsubscribe();
      setRuns({});
    };
  }, [setRuns, putRun]);
}
