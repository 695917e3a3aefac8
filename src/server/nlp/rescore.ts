import type { Queryable } from '../db/database';
import { NO_PROGRESS, type ModelService, type ScoringProgress } from './runRecord';

/**
 * A model run's scoring: every item gets the new model's ratio, a batch at a time, and every
 * item whose ratio or decision the run changed is recorded in model_run_changes by the same
 * statement that changes it.
 *
 * What a run may change (DESIGN.md, Extensions: model runs; RELIABILITY.md, "The model run never
 * overwrites a human decision"):
 * - nlpDecisionRatio is the model's opinion of the item, so it is updated on EVERY item, those a
 *   human decided or reviewed included: their change is recorded with `reviewed` true, and it is
 *   always a ratio-only change.
 * - The decision (selected) follows the new ratio (kept when above 0.5) only on items no human
 *   has decided or reviewed and that were not eliminated by similarity or by quoted post
 *   (tweets). A reviewer's decision is never overwritten.
 * - A ratio that moves by no more than RATIO_EPSILON is not a change: the item keeps its old
 *   ratio and nothing is recorded, so a run that learns nothing new writes (almost) nothing.
 */

export const RATIO_EPSILON = 1e-9;

/** Items read, scored and written per batch. */
export const SCORE_BATCH = 5000;

/** The items a run may score but whose decision it must leave alone. */
export function decidedElsewhere(table: ModelService, t: string): string {
  return (
    `${t}.manually_changed OR ${t}.reviewed_by IS NOT NULL` +
    (table === 'tweets'
      ? ` OR ${t}.eliminated_by_similarity OR ${t}.eliminated_by_quoted_post`
      : '')
  );
}

/**
 * One statement per batch: it locks the candidate items, re-reads them (a reviewer may have
 * decided one since the batch was read: their decision is what counts), works out each one's new
 * ratio and decision, writes the items that change and records them with their state before.
 * Being one statement, the change rows and the item writes are committed together or not at all.
 * $4 and $5 are the batch's first and last ids: the range lets the planner walk the primary key
 * (it cannot tell how few rows an id array or a CTE holds, and would scan the whole table).
 */
function changeStatement(table: ModelService): string {
  return `WITH s AS (
      SELECT * FROM unnest($2::bigint[], $3::float8[]) AS s(id, ratio)
    ), old AS MATERIALIZED (
      SELECT t.id, t.nlp_decision_ratio AS ratio, t.selected,
             (t.manually_changed OR t.reviewed_by IS NOT NULL) AS reviewed,
             (${decidedElsewhere(table, 't')}) AS decided
        FROM ${table} AS t
       WHERE t.id = ANY($2::bigint[]) AND t.id BETWEEN $4 AND $5
       ORDER BY t.id FOR UPDATE OF t
    ), changed AS MATERIALIZED (
      SELECT n.* FROM (
        SELECT old.id, old.ratio AS old_ratio, s.ratio AS new_ratio, old.selected AS old_selected,
               CASE WHEN old.decided THEN old.selected ELSE s.ratio > 0.5 END AS new_selected,
               old.reviewed
          FROM old JOIN s ON s.id = old.id) AS n
       WHERE abs(n.new_ratio - n.old_ratio) > ${RATIO_EPSILON} OR n.new_selected <> n.old_selected
    ), written AS (
      UPDATE ${table} AS t SET nlp_decision_ratio = c.new_ratio, selected = c.new_selected,
             version = t.version + 1, changed_at = now()
        FROM changed AS c WHERE t.id = c.id AND t.id BETWEEN $4 AND $5
    ), recorded AS (
      INSERT INTO model_run_changes
             (run_id, service, item_id, old_ratio, new_ratio, old_selected, new_selected, reviewed)
      SELECT $1, '${table}', id, old_ratio, new_ratio, old_selected, new_selected, reviewed
        FROM changed
      RETURNING old_selected, new_selected, reviewed
    )
    SELECT count(*)::int AS changed,
           (count(*) FILTER (WHERE old_selected AND NOT new_selected))::int AS kept_to_eliminated,
           (count(*) FILTER (WHERE new_selected AND NOT old_selected))::int AS eliminated_to_kept,
           (count(*) FILTER (WHERE reviewed))::int AS reviewed_changed,
           (count(*) FILTER (WHERE reviewed AND old_selected AND NOT new_selected))::int
             AS reviewed_kept_to_eliminated,
           (count(*) FILTER (WHERE reviewed AND new_selected AND NOT old_selected))::int
             AS reviewed_eliminated_to_kept
      FROM recorded`;
}

interface BatchRow {
  id: number | string;
  message: string;
  ratio: number;
  selected: boolean;
  decided: boolean;
}

/**
 * Scores every item of `table` with `predict`, in id order, recording the changes under `runId`;
 * `progress` is told after every batch. Items added while it runs are scored too when their ids
 * come after the batch being read.
 */
export async function rescoreAll(
  db: Queryable,
  table: ModelService,
  runId: number,
  predict: (text: string) => number,
  progress: (so: ScoringProgress) => Promise<void>,
): Promise<ScoringProgress> {
  const statement = changeStatement(table);
  const so: ScoringProgress = { ...NO_PROGRESS };
  let lastId = 0;
  for (;;) {
    const rows = await db.query<BatchRow>(
      `SELECT t.id, t.message, t.nlp_decision_ratio AS ratio, t.selected,
              (${decidedElsewhere(table, 't')}) AS decided
         FROM ${table} AS t WHERE t.id > $1 ORDER BY t.id LIMIT ${SCORE_BATCH}`,
      [lastId],
    );
    if (rows.length === 0) break;
    // Only the items this read says will change go to the locking statement, which decides again
    // on what it finds: on a run that changes little, little is locked or written.
    const ids: number[] = [];
    const ratios: number[] = [];
    for (const row of rows) {
      const ratio = predict(row.message);
      const old = Number(row.ratio);
      if (Math.abs(ratio - old) > RATIO_EPSILON || (!row.decided && ratio > 0.5 !== row.selected)) {
        ids.push(Number(row.id));
        ratios.push(ratio);
      }
    }
    if (ids.length > 0) {
      const [counts] = await db.query<Record<string, number>>(statement, [
        runId,
        ids,
        ratios,
        ids[0],
        ids[ids.length - 1],
      ]);
      so.changed += Number(counts?.changed ?? 0);
      so.keptToEliminated += Number(counts?.kept_to_eliminated ?? 0);
      so.eliminatedToKept += Number(counts?.eliminated_to_kept ?? 0);
      so.reviewedChanged += Number(counts?.reviewed_changed ?? 0);
      so.reviewedKeptToEliminated += Number(counts?.reviewed_kept_to_eliminated ?? 0);
      so.reviewedEliminatedToKept += Number(counts?.reviewed_eliminated_to_kept ?? 0);
    }
    so.scored += rows.length;
    lastId = Number(rows[rows.length - 1]!.id);
    await progress({ ...so });
    // Let requests in between batches: the call answered at once, the work goes on behind it.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return so;
}
