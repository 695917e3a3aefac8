import type { RunPreparePayload, RunView } from '../../../shared/runs';
import { invoke, onBridgeEvent } from '../../bridge/bridge';

/**
 * The later of two views of one run. The answer of runs.prepare and its runs.changed events come
 * on different paths, so either may arrive first: a taken snapshot (any status past preparing)
 * beats one being read, and more items read beats fewer; otherwise the second (`b`), the one
 * heard last, wins.
 */
export function laterView(a: RunView, b: RunView | undefined): RunView {
  if (!b) return a;
  const rank = (run: RunView) => (run.status === 'preparing' ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  return b.read >= a.read ? b : a;
}

/**
 * Asks core to prepare a run and resolves once its snapshot is taken (ready) or could not be
 * (failed). Listens before asking, so an event that beats the answer is not missed.
 */
export function prepareRun(payload: RunPreparePayload): Promise<RunView> {
  return new Promise<RunView>((resolve, reject) => {
    let id: string | null = null;
    const early = new Map<string, RunView>();
    const settle = (run: RunView) => {
      stop();
      resolve(run);
    };
    const stop = onBridgeEvent((event) => {
      if (event.type !== 'runs.changed') return;
      if (id === null) early.set(event.run.id, event.run);
      else if (event.run.id === id && event.run.status !== 'preparing') settle(event.run);
    });
    invoke('runs.prepare', payload).then(
      (answer) => {
        id = answer.id;
        const run = laterView(answer, early.get(answer.id));
        if (run.status !== 'preparing') settle(run);
      },
      (error: unknown) => {
        stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Forgets a prepared run nobody will start; a failure leaves it in the Runs drawer, no more. */
export function discardRun(id: string): void {
  invoke('runs.discard', { id }).catch(() => undefined);
}
