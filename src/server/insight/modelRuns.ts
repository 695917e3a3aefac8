import type { z } from 'zod';
import type {
  modelRunSchema,
  modelRunsPageSchema,
  whySchema,
} from '../../shared/responses/insight';
import { MODEL_RUNS_PAGE_SIZE, type modelRunsQuerySchema } from '../../shared/bodies/insight';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Queryable } from '../db/database';
import { whyOfText } from './why';

export { listModelRunChanges } from './modelRunChanges';

/**
 * The model-runs extension's reads: the runs (model_runs), the items each one changed
 * (model_run_changes: modelRunChanges.ts) and Why? for one item. The runs are written by src/server/nlp/modelJob.ts.
 */

type RunView = z.input<typeof modelRunSchema>;
type Service = 'tweets' | 'news';

const RUN_COLUMNS = `id, service, started_by, started_at, finished_at, status, phase, scored, total,
  trained_on, held_out, accuracy, previous_accuracy, changed, kept_to_eliminated,
  eliminated_to_kept, error`;

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

function runOf(row: Record<string, unknown>): RunView {
  return {
    id: Number(row.id),
    service: row.service as Service,
    startedBy: row.started_by === null ? null : String(row.started_by),
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    status: row.status as RunView['status'],
    phase: row.phase as RunView['phase'],
    scored: Number(row.scored),
    total: Number(row.total),
    trainedOn: Number(row.trained_on),
    heldOut: Number(row.held_out),
    accuracy: numberOrNull(row.accuracy),
    previousAccuracy: numberOrNull(row.previous_accuracy),
    changed: Number(row.changed),
    keptToEliminated: Number(row.kept_to_eliminated),
    eliminatedToKept: Number(row.eliminated_to_kept),
    error: row.error === null ? null : String(row.error),
  };
}

/** The runs, newest first, a page at a time, of one service or both. */
export async function listModelRuns(
  db: Queryable,
  query: z.output<typeof modelRunsQuerySchema>,
): Promise<z.input<typeof modelRunsPageSchema>> {
  const where = query.service ? 'WHERE service = $1' : '';
  const params = query.service ? [query.service] : [];
  const [rows, [count]] = await Promise.all([
    db.query<Record<string, unknown>>(
      `SELECT ${RUN_COLUMNS} FROM model_runs ${where} ORDER BY id DESC
        LIMIT ${MODEL_RUNS_PAGE_SIZE} OFFSET ${query.page * MODEL_RUNS_PAGE_SIZE}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM model_runs ${where}`, params),
  ]);
  return { total: Number(count?.total ?? 0), runs: rows.map(runOf) };
}

const noRun = (id: number) => refusal('not_found', `No model run with id ${id}.`);

export async function findModelRun(db: Queryable, id: number): Promise<Outcome<RunView>> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${RUN_COLUMNS} FROM model_runs WHERE id = $1`,
    [id],
  );
  return row ? written(runOf(row)) : noRun(id);
}

/** The latest finished run's per-word contributions for one item (404 when no model yet). */
export async function whyOf(
  db: Queryable,
  service: Service,
  itemId: number,
): Promise<Outcome<z.input<typeof whySchema>>> {
  const [run] = await db.query<{ id: number | string; prior_log_odds: number }>(
    `SELECT id, prior_log_odds FROM model_runs
      WHERE service = $1 AND status = 'finished' ORDER BY id DESC LIMIT 1`,
    [service],
  );
  if (!run)
    return refusal('not_found', `No ${service} model has been trained yet: press Model on Review.`);
  const [item] = await db.query<{ message: string }>(
    `SELECT message FROM ${service === 'news' ? 'news' : 'tweets'} WHERE id = $1`,
    [itemId],
  );
  if (!item) return refusal('not_found', `No ${service} item with data id ${itemId}.`);
  const runId = Number(run.id);
  return written({
    itemId,
    runId,
    ...(await whyOfText(db, runId, Number(run.prior_log_odds), item.message)),
  });
}
