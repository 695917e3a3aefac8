/**
 * Migration 20: story followers (issue 48, the Stories toggle on Review). An item that joined a
 * story someone else's item started is that story's follower; the story's lead (its first item)
 * and every item in no story are not. With Stories on, Review lists and counts the items that are
 * not followers: one card per story, its lead.
 *
 * The flag is a column of the items, so that every structure the Review filter reads already
 * carries it and stays exact without a mechanism of its own:
 * - the per-day counts (migration 3, ordered by migration 16) count by it too, so the count with
 *   Stories on sums the same summary rows with one more condition; their triggers are replaced by
 *   the same text with story_follower in the key;
 * - the keyword items (migrations 8 and 9) copy it, in their primary key's INCLUDE list;
 * - the indexes the filter walks (time, decision, reviewed, reviewer, undecided, time with ratio)
 *   INCLUDE it, so that a walk with Stories on stays an index-only scan: page 500 of one reviewer's
 *   items read 17,000 heap rows in 72 ms with the flag on the heap alone, and 2.6 ms from the index
 *   (1M tweets, two in five followers).
 * The grouper sets the flag as an item joins a story (one UPDATE per batch of arrivals: the
 * statement triggers move the counts and keyword rows); a split clears it for the member split off
 * and for a new lead. Items already grouped are marked at the end, through the replaced triggers.
 *
 * Generated once and pasted verbatim: a migration is never reformatted once it has run (index.ts).
 */
export const storyFollowers: readonly string[] = [
  'ALTER TABLE tweets ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE tweets_day_counts ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE tweets_day_counts DROP CONSTRAINT tweets_day_counts_pkey',
  'ALTER TABLE tweets_day_counts ADD PRIMARY KEY (keyword, day, selected, manually_changed, reviewed_by, story_follower)',
  `CREATE OR REPLACE FUNCTION tweets_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  'ALTER TABLE tweets_keyword_items ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE tweets_keyword_items DROP CONSTRAINT tweets_keyword_items_pkey',
  `ALTER TABLE tweets_keyword_items ADD PRIMARY KEY (keyword, detect_time, id)
       INCLUDE (selected, manually_changed, reviewed_by, story_follower)`,
  `CREATE OR REPLACE FUNCTION tweets_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio, story_follower) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio, r.story_follower
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tweets_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio, story_follower) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio, r.story_follower
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  'DROP INDEX tweets_detect_time',
  'CREATE INDEX tweets_detect_time ON tweets (detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX tweets_selected_time',
  'CREATE INDEX tweets_selected_time ON tweets (selected, detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX tweets_reviewed_time',
  'CREATE INDEX tweets_reviewed_time ON tweets ((reviewed_by IS NOT NULL), detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX tweets_reviewer_time',
  'CREATE INDEX tweets_reviewer_time ON tweets (reviewed_by, detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX tweets_undecided_time',
  'CREATE INDEX tweets_undecided_time ON tweets (detect_time, id) INCLUDE (story_follower) WHERE NOT manually_changed',
  'DROP INDEX tweets_time_ratio',
  `CREATE INDEX tweets_time_ratio ON tweets (detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by, story_follower)`,
  `UPDATE tweets AS t SET story_follower = true
       FROM story_members AS m JOIN stories AS s ON s.id = m.story_id
      WHERE m.service = 'tweets' AND m.item_id = t.id AND s.lead_id <> t.id`,
  'ALTER TABLE news ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE news_day_counts ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE news_day_counts DROP CONSTRAINT news_day_counts_pkey',
  'ALTER TABLE news_day_counts ADD PRIMARY KEY (keyword, day, selected, manually_changed, reviewed_by, story_follower)',
  `CREATE OR REPLACE FUNCTION news_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_day_counts AS c (day, keyword, selected, manually_changed, reviewed_by, story_follower, n)
            SELECT day, keyword, selected, manually_changed, reviewed_by, story_follower, sum(n) FROM (SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k UNION ALL SELECT (r.detect_time AT TIME ZONE 'UTC')::date AS day, k.keyword, r.selected, r.manually_changed,
                 coalesce(r.reviewed_by, '') AS reviewed_by, r.story_follower, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k) AS d
             GROUP BY day, keyword, selected, manually_changed, reviewed_by, story_follower HAVING sum(n) <> 0 ORDER BY day, keyword, selected, manually_changed, reviewed_by, story_follower
          ON CONFLICT (day, keyword, selected, manually_changed, reviewed_by, story_follower) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  'ALTER TABLE news_keyword_items ADD COLUMN story_follower boolean NOT NULL DEFAULT false',
  'ALTER TABLE news_keyword_items DROP CONSTRAINT news_keyword_items_pkey',
  `ALTER TABLE news_keyword_items ADD PRIMARY KEY (keyword, detect_time, id)
       INCLUDE (selected, manually_changed, reviewed_by, story_follower)`,
  `CREATE OR REPLACE FUNCTION news_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio, story_follower) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio, r.story_follower
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio, story_follower) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio, r.story_follower
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  'DROP INDEX news_detect_time',
  'CREATE INDEX news_detect_time ON news (detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX news_selected_time',
  'CREATE INDEX news_selected_time ON news (selected, detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX news_reviewer_time',
  'CREATE INDEX news_reviewer_time ON news (reviewed_by, detect_time, id) INCLUDE (story_follower)',
  'DROP INDEX news_undecided_time',
  'CREATE INDEX news_undecided_time ON news (detect_time, id) INCLUDE (story_follower) WHERE NOT manually_changed',
  'DROP INDEX news_time_ratio',
  `CREATE INDEX news_time_ratio ON news (detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by, story_follower)`,
  `UPDATE news AS t SET story_follower = true
       FROM story_members AS m JOIN stories AS s ON s.id = m.story_id
      WHERE m.service = 'news' AND m.item_id = t.id AND s.lead_id <> t.id`,
];
