import { statementTriggers } from './statementTriggers';

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
    ...statementTriggers(table, 'counts', {
      ins: applyDelta(table, contributions('new_rows', 1)),
      del: applyDelta(table, contributions('old_rows', -1)),
      upd: applyDelta(
        table,
        `${contributions('new_rows', 1)} UNION ALL ${contributions('old_rows', -1)}`,
      ),
    }),
  ];
}
