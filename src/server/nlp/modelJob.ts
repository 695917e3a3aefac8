import type { Database } from '../db/database';
import { isHeldOut } from './heldOut';
import { trainNaiveBayes, type TrainingExample } from './naiveBayes';
import { rescoreAll } from './rescore';
import {
  createRun,
  failAbandonedRuns,
  failRun,
  finishRun,
  recordProgress,
  recordTraining,
  type CreatedRun,
  type ModelService,
} from './runRecord';

export interface ModelRunResult {
  /** Human decisions trained on (the held-out ones are not among them). */
  trainedOn: number;
  heldOut: number;
  /** Share of held-out decisions the new model predicts right; null when none were held out. */
  accuracy: number | null;
  /** Items scored, and how many of them the run changed (rescore.ts says what a change is). */
  scored: number;
  changed: number;
  keptToEliminated: number;
  eliminatedToKept: number;
}

/**
 * One model run, recorded under `runId` (runRecord.ts): trains on the human decisions (items
 * manually changed or reviewed) except those held out (heldOut.ts), measures the new model's
 * accuracy on the held-out ones, then re-scores every item (rescore.ts). A failure is recorded on
 * the run and thrown.
 */
export async function runModel(
  db: Database,
  service: ModelService,
  runId: number,
): Promise<ModelRunResult> {
  try {
    const labelled = await db.query<{ id: number | string; message: string; selected: boolean }>(
      `SELECT id, message, selected FROM ${service} WHERE manually_changed OR reviewed_by IS NOT NULL`,
    );
    const training: TrainingExample[] = [];
    const heldOut: TrainingExample[] = [];
    for (const row of labelled)
      (isHeldOut(Number(row.id)) ? heldOut : training).push({
        text: row.message,
        keep: row.selected,
      });
    const model = trainNaiveBayes(training);
    const right = heldOut.filter((example) => model.predict(example.text) > 0.5 === example.keep);
    const accuracy = heldOut.length > 0 ? right.length / heldOut.length : null;
    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${service}`,
    );
    await recordTraining(db, runId, model, {
      trainedOn: training.length,
      heldOut: heldOut.length,
      accuracy,
      total: Number(total),
    });
    const scoring = await rescoreAll(db, service, runId, model.predict, (so) =>
      recordProgress(db, runId, so),
    );
    await finishRun(db, runId, service);
    return { trainedOn: training.length, heldOut: heldOut.length, accuracy, ...scoring };
  } catch (error) {
    await failRun(db, runId, error instanceof Error ? error.message : String(error)).catch(
      () => undefined,
    );
    throw error;
  }
}

/** A run as the Model call answers it: started now, or the one already going, which it joins. */
export interface ModelStart extends CreatedRun {
  status: 'started' | 'running';
}

interface Job {
  created: Promise<CreatedRun>;
  done: Promise<void>;
}

/** One run per service at a time; a second request while one runs joins it (same run id). */
export class ModelJobs {
  readonly #jobs = new Map<ModelService, Job>();
  readonly #recovered: Promise<void>;

  constructor(private readonly db: Database) {
    // A database table that is not there yet (a server built before migrating) has nothing to fix.
    this.#recovered = failAbandonedRuns(db).catch(() => undefined);
  }

  start(service: ModelService, startedBy: string | null): Promise<ModelStart> {
    const current = this.#jobs.get(service);
    if (current) return current.created.then((run) => ({ status: 'running', ...run }));
    // The job is registered before the first await, so a request arriving meanwhile joins it.
    const created = this.#recovered.then(() => createRun(this.db, service, startedBy));
    const done = created
      .then((run) => runModel(this.db, service, run.runId))
      .then(
        () => undefined,
        (error: unknown) => console.error(`[server] ${service} model run failed:`, error),
      )
      .finally(() => this.#jobs.delete(service));
    this.#jobs.set(service, { created, done });
    return created.then((run) => ({ status: 'started', ...run }));
  }

  /** For tests and shutdown: waits for runs in progress. */
  async idle(): Promise<void> {
    await Promise.all([...this.#jobs.values()].map((job) => job.done));
  }
}
