/**
 * A model run never overwrites a human decision (issue 13, item 3): a reviewer who selects,
 * eliminates or reviews an item while the run is between reading a batch and writing it keeps
 * their decision, because the run's write checks again in the same statement.
 */
import { describe, expect, it } from 'vitest';
import { runModel } from '../../src/server/nlp/modelJob';
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
      const decided: { id: number; state: ItemState }[] = [];
      const db = racingDatabase(
        api.server.context.db,
        new RegExp(`^UPDATE ${table} AS t SET nlp_decision_ratio`),
        async (q, { params }) => {
          const [ids, ratios] = params as [number[], number[]];
          // The opposite of what the model is about to write, so an overwrite would show.
          const manual = { id: ids[0]!, selected: !(ratios[0]! > 0.5) };
          const reviewed = { id: ids[5]!, selected: !(ratios[5]! > 0.5) };
          await q.query(
            `UPDATE ${table} SET manually_changed = true, manually_changed_by = 'reviewer2',
                selected = $2 WHERE id = $1`,
            [manual.id, manual.selected],
          );
          await q.query(
            `UPDATE ${table} SET reviewed_by = 'reviewer3', selected = $2 WHERE id = $1`,
            [reviewed.id, reviewed.selected],
          );
          for (const { id } of [manual, reviewed])
            decided.push({ id, state: await stateOf(table, id) });
        },
      );
      const run = await runModel(db, table);
      expect(db.raced()).toBe(true);
      expect(decided).toHaveLength(2);
      for (const { id, state } of decided) expect(await stateOf(table, id)).toEqual(state);
      // The rest of the batch was re-scored; the two decided items were not.
      const untouched = await api.server.context.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}
          WHERE NOT (manually_changed OR reviewed_by IS NOT NULL)`,
      );
      expect(run.rescored).toBeLessThanOrEqual(untouched[0]!.n);
      expect(run.rescored).toBeGreaterThan(0);
    },
  );
});
