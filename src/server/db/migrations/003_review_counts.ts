/**
 * Migration 3: per-day counts of the review tables, kept by statement-level triggers, so that
 * counting a wide filter over a million items reads a few thousand summary rows instead of every
 * item (src/server/review/filterQuery.ts, filterCountQuery). One row per (day, keyword, selected,
 * manually_changed, reviewed_by); keyword '' counts every item of the day, the other keywords count
 * the items that detected them. Statement-level triggers with transition tables (new_rows,
 * old_rows) run their body once per statement, which keeps bulk writes (seeding, model re-scoring)
 * cheap; an update subtracts the old rows' contributions and adds the new ones'.
 *
 * Generated once by the builder that used to run at every start, and pasted verbatim, its
 * indentation included: a migration is never reformatted once it has run (index.ts).
 */
export const reviewCounts: readonly string[] = [
  // Filtering by reviewer walks this index in detect-time order instead of scanning.
  'CREATE INDEX tweets_reviewer_time ON tweets (reviewed_by, detect_time, id)',
  'CREATE INDEX news_reviewer_time ON news (reviewed_by, detect_time, id)',
  `CREATE TABLE tweets_day_counts (
       day date NOT NULL,
       keyword text NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (keyword, day, selected, manually_changed, reviewed_by)
     )`,
  // Existing rows, counted once; then the triggers keep the counts.
  `INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM tweets AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION tweets_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER tweets_counts_ins AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_counts_ins()`,
  `CREATE TRIGGER tweets_counts_del AFTER DELETE ON tweets REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_counts_del()`,
  `CREATE TRIGGER tweets_counts_upd AFTER UPDATE ON tweets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_counts_upd()`,
  `CREATE TABLE news_day_counts (
       day date NOT NULL,
       keyword text NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (keyword, day, selected, manually_changed, reviewed_by)
     )`,
  // Existing rows, counted once; then the triggers keep the counts.
  `INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM news AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION news_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER news_counts_ins AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_counts_ins()`,
  `CREATE TRIGGER news_counts_del AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_counts_del()`,
  `CREATE TRIGGER news_counts_upd AFTER UPDATE ON news REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_counts_upd()`,
];
