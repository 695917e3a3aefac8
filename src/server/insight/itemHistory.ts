import type { z } from 'zod';
import type { historyEntrySchema } from '../../shared/responses/insight';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Queryable } from '../db/database';
import { NEWS, TWEETS } from '../review/serviceDefs';
import { ITEM_STATE_COLUMNS, itemStateOf, type ItemState } from './historyRecord';

type Entry = z.input<typeof historyEntrySchema>;

/**
 * Every write recorded for one item, oldest first (404 when there is no such item): the writes of
 * reviewers' calls (item_history, written with them: historyRecord.ts) merged with the changes
 * model runs made to it (model_run_changes), which are read where they are rather than copied. A
 * model run's entry is dated when the run ended (when it started, while it runs), names who
 * started it, and has the ratio and decision it changed; the rest of its before and after is the
 * item as it is now, which a model run never changes.
 */
export async function historyOf(
  db: Queryable,
  service: 'tweets' | 'news',
  itemId: number,
): Promise<Outcome<Entry[]>> {
  const def = service === 'news' ? NEWS : TWEETS;
  const [item] = await db.query<Record<string, unknown>>(
    `SELECT ${ITEM_STATE_COLUMNS} FROM ${def.table} WHERE id = $1`,
    [itemId],
  );
  if (!item) return refusal('not_found', `No ${service} item with data id ${itemId}.`);
  const now = itemStateOf(item);
  const rows = await db.query<{
    at: unknown;
    actor: string | null;
    call: string | null;
    source: 'single' | 'bulk' | 'model' | 'story';
    bulk_run_id: string | null;
    model_run_id: number | string | null;
    story_id: number | string | null;
    story_decided_at: unknown;
    before: unknown;
    after: unknown;
  }>(
    `SELECT at, actor, call, source, bulk_run_id, model_run_id, before, after, 0 AS kind, id AS seq,
            story_id, story_decided_at
       FROM item_history WHERE service = $1 AND item_id = $2
     UNION ALL
     SELECT coalesce(r.finished_at, r.started_at), r.started_by, NULL, 'model', NULL, r.id,
            jsonb_build_object('selected', c.old_selected, 'nlpDecisionRatio', c.old_ratio),
            jsonb_build_object('selected', c.new_selected, 'nlpDecisionRatio', c.new_ratio),
            1, r.id, NULL, NULL
       FROM model_run_changes AS c JOIN model_runs AS r ON r.id = c.run_id
      WHERE c.service = $1 AND c.item_id = $2
     ORDER BY 1, 9, 10`,
    [service, itemId],
  );
  const modelCall = `${def.calls.createModel.method} ${def.calls.createModel.path}`;
  return written(
    rows.map((row) => ({
      at: isoOf(row.at),
      actor: row.actor,
      call: row.call ?? modelCall,
      source: row.source,
      bulkRunId: row.bulk_run_id,
      modelRunId: row.model_run_id === null ? null : Number(row.model_run_id),
      ...(row.story_id === null
        ? {}
        : {
            story: {
              id: Number(row.story_id),
              decidedAt: isoOf(row.story_decided_at),
            },
          }),
      before: stateIn(row.before, now),
      after: stateIn(row.after, now),
    })),
  );
}

const isoOf = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/** A recorded state (jsonb, parsed by the driver or not), over the item's present one. */
function stateIn(recorded: unknown, now: ItemState): ItemState {
  const value: unknown = typeof recorded === 'string' ? JSON.parse(recorded) : recorded;
  return { ...now, ...(value as Partial<ItemState>) };
}
