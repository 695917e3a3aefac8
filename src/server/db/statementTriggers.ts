/**
 * The three statement-level triggers that keep a summary of a review table (dayCounts.ts,
 * keywordItems.ts): one plpgsql function and one AFTER trigger per write, each seeing the written
 * rows as transition tables (new_rows, old_rows), so a bulk statement runs its body once.
 */
export interface TriggerBodies {
  /** Run after an INSERT; new_rows holds the inserted rows. */
  ins: string;
  /** Run after a DELETE; old_rows holds the deleted rows. */
  del: string;
  /** Run after an UPDATE; old_rows and new_rows hold the rows before and after. */
  upd: string;
}

const REFERENCING = {
  ins: { event: 'INSERT', tables: 'NEW TABLE AS new_rows' },
  del: { event: 'DELETE', tables: 'OLD TABLE AS old_rows' },
  upd: { event: 'UPDATE', tables: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
} as const;

/** The functions, then the triggers: `<table>_<name>_ins`, `_del`, `_upd`. */
export function statementTriggers(table: string, name: string, bodies: TriggerBodies): string[] {
  const ops = ['ins', 'del', 'upd'] as const;
  const fn = (op: (typeof ops)[number]) =>
    `CREATE FUNCTION ${table}_${name}_${op}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      ${bodies[op]};
      RETURN NULL;
    END
    $fn$`;
  const trigger = (op: (typeof ops)[number]) =>
    `CREATE TRIGGER ${table}_${name}_${op} AFTER ${REFERENCING[op].event} ON ${table} REFERENCING ${REFERENCING[op].tables}
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_${name}_${op}()`;
  return [...ops.map(fn), ...ops.map(trigger)];
}
