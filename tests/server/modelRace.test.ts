/**
 * A model run never overwrites a human decision (RELIABILITY.md, What holds): a reviewer who
 * selects, eliminates or reviews an item while the run is between reading a batch and writing it
 * keeps their decision, because the run's write locks the items and decides again on what it finds.
 * With model runs recorded (DESIGN.md, Extensions), the run still gives such an item the model's
 * ratio (the model's opinion), and records that as a reviewed, ratio-only change.
 */
import { describe, expect, it } from 'vitest';
import { runModel } from '../../src/server/nlp/modelJob';
import { createRun } from '../../src/server/nlp/runRecord';
import { racingDatabase } from '../support/racingDatabase';
import { useServer } from '../support/serverHarness';
import { ENGINES } from '../support/testServer';

interface ItemState {
  selected: boolean;
  nlp_decision_ratio: number;
  manually_changed: boolean;
  reviewed_by: string | null;
}

describe.each(ENGINES)('a model run and a reviewer at the same time on %s', (engine) => {
  const api = useServer({ engine, user: null });

  const stateOf = async (table: string, id: number) =>
    (
      await api.server.context.db.query<ItemState>(
        `SELECT selected, nlp_decision_ratio, manually_changed, reviewed_by FROM ${table} WHERE id = $1`,
        [id],
      )
    )[0]!;

  it.each(['tweets', 'news'] as const)(
    '%s: items decided between the read and the write keep the human decision',
    async (table) => {
      const decided: { id: number; ratio: number; state: ItemState }[] = [];
      const db = racingDatabase(
        api.server.context.db,
        // The batch's write (src/server/nlp/rescore.ts): [run id, item ids, new ratios].
        /^WITH s AS \(\s*SELECT \* FROM unnest/,
        async (q, { params }) => {
          const [, ids, ratios] = params as [number, number[], number[]];
          expect(ids.length).toBeGreaterThan(5);
          // The opposite of what the model is about to write, so an overwrite would show.
          const manual = { id: ids[0]!, ratio: ratios[0]!, selected: !(ratios[0]! > 0.5) };
          const reviewed = { id: ids[5]!, ratio: ratios[5]!, selected: !(ratios[5]! > 0.5) };
          await q.query(
            `UPDATE ${table} SET manually_changed = true, manually_changed_by = 'reviewer2',
                selected = $2 WHERE id = $1`,
            [manual.id, manual.selected],
          );
          await q.query(
            `UPDATE ${table} SET reviewed_by = 'reviewer3', selected = $2 WHERE id = $1`,
            [reviewed.id, reviewed.selected],
          );
          for (const { id, ratio } of [manual, reviewed])
            decided.push({ id, ratio, state: await stateOf(table, id) });
        },
      );
      const { runId } = await createRun(db, table, 'reviewer1');
      const run = await runModel(db, table, runId);
      expect(db.raced()).toBe(true);
      expect(decided).toHaveLength(2);
      for (const { id, ratio, state } of decided) {
        // The decision, its flag and its reviewer are the human's; the ratio is the model's.
        expect(await stateOf(table, id)).toEqual({ ...state, nlp_decision_ratio: ratio });
        const [change] = await api.server.context.db.query<{
          old_selected: boolean;
          new_selected: boolean;
          reviewed: boolean;
          new_ratio: number;
        }>(
          `SELECT old_selected, new_selected, reviewed, new_ratio FROM model_run_changes
            WHERE run_id = $1 AND item_id = $2`,
          [runId, id],
        );
        expect(change).toEqual({
          old_selected: state.selected,
          new_selected: state.selected,
          reviewed: true,
          new_ratio: ratio,
        });
      }
      const [{ n } = { n: 0 }] = await api.server.context.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}`,
      );
      expect(run.scored).toBe(n);
      expect(run.changed).toBeGreaterThan(0);
    },
  );
});
