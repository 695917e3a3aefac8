import type { Core } from '../../src/main/core/createCore';
import type { BridgeEvent } from '../../src/shared/bridge';

/**
 * The latest state core pushed of each thing it reports by id (a run, an export), and a wait for
 * one of them to reach a state: what tests and benchmarks of runs and exports share.
 */
export interface Followed<T> {
  latest: Map<string, T>;
  /** Takes a state read another way (a list call), unless an event already told a newer one. */
  offer(id: string, value: T): void;
  /** Resolves with the thing once `done` holds; rejects after `timeoutMs` when given. */
  waitFor(id: string, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
}

export function followEvents<T>(
  core: Core,
  pick: (event: BridgeEvent) => { id: string; value: T } | null,
): Followed<T> {
  const latest = new Map<string, T>();
  const waiters = new Set<() => void>();
  const recheck = () => waiters.forEach((check) => check());
  core.onEvent((event) => {
    const picked = pick(event);
    if (!picked) return;
    latest.set(picked.id, picked.value);
    recheck();
  });
  return {
    latest,
    offer(id, value) {
      if (!latest.has(id)) latest.set(id, value);
      recheck();
    },
    waitFor: (id, done, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer =
          timeoutMs === undefined
            ? null
            : setTimeout(() => {
                waiters.delete(check);
                reject(new Error(`${id} did not get there in ${timeoutMs / 1000} s`));
              }, timeoutMs);
        function check() {
          const value = latest.get(id);
          if (value === undefined || !done(value)) return;
          if (timer) clearTimeout(timer);
          waiters.delete(check);
          resolve(value);
        }
        waiters.add(check);
        check();
      }),
  };
}
