import { afterEach } from 'vitest';
import type { Core } from '../../src/main/core/createCore';
import type { RunView } from '../../src/shared/runs';
import { callerOf, coreFor, signedIn } from './coreBackends';
import { followEvents } from './coreEvents';

/**
 * Signed-in cores for a suite, each halted and its journals closed after every test: `coreOn(url,
 * user)` answers the core, its caller, and `settled(runId, done)`, which resolves with the run once
 * `done` holds, from its events or from the list if it got there first (never a fixed wait).
 */
export function useTestCores() {
  const cores: Core[] = [];
  afterEach(async () => {
    for (const core of cores.splice(0)) {
      await core.close();
    }
  });
  return async function coreOn(url: string, username: string) {
    const core = await signedIn(coreFor(url), username);
    cores.push(core);
    const call = callerOf(core);
    const runs = followEvents<RunView>(core, (event) =>
      event.type === 'runs.changed' ? { id: event.run.id, value: event.run } : null,
    );
    const settled = async (id: string, done: (run: RunView) => boolean) => {
      const reached = runs.waitFor(id, done);
      const now = (await call('runs.list')).find((run) => run.id === id);
      if (now) runs.offer(id, now);
      return reached;
    };
    return { core, call, settled };
  };
}
