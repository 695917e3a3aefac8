import type { z } from 'zod';
import {
  MODEL_RUN_CHANGES_PAGE_SIZE,
  type modelRunChangesQuerySchema,
} from '../../shared/bodies/insight';
import type {
  modelRunChangeSchema,
  modelRunChangesPageSchema,
} from '../../shared/responses/insight';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Queryable } from '../db/database';
import { changeDirectionIs } from './changeDirection';

/**
 * The items one model run changed (model_run_changes), for the model-runs extension's changes
 * list: a page at a time, by direction and reviewed, each with its item's text and detect time.
 */

type Service = 'tweets' | 'news';

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/** A run's changes as counted by the statements that wrote them (src/server/nlp/rescore.ts). */
interface StoredCounts {
  status: string;
  changed: number;
  kept_to_eliminated: number;
  eliminated_to_kept: number;
  reviewed_changed: number;
  reviewed_kept_to_eliminated: number;
  reviewed_eliminated_to_kept: number;
}

/**
 * A finished run's total for any filter of its changes, from the counts on its row: no count over
 * what may be a million change rows. A running run's row lags its committed changes by a batch,
 * so its totals are counted (null here).
 */
function storedTotal(
  run: StoredCounts,
  query: z.output<typeof modelRunChangesQuerySchema>,
): number | null {
  if (run.status !== 'finished') return null;
  const counts = (changed: number, keptToEliminated: number, eliminatedToKept: number) => ({
    all: changed,
    keptToEliminated,
    eliminatedToKept,
    ratioOnly: changed - keptToEliminated - eliminatedToKept,
  });
  const reviewed = counts(
    Number(run.reviewed_changed),
    Number(run.reviewed_kept_to_eliminated),
    Number(run.reviewed_eliminated_to_kept),
  );
  const unreviewed = counts(
    Number(run.changed) - reviewed.all,
    Number(run.kept_to_eliminated) - reviewed.keptToEliminated,
    Number(run.eliminated_to_kept) - reviewed.eliminatedToKept,
  );
  const key = query.direction ?? 'all';
  if (query.reviewed === 'true') return reviewed[key];
  if (query.reviewed === 'false') return unreviewed[key];
  return reviewed[key] + unreviewed[key];
}

/** The items one run changed, in item order, a page at a time, by direction and reviewed. */
export async function listModelRunChanges(
  db: Queryable,
  id: number,
  query: z.output<typeof modelRunChangesQuerySchema>,
): Promise<Outcome<z.input<typeof modelRunChangesPageSchema>>> {
  const [run] = await db.query<StoredCounts & { service: Service }>(
    `SELECT service, status, changed, kept_to_eliminated, eliminated_to_kept, reviewed_changed,
            reviewed_kept_to_eliminated, reviewed_eliminated_to_kept
       FROM model_runs WHERE id = $1`,
    [id],
  );
  if (!run) return refusal('not_found', `No model run with id ${id}.`);
  // By direction, the page walks migration 10's index by run and direction in item order, which
  // leaves the service out (every change of a run is of the run's service); otherwise it walks
  // the primary key (run, service, item). Reviewed is a filter on either walk.
  const conditions = ['c.run_id = $1'];
  const params: unknown[] = [id];
  if (query.direction) conditions.push(changeDirectionIs('c', query.direction));
  else {
    conditions.push('c.service = $2');
    params.push(run.service);
  }
  if (query.reviewed !== 'null') conditions.push(`c.reviewed = ${query.reviewed === 'true'}`);
  const where = conditions.join(' AND ');
  const total =
    storedTotal(run, query) ??
    (
      await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM model_run_changes AS c WHERE ${where}`,
        params,
      )
    ).map((row) => Number(row.total))[0] ??
    0;
  const offset = query.page * MODEL_RUN_CHANGES_PAGE_SIZE;
  // A page past the end (an empty filter among them) is not looked for: the walk would read the
  // whole run's changes of that direction to find nothing.
  // The page is cut from the change rows alone, then joined to its items: a deep page skips
  // index entries, not item lookups. The table name comes from the run's row, not the request.
  const rows =
    offset >= total
      ? []
      : await db.query<Record<string, unknown>>(
          `SELECT c.item_id, left(i.message, 300) AS message, i.detect_time, c.old_ratio,
                  c.new_ratio, c.old_selected, c.new_selected, c.reviewed
             FROM (SELECT c.* FROM model_run_changes AS c WHERE ${where} ORDER BY c.item_id
                    LIMIT ${MODEL_RUN_CHANGES_PAGE_SIZE} OFFSET ${offset}) AS c
             JOIN ${run.service === 'news' ? 'news' : 'tweets'} AS i ON i.id = c.item_id
            ORDER BY c.item_id`,
          params,
        );
  const changes = rows.map((row): z.input<typeof modelRunChangeSchema> => ({
    itemId: Number(row.item_id),
    message: String(row.message),
    detectTime: iso(row.detect_time),
    oldRatio: Number(row.old_ratio),
    newRatio: Number(row.new_ratio),
    oldSelected: row.old_selected === true,
    newSelected: row.new_selected === true,
    reviewed: row.reviewed === true,
  }));
  return written({ total, changes });
}
