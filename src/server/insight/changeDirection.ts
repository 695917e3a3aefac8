import { CHANGE_DIRECTIONS, type ChangeDirection } from '../../shared/bodies/insight';

/**
 * Which way a model run moved an item's decision, as SQL over a model_run_changes row aliased
 * `alias`: 'keptToEliminated', 'eliminatedToKept', or 'ratioOnly' when the decision stayed. It is
 * written exactly as migration 10's index writes it, so that a filter on it walks that index in
 * item order (PostgreSQL uses an expression index only for the same expression).
 */
export function changeDirectionSql(alias: string): string {
  return `(CASE WHEN ${alias}.old_selected = ${alias}.new_selected THEN 'ratioOnly'
             WHEN ${alias}.old_selected THEN 'keptToEliminated' ELSE 'eliminatedToKept' END)`;
}

/** The condition that a change went `direction`, as SQL (the direction is one of three words). */
export function changeDirectionIs(alias: string, direction: ChangeDirection): string {
  // Typed, and checked again: it goes into the SQL text.
  if (!CHANGE_DIRECTIONS.includes(direction)) throw new Error(`Unknown direction ${direction}`);
  return `${changeDirectionSql(alias)} = '${direction}'`;
}
