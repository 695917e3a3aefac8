import type { Database, Queryable } from '../db/database';
import type { NaiveBayesModel } from './naiveBayes';

/**
 * A model run's row in model_runs (migration 10), written as the run goes: created when Model is
 * pressed, its training figures and model once trained, its progress after every batch it scores,
 * and its end. What the model-runs extension reads back is src/server/insight/modelRuns.ts.
 */

export type ModelService = 'tweets' | 'news';

export interface CreatedRun {
  runId: number;
  startedAt: string;
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/**
 * A new running run. Its previous accuracy is the last finished run's of the same service: only
 * one run of a service goes at a time, so no run can finish in between.
 */
export async function createRun(
  db: Queryable,
  service: ModelService,
  startedBy: string | null,
): Promise<CreatedRun> {
  const [row] = await db.query<{ id: string | number; started_at: unknown }>(
    `INSERT INTO model_runs (service, started_by, previous_accuracy)
     VALUES ($1, $2, (SELECT accuracy FROM model_runs
                       WHERE service = $1 AND status = 'finished' ORDER BY id DESC LIMIT 1))
     RETURNING id, started_at`,
    [service, startedBy],
  );
  return { runId: Number(row!.id), startedAt: iso(row!.started_at) };
}

/**
 * Runs left 'running' by a server that stopped mid-run never end by themselves: at start, before
 * any run of this server, they are marked failed. (One server runs a database's model runs.)
 */
export async function failAbandonedRuns(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE model_runs SET status = 'failed', finished_at = now(),
            error = 'The server stopped before this run ended.'
      WHERE status = 'running'`,
  );
}

export interface TrainingFigures {
  trainedOn: number;
  heldOut: number;
  accuracy: number | null;
  total: number;
}

const FEATURE_BATCH = 5000;

/**
 * The trained model, kept for Why? (its prior and every feature's weight), and the training
 * figures; the run moves on to scoring `total` items.
 */
export async function recordTraining(
  db: Database,
  runId: number,
  model: NaiveBayesModel,
  figures: TrainingFigures,
): Promise<void> {
  const entries = [...model.weights];
  for (let from = 0; from < entries.length; from += FEATURE_BATCH) {
    const slice = entries.slice(from, from + FEATURE_BATCH);
    await db.query(
      `INSERT INTO model_run_features (run_id, feature, weight)
       SELECT $1, f, w FROM unnest($2::text[], $3::float8[]) AS s(f, w)`,
      [runId, slice.map(([feature]) => feature), slice.map(([, weight]) => weight)],
    );
  }
  await db.query(
    `UPDATE model_runs SET phase = 'scoring', trained_on = $2, held_out = $3, accuracy = $4,
            total = $5, prior_log_odds = $6 WHERE id = $1`,
    [
      runId,
      figures.trainedOn,
      figures.heldOut,
      figures.accuracy,
      figures.total,
      model.priorLogOdds,
    ],
  );
}

export interface ScoringProgress {
  scored: number;
  changed: number;
  keptToEliminated: number;
  eliminatedToKept: number;
  /** The same three counts among items a human had decided or reviewed. */
  reviewedChanged: number;
  reviewedKeptToEliminated: number;
  reviewedEliminatedToKept: number;
}

export const NO_PROGRESS: ScoringProgress = {
  scored: 0,
  changed: 0,
  keptToEliminated: 0,
  eliminatedToKept: 0,
  reviewedChanged: 0,
  reviewedKeptToEliminated: 0,
  reviewedEliminatedToKept: 0,
};

/**
 * After each batch: how far the run is, and what it has changed so far (so that a run that fails
 * halfway still says what it did; its changes are recorded and stay).
 */
export async function recordProgress(
  db: Queryable,
  runId: number,
  progress: ScoringProgress,
): Promise<void> {
  await db.query(
    `UPDATE model_runs SET scored = $2, total = greatest(total, $2), changed = $3,
            kept_to_eliminated = $4, eliminated_to_kept = $5, reviewed_changed = $6,
            reviewed_kept_to_eliminated = $7, reviewed_eliminated_to_kept = $8 WHERE id = $1`,
    [
      runId,
      progress.scored,
      progress.changed,
      progress.keptToEliminated,
      progress.eliminatedToKept,
      progress.reviewedChanged,
      progress.reviewedKeptToEliminated,
      progress.reviewedEliminatedToKept,
    ],
  );
}

/**
 * The run ended well. Only the newest finished model of a service answers Why?, so the weights of
 * the service's earlier runs are dropped (their figures and changes stay).
 */
export async function finishRun(db: Database, runId: number, service: ModelService): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE model_runs SET status = 'finished', phase = 'done', finished_at = now(),
              total = scored WHERE id = $1`,
      [runId],
    );
    await tx.query(
      `DELETE FROM model_run_features
        WHERE run_id IN (SELECT id FROM model_runs WHERE service = $1 AND id < $2)`,
      [service, runId],
    );
  });
}

/** The run failed: why, and its model is dropped (it never answers Why?). */
export async function failRun(db: Database, runId: number, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE model_runs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`,
      [runId, error.slice(0, 2000)],
    );
    await tx.query('DELETE FROM model_run_features WHERE run_id = $1', [runId]);
  });
}
