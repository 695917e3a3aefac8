/**
 * Migration 8: the review tables' keywords as rows of their own: one row per (keyword, item), in
 * detect-time order, with the columns the Review screen filters on beside it (the primary key
 * carries them, so the filter is read from the index alone). A keyword filter walks this index in
 * order: page 500 of "bitcoin" skips 10,000 index entries instead of reading ten times as many items
 * to find them (the GIN index on detected_keywords cannot give an order). Kept by statement-level
 * triggers with transition tables, as the per-day counts are (migration 3), so bulk writes stay
 * cheap; an update (a decision, a review, a keyword added) deletes the item's old rows and inserts
 * its new ones.
 *
 * Generated once by the builder that used to run at every start, and pasted verbatim, its
 * indentation included: a migration is never reformatted once it has run (index.ts).
 */
export const reviewKeywordItems: readonly string[] = [
  `CREATE TABLE tweets_keyword_items (
       keyword text NOT NULL,
       detect_time timestamptz NOT NULL,
       id bigint NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text,
       PRIMARY KEY (keyword, detect_time, id) INCLUDE (selected, manually_changed, reviewed_by)
     )`,
  // Existing items, once; then the triggers keep the rows.
  `INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM tweets AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)`,
  `CREATE FUNCTION tweets_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_keyword_items_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tweets_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tweets_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id; INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER tweets_keyword_items_ins AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_keyword_items_ins()`,
  `CREATE TRIGGER tweets_keyword_items_del AFTER DELETE ON tweets REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_keyword_items_del()`,
  `CREATE TRIGGER tweets_keyword_items_upd AFTER UPDATE ON tweets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_keyword_items_upd()`,
  `CREATE TABLE news_keyword_items (
       keyword text NOT NULL,
       detect_time timestamptz NOT NULL,
       id bigint NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text,
       PRIMARY KEY (keyword, detect_time, id) INCLUDE (selected, manually_changed, reviewed_by)
     )`,
  // Existing items, once; then the triggers keep the rows.
  `INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM news AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)`,
  `CREATE FUNCTION news_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_keyword_items_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id; INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER news_keyword_items_ins AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_keyword_items_ins()`,
  `CREATE TRIGGER news_keyword_items_del AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_keyword_items_del()`,
  `CREATE TRIGGER news_keyword_items_upd AFTER UPDATE ON news REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_keyword_items_upd()`,
];
