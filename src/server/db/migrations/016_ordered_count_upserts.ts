/**
 * Migration 16 (DESIGN.md, Several people at once): the per-day counts of migration 3 and the
 * per-month counts by ratio band of migration 9 take their rows' locks in one order, as migration
 * 15 has the per-word counts do. A decision's trigger upserts one count row per keyword the item
 * detected (and '' for every item), for its state before and after, in whatever order its GROUP BY
 * yields them (a hash aggregate's order depends on the whole set of rows). Decisions at once on
 * items of one day that share keywords locked shared rows in opposite orders and PostgreSQL ended
 * one with "deadlock detected" (a 500). Sorted by the rows' key, every transaction locks the rows
 * it shares with another in the same order: one waits, none deadlocks.
 *
 * The twelve trigger functions are replaced by their text in migrations 3 and 9 unchanged but for
 * the ORDER BY after each GROUP BY (those migrations have run and are never edited); the triggers
 * keep calling them by name.
 */
export const orderedCountUpserts: readonly string[] = [
  `CREATE OR REPLACE FUNCTION tweets_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_ratio_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_ratio_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_ratio_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)
          UNION ALL SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_ratio_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_ratio_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_ratio_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)
          UNION ALL SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0 ORDER BY keyword, span, bucket, period, selected, manually_changed, reviewed_by
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
];
