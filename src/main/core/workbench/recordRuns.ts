import { randomUUID } from 'node:crypto';
import { bridgePayloadSchemas } from '../../../shared/bridge';
import type {
  RecordRunChannel,
  RecordRunStart,
  RecordRunView,
} from '../../../shared/workbench/recordRuns';
import { BridgeFailure, toBridgeError } from '../bridgeFailure';
import type { CallContext } from '../bridge/callContext';
import type { LocalService } from '../bridge/localServices';

/** Sends one write of a run as the user's own, journalled under the run's id (handlers.ts). */
export type RunWrite = (
  channel: RecordRunChannel,
  payload: Record<string, unknown>,
  runId: string,
  context: CallContext,
) => Promise<unknown>;

/** Why a run stopped when its user's session ended under it. */
export const RUN_SESSION_ENDED =
  'Your session ended: the rest was not written. Sign in and choose them again.';

/** Finished runs kept per user for their progress to be read. */
const KEPT = 20;

interface HeldRun {
  owner: string;
  view: RecordRunView;
  cancelled: boolean;
}

/**
 * Bulk runs on reference lists (issue 49): the chosen records' writes, frozen when the run starts
 * (the bodies the renderer built from the rows shown), sent one after another so that the provider
 * sees one user working, each journalled under the run's id, stoppable between two writes. A body
 * that does not fit its call is refused on its own with the reason and the others go on. Kept in
 * memory: a run is minutes of work; after a restart its journal entries tell what was written.
 */
export function createRecordRuns(deps: {
  write: RunWrite;
  now?: () => Date;
}): LocalService<'recordRuns'> & { settled(id: string): Promise<void> } {
  const now = deps.now ?? (() => new Date());
  const runs = new Map<string, HeldRun>();
  const working = new Map<string, Promise<void>>();

  const mine = (id: string, context: CallContext): HeldRun => {
    const run = runs.get(id);
    if (!run || run.owner !== context.user())
      throw new BridgeFailure(404, 'NO_SUCH_RUN', 'This run is not known (any more).');
    return run;
  };

  const keep = (owner: string) => {
    const finished = [...runs.entries()].filter(
      ([, run]) => run.owner === owner && run.view.status !== 'running',
    );
    for (const [id] of finished.slice(0, Math.max(0, finished.length - KEPT))) runs.delete(id);
  };

  async function work(run: HeldRun, start: RecordRunStart, context: CallContext): Promise<void> {
    const schema = bridgePayloadSchemas[start.channel];
    for (const [index, item] of start.items.entries()) {
      // A run writes as the user who started it: when the session is no longer theirs (signed
      // out, or another signed in), the rest is not written.
      if (context.userOrNull() !== run.owner) {
        run.view = {
          ...run.view,
          status: 'cancelled',
          left: start.items.length - index,
          stopped: RUN_SESSION_ENDED,
          finishedAt: now().toISOString(),
        };
        return;
      }
      if (run.cancelled) {
        run.view = {
          ...run.view,
          status: 'cancelled',
          left: start.items.length - index,
          finishedAt: now().toISOString(),
        };
        return;
      }
      const checked = schema.safeParse(item.payload);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        run.view.failed.push({
          target: item.target,
          message: `Not sent: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        });
        continue;
      }
      try {
        await deps.write(
          start.channel,
          checked.data as Record<string, unknown>,
          run.view.id,
          context,
        );
        run.view.done += 1;
      } catch (error) {
        run.view.failed.push({ target: item.target, message: toBridgeError(error).message });
      }
    }
    run.view = { ...run.view, status: 'done', finishedAt: now().toISOString() };
  }

  return {
    async start(start, context) {
      const owner = context.user();
      const id = randomUUID();
      const run: HeldRun = {
        owner,
        cancelled: false,
        view: {
          id,
          label: start.label,
          channel: start.channel,
          status: 'running',
          total: start.items.length,
          done: 0,
          failed: [],
          left: 0,
          stopped: null,
          startedAt: now().toISOString(),
          finishedAt: null,
        },
      };
      runs.set(id, run);
      keep(owner);
      working.set(
        id,
        work(run, start, context).finally(() => working.delete(id)),
      );
      return structuredClone(run.view);
    },
    async get({ id }, context) {
      return structuredClone(mine(id, context).view);
    },
    async cancel({ id }, context) {
      const run = mine(id, context);
      if (run.view.status === 'running') run.cancelled = true;
      await working.get(id);
      return structuredClone(run.view);
    },
    /** Resolves once a run has finished (tests). */
    async settled(id) {
      await working.get(id);
    },
  };
}
