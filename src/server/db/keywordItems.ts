import { statementTriggers } from './statementTriggers';

/**
 * The review tables' keywords as rows of their own: one row per (keyword, item), in detect-time
 * order, with the columns the Review screen filters on beside it (the index carries them, so the
 * filter is read from the index alone). A keyword filter walks this index in order: page 500 of
 * "bitcoin" skips 10,000 index entries instead of reading ten times as many items to find them
 * (the GIN index on detected_keywords cannot give an order). Kept by statement-level triggers with
 * transition tables, as the per-day counts are (dayCounts.ts), so bulk writes stay cheap.
 */

export const keywordItemsTable = (table: 'tweets' | 'news') => `${table}_keyword_items`;

/** The rows an item set contributes; `rows` is a transition table or the table itself. */
function rowsOf(rows: string): string {
  return `SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM ${rows} AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)`;
}

export function keywordItemStatements(table: 'tweets' | 'news'): string[] {
  const items = keywordItemsTable(table);
  const insert = (rows: string) =>
    `INSERT INTO ${items} (keyword, detect_time, id, selected, manually_changed, reviewed_by) ${rowsOf(rows)}`;
  const remove = (rows: string) =>
    `DELETE FROM ${items} AS i USING (${rowsOf(rows)}) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id`;
  return [
    `CREATE TABLE ${items} (
       keyword text NOT NULL,
       detect_time timestamptz NOT NULL,
       id bigint NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text,
       PRIMARY KEY (keyword, detect_time, id) INCLUDE (selected, manually_changed, reviewed_by)
     )`,
    // Existing items, once.
    insert(table),
    // An update (a decision, a review, a keyword added) replaces the item's rows.
    ...statementTriggers(table, 'keyword_items', {
      ins: insert('new_rows'),
      del: remove('old_rows'),
      upd: `${remove('old_rows')}; ${insert('new_rows')}`,
    }),
  ];
}
