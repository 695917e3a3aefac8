/**
 * Migration 15 (DESIGN.md, Several people at once): the per-word counts of migration 9 take their
 * rows' locks in one order. Each of migration 9's word-count triggers upserts one row per
 * (word, selected, reviewed) its statement changes, in whatever order its GROUP BY yields them
 * (a hash aggregate's order depends on the whole set of words). Two decisions at once on items
 * that share words could so lock two count rows in opposite orders, each waiting on the other,
 * and PostgreSQL ended one with "deadlock detected" (a 500). Sorted by the count table's key, every
 * transaction locks the rows it shares with another in the same order: one waits, none deadlocks.
 *
 * The six trigger functions are replaced by migration 9's text unchanged but for `ORDER BY 1, 2, 3`
 * after each GROUP BY (migration 9 itself has run and is never edited); the triggers keep calling
 * them by name.
 */
export const orderedWordCounts: readonly string[] = [
  `CREATE OR REPLACE FUNCTION tweets_word_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM new_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_word_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, -count(*)
            FROM old_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_word_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      WITH changed AS (
        SELECT o.message AS old_message, o.selected AS old_selected, o.reviewed_by IS NOT NULL AS old_reviewed,
               n.message AS new_message, n.selected AS new_selected, n.reviewed_by IS NOT NULL AS new_reviewed
          FROM old_rows AS o FULL JOIN new_rows AS n ON n.id = o.id
         WHERE (o.message, o.selected, o.reviewed_by IS NOT NULL)
               IS DISTINCT FROM (n.message, n.selected, n.reviewed_by IS NOT NULL))
      INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT d.word, d.selected, d.reviewed, sum(d.n) FROM changed AS ch,
            LATERAL (SELECT insight_words(ch.old_message) AS words OFFSET 0) AS o,
            LATERAL (SELECT CASE WHEN ch.new_message = ch.old_message THEN o.words
                                 ELSE insight_words(ch.new_message) END AS words OFFSET 0) AS nw,
            LATERAL (SELECT w, ch.old_selected, ch.old_reviewed, -1 FROM unnest(o.words) AS w
                     UNION ALL
                     SELECT w, ch.new_selected, ch.new_reviewed, 1 FROM unnest(nw.words) AS w
                    ) AS d(word, selected, reviewed, n)
           GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_word_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM new_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_word_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, -count(*)
            FROM old_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_word_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      WITH changed AS (
        SELECT o.message AS old_message, o.selected AS old_selected, o.reviewed_by IS NOT NULL AS old_reviewed,
               n.message AS new_message, n.selected AS new_selected, n.reviewed_by IS NOT NULL AS new_reviewed
          FROM old_rows AS o FULL JOIN new_rows AS n ON n.id = o.id
         WHERE (o.message, o.selected, o.reviewed_by IS NOT NULL)
               IS DISTINCT FROM (n.message, n.selected, n.reviewed_by IS NOT NULL))
      INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT d.word, d.selected, d.reviewed, sum(d.n) FROM changed AS ch,
            LATERAL (SELECT insight_words(ch.old_message) AS words OFFSET 0) AS o,
            LATERAL (SELECT CASE WHEN ch.new_message = ch.old_message THEN o.words
                                 ELSE insight_words(ch.new_message) END AS words OFFSET 0) AS nw,
            LATERAL (SELECT w, ch.old_selected, ch.old_reviewed, -1 FROM unnest(o.words) AS w
                     UNION ALL
                     SELECT w, ch.new_selected, ch.new_reviewed, 1 FROM unnest(nw.words) AS w
                    ) AS d(word, selected, reviewed, n)
           GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
];
