/**
 * Migration 9 (DESIGN.md, Extensions): what the Borderline first sort, Ratio between and keyword
 * impact read.
 *
 * Borderline first and Ratio between (src/server/insight/insightFilter.ts):
 * - insight_ratio_bucket: a ratio's band of width 0.01, found by comparisons only (width_bucket over
 *   the thresholds 0, 0.01, ..., 1: band 0 is below 0, band 101 is 1 and above), so that the code
 *   can tell exactly which ratios a band holds (ratioBands.ts repeats the thresholds).
 * - On each review table, three indexes that carry the ratio and the filter's columns, so that a
 *   page's ids are found from the index alone: by |ratio - 0.5| then newest (Borderline first); by
 *   band then detect time (a time-ordered page within a narrow ratio range merges one walk per
 *   band, and exact counts read only the bands they need); by detect time (a time-ordered page
 *   over a wide ratio range).
 * - The keyword items (migration 8) carry the ratio too, with a Borderline first index and a
 *   time index that carries it: a keyword's pages and ratio counts come from them. Their triggers
 *   are replaced to write it.
 * - Per-year and per-month counts by ratio band (<table>_ratio_counts), kept by statement-level
 *   triggers as migration 3's per-day counts are: a count within a ratio range sums whole periods
 *   and whole bands from them and counts the rest exactly (ratioCount.ts).
 *
 * Keyword impact (src/server/insight/keywordImpact.ts):
 * - insight_fold and insight_words: an item's text in one case and its words, by the rules of
 *   wordCharacters.ts (pasted here: word characters, spaces, letter pairs), with no locale.
 * - Per-word counts of each review table by decision and reviewed (<table>_word_counts), kept by
 *   statement-level triggers (an update reads again only the rows whose text, decision or
 *   reviewed state changed, and reads a text once when only its state changed): the figures of a
 *   keyword of one word, or of two words apart by spaces (insight_words counts those pairs too),
 *   are read from them. Runs of digits alone are not counted (nor pairs holding one): prices,
 *   ids and dates would make a row for nearly every item, which every decision would rewrite.
 * - A trigram index of the text, which narrows what a keyword of several words is matched on.
 */
