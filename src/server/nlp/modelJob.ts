import type { Database } from '../db/database';
import { trainNaiveBayes } from './naiveBayes';

export interface ModelRun {
  service: 'tweets' | 'news';
  trainedOn: number;
  rescored: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

const BATCH = 2000;

/**
 * Trains on every item whose decision a human made or confirmed (manually changed, or reviewed),
 * then re-scores the rest: nlpDecisionRatio, and the kept/eliminated decision of items no human
 * has touched and that were not eliminated by similarity or by quoted post.
 */
export async function runModel(
  db: Database,
  table: 'tweets' | 'news',
): Promise<{ trainedOn: number; rescored: number }> {
  const labelled = await db.query<{ message: string; selected: boolean }>(
    `SELECT message, selected FROM ${table} WHERE manually_changed OR reviewed_by IS NOT NULL`,
  );
  const model = trainNaiveBayes(labelled.map((row) => ({ text: row.message, keep: row.selected })));
  // Items the model leaves alone: decided by a human, or (tweets) eliminated as a duplicate.
  const untouchable = (t: string) =>
    `${t}.manually_changed OR ${t}.reviewed_by IS NOT NULL` +
    (table === 'tweets'
      ? ` OR ${t}.eliminated_by_similarity OR ${t}.eliminated_by_quoted_post`
      : '');
  let lastId = 0;
  let rescored = 0;
  for (;;) {
    const rows = await db.query<{ id: number; message: string }>(
      `SELECT id, message FROM ${table} AS t WHERE t.id > $1 AND NOT (${untouchable('t')})
        ORDER BY t.id LIMIT ${BATCH}`,
      [lastId],
    );
    if (rows.length === 0) break;
    const ids = rows.map((r) => Number(r.id));
    const ratios = rows.map((r) => model.predict(r.message));
    // A reviewer may decide on an item between this batch's read and its write: the write
    // checks again, in the same statement, so a human decision is never overwritten.
    const updated = await db.query(
      `UPDATE ${table} AS t SET nlp_decision_ratio = s.ratio, selected = s.ratio > 0.5
         FROM unnest($1::bigint[], $2::float8[]) AS s(id, ratio)
        WHERE t.id = s.id AND NOT (${untouchable('t')}) RETURNING t.id`,
      [ids, ratios],
    );
    rescored += updated.length;
    lastId = ids[ids.length - 1]!;
    // Let requests in between batches: the call answered at once, the work goes on behind it.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { trainedOn: labelled.length, rescored };
}

/** One run per service at a time; a second request while one runs joins it. */
export class ModelJobs {
  readonly runs = new Map<'tweets' | 'news', ModelRun>();
  readonly #running = new Map<'tweets' | 'news', Promise<void>>();

  constructor(private readonly db: Database) {}

  start(service: 'tweets' | 'news'): { status: 'started' | 'running'; run: ModelRun } {
    const current = this.runs.get(service);
    if (this.#running.has(service) && current) return { status: 'running', run: current };
    const run: ModelRun = {
      service,
      trainedOn: 0,
      rescored: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
    };
    this.runs.set(service, run);
    const job = runModel(this.db, service)
      .then(({ trainedOn, rescored }) => Object.assign(run, { trainedOn, rescored }))
      .catch((error: unknown) => {
        run.error = error instanceof Error ? error.message : String(error);
        console.error(`[server] ${service} model run failed:`, error);
      })
      .finally(() => {
        run.finishedAt = new Date().toISOString();
        this.#running.delete(service);
      });
    this.#running.set(
      service,
      job.then(() => undefined),
    );
    return { status: 'started', run };
  }

  /** For tests and shutdown: waits for runs in progress. */
  async idle(): Promise<void> {
    await Promise.all(this.#running.values());
  }
}
