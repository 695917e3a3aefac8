/**
 * Tweets for the model-run benchmark: texts from the demo corpus's generator (the words a model
 * can learn from, with 8% label noise), so that training, accuracy and the change record behave as
 * on real data, which the review benchmark's numbered texts would not. Written in slices of
 * SLICE, through the same triggers as every insert. About one item in six is a human decision
 * (one in nine reviewed by three reviewers in turn, one in seventeen manually changed) that keeps
 * the generator's label; one in fifty of the rest is eliminated by similarity; the rest carry an
 * earlier model's ratio and its decision.
 */
import { createTextGenerator } from '../../../src/server/seed/demoReview';

const SLICE = 50_000;

export interface Runs {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const INSERT = `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
        detect_time, nlp_decision_ratio, detected_keywords, reviewed_by, selected, manually_changed,
        eliminated_by_similarity)
  SELECT 'm' || n.g, 'user' || (n.g % 5000), 'Account ' || (n.g % 5000),
         'https://x.com/u/status/m' || n.g, s.message, ts.t, ts.t, ((n.g * 7919) % 1000) / 1000.0,
         coalesce(string_to_array(nullif(s.keywords, ''), '|'), '{}'),
         CASE WHEN n.g % 9 = 0 THEN 'reviewer' || (1 + (n.g / 9) % 3) END,
         CASE WHEN n.g % 9 = 0 OR n.g % 17 = 0 THEN s.keep
              WHEN n.g % 50 = 0 THEN false
              ELSE (n.g * 7919) % 1000 >= 500 END,
         n.g % 17 = 0,
         n.g % 50 = 0 AND n.g % 9 <> 0 AND n.g % 17 <> 0
    FROM unnest($3::text[], $4::bool[], $5::text[]) WITH ORDINALITY AS s(message, keep, keywords, k),
         LATERAL (SELECT $1::bigint + s.k - 1 AS g) AS n,
         LATERAL (SELECT timestamptz '2022-01-01'
                         + (n.g::float8 / $2) * interval '4 years 10 months' AS t) AS ts`;

export async function loadCorpus(
  db: Runs,
  total: number,
  progress: (done: number) => void = () => undefined,
): Promise<void> {
  const generator = createTextGenerator(24, 0.08);
  for (let from = 1; from <= total; from += SLICE) {
    const size = Math.min(SLICE, total - from + 1);
    const texts = Array.from({ length: size }, () => generator.next());
    await db.query(INSERT, [
      from,
      total,
      texts.map((t) => t.message),
      texts.map((t) => t.keep),
      texts.map((t) => t.keywords.join('|')),
    ]);
    progress(from + size - 1);
  }
  await db.query('ANALYZE tweets');
}