export const insightReview: readonly string[] = [
  `CREATE FUNCTION insight_ratio_bucket(ratio double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN width_bucket(ratio, '{0,0.01,0.02,0.03,0.04,0.05,0.06,0.07,0.08,0.09,0.1,0.11,0.12,0.13,0.14,0.15,0.16,0.17,0.18,0.19,0.2,0.21,0.22,0.23,0.24,0.25,0.26,0.27,0.28,0.29,0.3,0.31,0.32,0.33,0.34,0.35,0.36,0.37,0.38,0.39,0.4,0.41,0.42,0.43,0.44,0.45,0.46,0.47,0.48,0.49,0.5,0.51,0.52,0.53,0.54,0.55,0.56,0.57,0.58,0.59,0.6,0.61,0.62,0.63,0.64,0.65,0.66,0.67,0.68,0.69,0.7,0.71,0.72,0.73,0.74,0.75,0.76,0.77,0.78,0.79,0.8,0.81,0.82,0.83,0.84,0.85,0.86,0.87,0.88,0.89,0.9,0.91,0.92,0.93,0.94,0.95,0.96,0.97,0.98,0.99,1}'::double precision[])`,
  'ALTER TABLE tweets_keyword_items ADD COLUMN nlp_decision_ratio double precision NOT NULL DEFAULT 0',
  `UPDATE tweets_keyword_items AS i SET nlp_decision_ratio = r.nlp_decision_ratio
       FROM tweets AS r WHERE r.id = i.id AND i.nlp_decision_ratio <> r.nlp_decision_ratio`,
  `CREATE OR REPLACE FUNCTION tweets_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION tweets_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tweets_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      INSERT INTO tweets_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE INDEX tweets_keyword_items_borderline ON tweets_keyword_items
       (keyword, (abs(nlp_decision_ratio - 0.5)), detect_time DESC, id DESC)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX tweets_keyword_items_time_ratio ON tweets_keyword_items (keyword, detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX tweets_borderline ON tweets ((abs(nlp_decision_ratio - 0.5)), detect_time DESC, id DESC)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX tweets_ratio_band_time ON tweets (insight_ratio_bucket(nlp_decision_ratio), detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX tweets_time_ratio ON tweets (detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE TABLE tweets_ratio_counts (
       keyword text NOT NULL,
       span text NOT NULL CHECK (span IN ('year', 'month')),
       bucket smallint NOT NULL,
       period date NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (keyword, span, bucket, period, selected, manually_changed, reviewed_by)
     )`,
  // Existing items, counted once; then the triggers keep the counts.
  `INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM tweets AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION tweets_ratio_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_ratio_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_ratio_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER tweets_ratio_counts_ins AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_ratio_counts_ins()`,
  `CREATE TRIGGER tweets_ratio_counts_del AFTER DELETE ON tweets REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_ratio_counts_del()`,
  `CREATE TRIGGER tweets_ratio_counts_upd AFTER UPDATE ON tweets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_ratio_counts_upd()`,
  'ALTER TABLE news_keyword_items ADD COLUMN nlp_decision_ratio double precision NOT NULL DEFAULT 0',
  `UPDATE news_keyword_items AS i SET nlp_decision_ratio = r.nlp_decision_ratio
       FROM news AS r WHERE r.id = i.id AND i.nlp_decision_ratio <> r.nlp_decision_ratio`,
  `CREATE OR REPLACE FUNCTION news_keyword_items_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE OR REPLACE FUNCTION news_keyword_items_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_keyword_items AS i USING (SELECT DISTINCT k.keyword, r.detect_time, r.id
            FROM old_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword)) AS o
      WHERE i.keyword = o.keyword AND i.detect_time = o.detect_time AND i.id = o.id;
      INSERT INTO news_keyword_items (keyword, detect_time, id, selected, manually_changed, reviewed_by, nlp_decision_ratio) SELECT DISTINCT k.keyword, r.detect_time, r.id, r.selected, r.manually_changed, r.reviewed_by, r.nlp_decision_ratio
            FROM new_rows AS r, LATERAL unnest(r.detected_keywords) AS k(keyword);
      RETURN NULL;
    END
    $fn$`,
  `CREATE INDEX news_keyword_items_borderline ON news_keyword_items
       (keyword, (abs(nlp_decision_ratio - 0.5)), detect_time DESC, id DESC)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX news_keyword_items_time_ratio ON news_keyword_items (keyword, detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX news_borderline ON news ((abs(nlp_decision_ratio - 0.5)), detect_time DESC, id DESC)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX news_ratio_band_time ON news (insight_ratio_bucket(nlp_decision_ratio), detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE INDEX news_time_ratio ON news (detect_time, id)
       INCLUDE (nlp_decision_ratio, selected, manually_changed, reviewed_by)`,
  `CREATE TABLE news_ratio_counts (
       keyword text NOT NULL,
       span text NOT NULL CHECK (span IN ('year', 'month')),
       bucket smallint NOT NULL,
       period date NOT NULL,
       selected boolean NOT NULL,
       manually_changed boolean NOT NULL,
       reviewed_by text NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (keyword, span, bucket, period, selected, manually_changed, reviewed_by)
     )`,
  // Existing items, counted once; then the triggers keep the counts.
  `INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM news AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION news_ratio_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, 1 AS n
            FROM new_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_ratio_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_ratio_counts AS c (keyword, span, bucket, period, selected, manually_changed, reviewed_by, n)
          SELECT keyword, span, bucket, period, selected, manually_changed, reviewed_by, sum(n) FROM (SELECT k.keyword, p.span, insight_ratio_bucket(r.nlp_decision_ratio) AS bucket, p.period, r.selected,
                 r.manually_changed, coalesce(r.reviewed_by, '') AS reviewed_by, -1 AS n
            FROM old_rows AS r,
                 LATERAL (SELECT '' AS keyword UNION SELECT DISTINCT unnest(r.detected_keywords)) AS k,
                 LATERAL (VALUES ('year', date_trunc('year', r.detect_time AT TIME ZONE 'UTC')::date),
                                 ('month', date_trunc('month', r.detect_time AT TIME ZONE 'UTC')::date)) AS p(span, period)) AS d
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_ratio_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
           GROUP BY keyword, span, bucket, period, selected, manually_changed, reviewed_by HAVING sum(n) <> 0
          ON CONFLICT (keyword, span, bucket, period, selected, manually_changed, reviewed_by) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER news_ratio_counts_ins AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_ratio_counts_ins()`,
  `CREATE TRIGGER news_ratio_counts_del AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_ratio_counts_del()`,
  `CREATE TRIGGER news_ratio_counts_upd AFTER UPDATE ON news REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_ratio_counts_upd()`,
  `CREATE FUNCTION insight_fold(message text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
     RETURN CASE WHEN message ~ '[\\u00c0-\\u04ff]'
       THEN translate(lower(message COLLATE "C"),
         E'\\u00c0\\u00c1\\u00c2\\u00c3\\u00c4\\u00c5\\u00c6\\u00c7\\u00c8\\u00c9\\u00ca\\u00cb\\u00cc\\u00cd\\u00ce\\u00cf'
         || E'\\u00d0\\u00d1\\u00d2\\u00d3\\u00d4\\u00d5\\u00d6\\u00d8\\u00d9\\u00da\\u00db\\u00dc\\u00dd\\u00de\\u0100\\u0102'
         || E'\\u0104\\u0106\\u0108\\u010a\\u010c\\u010e\\u0110\\u0112\\u0114\\u0116\\u0118\\u011a\\u011c\\u011e\\u0120\\u0122'
         || E'\\u0124\\u0126\\u0128\\u012a\\u012c\\u012e\\u0132\\u0134\\u0136\\u0139\\u013b\\u013d\\u013f\\u0141\\u0143\\u0145'
         || E'\\u0147\\u014a\\u014c\\u014e\\u0150\\u0152\\u0154\\u0156\\u0158\\u015a\\u015c\\u015e\\u0160\\u0162\\u0164\\u0166'
         || E'\\u0168\\u016a\\u016c\\u016e\\u0170\\u0172\\u0174\\u0176\\u0178\\u0179\\u017b\\u017d\\u0181\\u0182\\u0184\\u0186'
         || E'\\u0187\\u0189\\u018a\\u018b\\u018e\\u018f\\u0190\\u0191\\u0193\\u0194\\u0196\\u0197\\u0198\\u019c\\u019d\\u019f'
         || E'\\u01a0\\u01a2\\u01a4\\u01a6\\u01a7\\u01a9\\u01ac\\u01ae\\u01af\\u01b1\\u01b2\\u01b3\\u01b5\\u01b7\\u01b8\\u01bc'
         || E'\\u01c4\\u01c5\\u01c7\\u01c8\\u01ca\\u01cb\\u01cd\\u01cf\\u01d1\\u01d3\\u01d5\\u01d7\\u01d9\\u01db\\u01de\\u01e0'
         || E'\\u01e2\\u01e4\\u01e6\\u01e8\\u01ea\\u01ec\\u01ee\\u01f1\\u01f2\\u01f4\\u01f6\\u01f7\\u01f8\\u01fa\\u01fc\\u01fe'
         || E'\\u0200\\u0202\\u0204\\u0206\\u0208\\u020a\\u020c\\u020e\\u0210\\u0212\\u0214\\u0216\\u0218\\u021a\\u021c\\u021e'
         || E'\\u0220\\u0222\\u0224\\u0226\\u0228\\u022a\\u022c\\u022e\\u0230\\u0232\\u023b\\u023d\\u0241\\u0243\\u0244\\u0245'
         || E'\\u0246\\u0248\\u024a\\u024c\\u024e\\u0370\\u0372\\u0376\\u037f\\u0386\\u0388\\u0389\\u038a\\u038c\\u038e\\u038f'
         || E'\\u0391\\u0392\\u0393\\u0394\\u0395\\u0396\\u0397\\u0398\\u0399\\u039a\\u039b\\u039c\\u039d\\u039e\\u039f\\u03a0'
         || E'\\u03a1\\u03a3\\u03a4\\u03a5\\u03a6\\u03a7\\u03a8\\u03a9\\u03aa\\u03ab\\u03cf\\u03d8\\u03da\\u03dc\\u03de\\u03e0'
         || E'\\u03e2\\u03e4\\u03e6\\u03e8\\u03ea\\u03ec\\u03ee\\u03f4\\u03f7\\u03f9\\u03fa\\u03fd\\u03fe\\u03ff\\u0400\\u0401'
         || E'\\u0402\\u0403\\u0404\\u0405\\u0406\\u0407\\u0408\\u0409\\u040a\\u040b\\u040c\\u040d\\u040e\\u040f\\u0410\\u0411'
         || E'\\u0412\\u0413\\u0414\\u0415\\u0416\\u0417\\u0418\\u0419\\u041a\\u041b\\u041c\\u041d\\u041e\\u041f\\u0420\\u0421'
         || E'\\u0422\\u0423\\u0424\\u0425\\u0426\\u0427\\u0428\\u0429\\u042a\\u042b\\u042c\\u042d\\u042e\\u042f\\u0460\\u0462'
         || E'\\u0464\\u0466\\u0468\\u046a\\u046c\\u046e\\u0470\\u0472\\u0474\\u0476\\u0478\\u047a\\u047c\\u047e\\u0480\\u048a'
         || E'\\u048c\\u048e\\u0490\\u0492\\u0494\\u0496\\u0498\\u049a\\u049c\\u049e\\u04a0\\u04a2\\u04a4\\u04a6\\u04a8\\u04aa'
         || E'\\u04ac\\u04ae\\u04b0\\u04b2\\u04b4\\u04b6\\u04b8\\u04ba\\u04bc\\u04be\\u04c0\\u04c1\\u04c3\\u04c5\\u04c7\\u04c9'
         || E'\\u04cb\\u04cd\\u04d0\\u04d2\\u04d4\\u04d6\\u04d8\\u04da\\u04dc\\u04de\\u04e0\\u04e2\\u04e4\\u04e6\\u04e8\\u04ea'
         || E'\\u04ec\\u04ee\\u04f0\\u04f2\\u04f4\\u04f6\\u04f8\\u04fa\\u04fc\\u04fe',
         E'\\u00e0\\u00e1\\u00e2\\u00e3\\u00e4\\u00e5\\u00e6\\u00e7\\u00e8\\u00e9\\u00ea\\u00eb\\u00ec\\u00ed\\u00ee\\u00ef'
         || E'\\u00f0\\u00f1\\u00f2\\u00f3\\u00f4\\u00f5\\u00f6\\u00f8\\u00f9\\u00fa\\u00fb\\u00fc\\u00fd\\u00fe\\u0101\\u0103'
         || E'\\u0105\\u0107\\u0109\\u010b\\u010d\\u010f\\u0111\\u0113\\u0115\\u0117\\u0119\\u011b\\u011d\\u011f\\u0121\\u0123'
         || E'\\u0125\\u0127\\u0129\\u012b\\u012d\\u012f\\u0133\\u0135\\u0137\\u013a\\u013c\\u013e\\u0140\\u0142\\u0144\\u0146'
         || E'\\u0148\\u014b\\u014d\\u014f\\u0151\\u0153\\u0155\\u0157\\u0159\\u015b\\u015d\\u015f\\u0161\\u0163\\u0165\\u0167'
         || E'\\u0169\\u016b\\u016d\\u016f\\u0171\\u0173\\u0175\\u0177\\u00ff\\u017a\\u017c\\u017e\\u0253\\u0183\\u0185\\u0254'
         || E'\\u0188\\u0256\\u0257\\u018c\\u01dd\\u0259\\u025b\\u0192\\u0260\\u0263\\u0269\\u0268\\u0199\\u026f\\u0272\\u0275'
         || E'\\u01a1\\u01a3\\u01a5\\u0280\\u01a8\\u0283\\u01ad\\u0288\\u01b0\\u028a\\u028b\\u01b4\\u01b6\\u0292\\u01b9\\u01bd'
         || E'\\u01c6\\u01c6\\u01c9\\u01c9\\u01cc\\u01cc\\u01ce\\u01d0\\u01d2\\u01d4\\u01d6\\u01d8\\u01da\\u01dc\\u01df\\u01e1'
         || E'\\u01e3\\u01e5\\u01e7\\u01e9\\u01eb\\u01ed\\u01ef\\u01f3\\u01f3\\u01f5\\u0195\\u01bf\\u01f9\\u01fb\\u01fd\\u01ff'
         || E'\\u0201\\u0203\\u0205\\u0207\\u0209\\u020b\\u020d\\u020f\\u0211\\u0213\\u0215\\u0217\\u0219\\u021b\\u021d\\u021f'
         || E'\\u019e\\u0223\\u0225\\u0227\\u0229\\u022b\\u022d\\u022f\\u0231\\u0233\\u023c\\u019a\\u0242\\u0180\\u0289\\u028c'
         || E'\\u0247\\u0249\\u024b\\u024d\\u024f\\u0371\\u0373\\u0377\\u03f3\\u03ac\\u03ad\\u03ae\\u03af\\u03cc\\u03cd\\u03ce'
         || E'\\u03b1\\u03b2\\u03b3\\u03b4\\u03b5\\u03b6\\u03b7\\u03b8\\u03b9\\u03ba\\u03bb\\u03bc\\u03bd\\u03be\\u03bf\\u03c0'
         || E'\\u03c1\\u03c3\\u03c4\\u03c5\\u03c6\\u03c7\\u03c8\\u03c9\\u03ca\\u03cb\\u03d7\\u03d9\\u03db\\u03dd\\u03df\\u03e1'
         || E'\\u03e3\\u03e5\\u03e7\\u03e9\\u03eb\\u03ed\\u03ef\\u03b8\\u03f8\\u03f2\\u03fb\\u037b\\u037c\\u037d\\u0450\\u0451'
         || E'\\u0452\\u0453\\u0454\\u0455\\u0456\\u0457\\u0458\\u0459\\u045a\\u045b\\u045c\\u045d\\u045e\\u045f\\u0430\\u0431'
         || E'\\u0432\\u0433\\u0434\\u0435\\u0436\\u0437\\u0438\\u0439\\u043a\\u043b\\u043c\\u043d\\u043e\\u043f\\u0440\\u0441'
         || E'\\u0442\\u0443\\u0444\\u0445\\u0446\\u0447\\u0448\\u0449\\u044a\\u044b\\u044c\\u044d\\u044e\\u044f\\u0461\\u0463'
         || E'\\u0465\\u0467\\u0469\\u046b\\u046d\\u046f\\u0471\\u0473\\u0475\\u0477\\u0479\\u047b\\u047d\\u047f\\u0481\\u048b'
         || E'\\u048d\\u048f\\u0491\\u0493\\u0495\\u0497\\u0499\\u049b\\u049d\\u049f\\u04a1\\u04a3\\u04a5\\u04a7\\u04a9\\u04ab'
         || E'\\u04ad\\u04af\\u04b1\\u04b3\\u04b5\\u04b7\\u04b9\\u04bb\\u04bd\\u04bf\\u04cf\\u04c2\\u04c4\\u04c6\\u04c8\\u04ca'
         || E'\\u04cc\\u04ce\\u04d1\\u04d3\\u04d5\\u04d7\\u04d9\\u04db\\u04dd\\u04df\\u04e1\\u04e3\\u04e5\\u04e7\\u04e9\\u04eb'
         || E'\\u04ed\\u04ef\\u04f1\\u04f3\\u04f5\\u04f7\\u04f9\\u04fb\\u04fd\\u04ff')
       ELSE lower(message COLLATE "C") END`,
  `CREATE FUNCTION insight_words(message text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
    SELECT coalesce(array_agg(DISTINCT word), '{}') FROM (SELECT insight_fold(message) AS text OFFSET 0) AS folded,
    LATERAL (
      SELECT m[1] AS word FROM regexp_matches(folded.text, '[0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]+', 'g') AS m
      UNION ALL
      SELECT m[1] FROM regexp_matches(folded.text, '(?<![0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff])[^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff][0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]+', 'g') AS m
      UNION ALL
      SELECT pair.word FROM (
        SELECT n, c, lead(substring(c FROM '^[^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]?[0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]+')) OVER (ORDER BY n) AS next_head
          FROM regexp_split_to_table(folded.text, '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+') WITH ORDINALITY AS s(c, n)) AS chunk,
        LATERAL (VALUES (substring(chunk.c FROM '[0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]+$')),
                        (substring(chunk.c FROM '(?:^|[^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff])([^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff][0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff]+)$'))) AS tail(word),
        LATERAL (SELECT tail.word || ' ' || chunk.next_head AS word) AS pair
       WHERE pair.word IS NOT NULL
    ) AS words
    WHERE length(word) <= 100 AND word !~ '(?:^|[^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff])[0-9]+(?:$|[^0-9A-Z_a-z\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u04ff])'
    $fn$`,
  `CREATE TABLE tweets_word_counts (
       word text NOT NULL,
       selected boolean NOT NULL,
       reviewed boolean NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (word, selected, reviewed)
     )`,
  // Existing items, counted once; then the triggers keep the counts.
  `INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM tweets AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION tweets_word_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM new_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_word_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO tweets_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, -count(*)
            FROM old_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION tweets_word_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
           GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER tweets_word_counts_ins AFTER INSERT ON tweets REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_word_counts_ins()`,
  `CREATE TRIGGER tweets_word_counts_del AFTER DELETE ON tweets REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_word_counts_del()`,
  `CREATE TRIGGER tweets_word_counts_upd AFTER UPDATE ON tweets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION tweets_word_counts_upd()`,
  `CREATE TABLE news_word_counts (
       word text NOT NULL,
       selected boolean NOT NULL,
       reviewed boolean NOT NULL,
       n bigint NOT NULL,
       PRIMARY KEY (word, selected, reviewed)
     )`,
  // Existing items, counted once; then the triggers keep the counts.
  `INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM news AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n`,
  `CREATE FUNCTION news_word_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, count(*)
            FROM new_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_word_counts_del() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO news_word_counts AS c (word, selected, reviewed, n)
          SELECT w.word, r.selected, r.reviewed_by IS NOT NULL, -count(*)
            FROM old_rows AS r, LATERAL unnest(insight_words(r.message)) AS w(word)
           GROUP BY 1, 2, 3
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE FUNCTION news_word_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
           GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0
          ON CONFLICT (word, selected, reviewed) DO UPDATE SET n = c.n + EXCLUDED.n;
      RETURN NULL;
    END
    $fn$`,
  `CREATE TRIGGER news_word_counts_ins AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_word_counts_ins()`,
  `CREATE TRIGGER news_word_counts_del AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_word_counts_del()`,
  `CREATE TRIGGER news_word_counts_upd AFTER UPDATE ON news REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION news_word_counts_upd()`,
  // The items whose text holds a keyword are found through trigrams of the text (pg_trgm reads a
  // regular expression); where pg_trgm is missing (migration 5), keyword impact scans.
  `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          EXECUTE 'CREATE INDEX tweets_message_trgm ON tweets USING gin (message gin_trgm_ops)';
          EXECUTE 'CREATE INDEX news_message_trgm ON news USING gin (message gin_trgm_ops)';
        END IF;
      END $$`,
];
