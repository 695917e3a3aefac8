import type { BridgeEvent } from '../../../shared/bridge';
import {
  BULK_ACTION_WORDS,
  isHeldReason,
  type RunProblem,
  type RunView,
} from '../../../shared/runs';
import type { Run } from './run';

/** Progress is told at most this often; a change of status at once. */
const PROGRESS_EVERY_MS = 250;
/** Skipped and failed items a view lists (RunView.problems). */
const MAX_PROBLEMS = 1000;

/** What the renderer sees of a run: its counts, problems, pace and whether it can be undone. */
export function runView(run: Run, concurrency: number): RunView {
  let done = 0;
  let skipped = 0;
  let heldByOthers = 0;
  let failed = 0;
  const problems: RunProblem[] = [];
  for (const [id, result] of run.results) {
    if (result.outcome === 'ok') done += 1;
    else {
      if (result.outcome === 'skipped') {
        skipped += 1;
        if (isHeldReason(result.reason)) heldByOthers += 1;
      } else failed += 1;
      if (problems.length < MAX_PROBLEMS)
        problems.push({ id, outcome: result.outcome, reason: result.reason ?? '' });
    }
  }
  const total = run.items.length + (run.kind === 'bulk' ? chosenUnread(run) : 0);
  const words = BULK_ACTION_WORDS[run.action];
  return {
    id: run.id,
    kind: run.kind,
    action: run.action,
    filterType: run.filterType,
    label: run.kind === 'undo' ? words.undoing : words.doing,
    status: run.status,
    matched: run.matched,
    read: run.read,
    total,
    leftOut: run.leftOut,
    done,
    skipped,
    heldByOthers,
    failed,
    inFlight: run.inFlight,
    concurrency,
    etaSeconds:
      run.status === 'running' ? run.pace.etaSeconds(total - done - skipped - failed) : null,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    problems,
    undoneBy: run.undoneBy,
    undoOf: run.undoOf,
    canUndo: canUndo(run),
    error: run.error,
  };
}

/** A finished select or eliminate run that changed items and was not undone yet. */
export function canUndo(run: Run): boolean {
  if (run.kind !== 'bulk' || run.write === 'reviewed' || run.undoneBy !== null) return false;
  if (run.status !== 'done' && run.status !== 'cancelled') return false;
  const target = run.write === 'manually-select';
  return [...run.results.values()].some(
    (r) => r.outcome === 'ok' && r.before?.selected === !target,
  );
}

/** Chosen items that could not be read at the snapshot count in the total, as skipped. */
function chosenUnread(run: Run): number {
  const inItems = new Set(run.items.map((item) => item.id));
  let unread = 0;
  for (const id of run.results.keys()) if (!inItems.has(id)) unread += 1;
  return unread;
}

/**
 * Tells every window that a run changed (`runs.changed`): a change of status at once, progress
 * at most every PROGRESS_EVERY_MS, so a run of thousands of items does not flood the bridge.
 */
export class RunEvents {
  constructor(
    private readonly emit: (event: BridgeEvent) => void,
    private readonly concurrency: number,
  ) {}

  view(run: Run): RunView {
    return runView(run, this.concurrency);
  }

  /** `now`: at once (a change of status); otherwise within PROGRESS_EVERY_MS (progress). */
  changed(run: Run, now: boolean): void {
    if (now) {
      if (run.emitTimer) clearTimeout(run.emitTimer);
      run.emitTimer = null;
      this.emit({ type: 'runs.changed', run: this.view(run) });
      return;
    }
    run.emitTimer ??= setTimeout(() => {
      run.emitTimer = null;
      this.emit({ type: 'runs.changed', run: this.view(run) });
    }, PROGRESS_EVERY_MS);
  }
}
