/**
 * Per-day counts of the review tables, kept by statement-level triggers, so that counting a wide
 * filter over a million items reads a few thousand summary rows instead of every item. One row per
 * (day, keyword, selected, manually_changed, reviewed_by); keyword '' counts every item of the day,
 * the other keywords count the items that detected them. Statement-level triggers with transition
 * tables keep bulk writes (seeding, model re-scoring) cheap.
 */

export const countsTable = (table: 'tweets' | 'news') => `${table}_day_counts`;

/** The rows an item set contributes, signed. `rows` is a transition table or the table itself. */
function contributions(rows: string, sign: 1 | -1): string {
  return `SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, ${sign} AS n
            FROM ${rows} AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k`;
}

function applyDelta(table: 'tweets' | 'news', source: string): string {
  const counts = countsTable(table);
  return `INSERT INTO ${counts} AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (${source}) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n`;
}

export function dayCountStatements(table: 'tweets' | 'news'): string[] {
  const counts = countsTable(table);
  const fn = (
    op: string,
    body: string,
  ) => `CREATE FUNCTION ${table}_counts_${op}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      ${body};
      RETURN NULL;
    END
    $fn$`;
  return [
    `CREATE TABLE ${counts} (
       day date NOT NULL,
       keyword text NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (keyword, day, selected, manually_changed, reviewed_by)
     )`,
    // Existing rows, counted once.
    applyDelta(table, contributions(table, 1)),
    fn('ins', applyDelta(table, contributions('new_rows', 1))),
    fn('del', applyDelta(table, contributions('old_rows', -1))),
    fn(
      'upd',
      applyDelta(
        table,
        `${contributions('new_rows', 1)} UNION ALL ${contributions('old_rows', -1)}`,
      ),
    ),
    `CREATE TRIGGER ${table}_counts_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_counts_ins()`,
    `CREATE TRIGGER ${table}_counts_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_counts_del()`,
    `CREATE TRIGGER ${table}_counts_upd AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${table}_counts_upd()`,
  ];
}
