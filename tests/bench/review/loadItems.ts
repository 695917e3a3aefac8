/**
 * Generated tweets and news for the review benchmarks, written by the database itself
 * (generate_series) in slices, so that ten million rows load in minutes and the per-day count
 * triggers see bulk statements. Spread over 2022-01-01 to 2026-10: a quarter kept and eliminated
 * by turns, one in nine reviewed (by three reviewers in turn), one in seventeen manually changed;
 * keywords: bitcoin one in ten, ethereum + etf one in ten, etf one in ten, chainlink one in a
 * thousand.
 */
const SLICE = 1_000_000;

const common = (total: number) => `
  FROM generate_series($1::bigint, $2::bigint) AS g,
       LATERAL (SELECT timestamptz '2022-01-01' + (g::float8 / ${total}) * interval '4 years 10 months' AS t) AS ts`;

const keywords = `CASE WHEN g % 1000 = 3 THEN '{chainlink}'::text[]
                       WHEN g % 10 = 0 THEN '{bitcoin}'::text[]
                       WHEN g % 10 = 1 THEN '{ethereum,etf}'::text[]
                       WHEN g % 10 = 2 THEN '{etf}'::text[] ELSE '{}'::text[] END`;
const reviewer = `CASE WHEN g % 9 = 0 THEN 'reviewer' || (1 + (g / 9) % 3) END`;

/**
 * With stories (the stories benchmark), two items in five follow the item before them into its
 * story (g % 5 = 2 and 3 follow g % 5 = 1): the flag is written with the item, as the grouper would
 * have set it, so that the per-day counts and keyword items count it from the start.
 */
const follower = (stories: boolean) => (stories ? ', g % 5 IN (2, 3)' : '');
const followerColumn = (stories: boolean) => (stories ? ', story_follower' : '');

function tweetSql(total: number, stories: boolean) {
  return `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
              nlp_decision_ratio, detected_keywords, reviewed_by, selected, manually_changed${followerColumn(stories)})
          SELECT 'b' || g, 'user' || (g % 5000), 'Account ' || (g % 5000), 'https://x.com/u/status/b' || g,
                 'Generated benchmark tweet number ' || g || ' about ' || (ARRAY['bitcoin','ethereum','solana','etf'])[1 + g % 4],
                 t, t, (g % 1000) / 1000.0, ${keywords}, ${reviewer}, g % 3 <> 0, g % 17 = 0${follower(stories)}
          ${common(total)}`;
}

function newsSql(total: number, stories: boolean) {
  return `INSERT INTO news (news_id, website, account_name, url, message, detect_time, nlp_decision_ratio,
              currencies, markets, tags, detected_keywords, reviewed_by, selected, manually_changed${followerColumn(stories)})
          SELECT 'n' || g, 'site' || (g % 400) || '.example', 'Desk ' || (g % 400), 'https://site' || (g % 400) || '.example/a/' || g,
                 'Generated benchmark news item ' || g || ' on ' || (ARRAY['bitcoin','ethereum','solana','etf'])[1 + g % 4],
                 t, (g % 1000) / 1000.0, '{BTC}'::text[], '{BINANCE}'::text[], '{defi}'::text[],
                 ${keywords}, ${reviewer}, g % 3 <> 0, g % 17 = 0${follower(stories)}
          ${common(total)}`;
}

export interface Runs {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export async function loadItems(
  db: Runs,
  table: 'tweets' | 'news',
  total: number,
  progress: (done: number) => void = () => undefined,
  options: { stories?: boolean } = {},
): Promise<void> {
  const stories = options.stories ?? false;
  const sql = table === 'tweets' ? tweetSql(total, stories) : newsSql(total, stories);
  for (let from = 1; from <= total; from += SLICE) {
    const to = Math.min(total, from + SLICE - 1);
    await db.query(sql, [from, to]);
    progress(to);
  }
  // The items are loaded, not collected: the arrival queue (migration 19) is not the grouper's.
  await db.query(`DELETE FROM story_arrivals WHERE service = '${table}'`);
  await db.query(`ANALYZE ${table}`);
  await db.query(`ANALYZE ${table}_day_counts`);
}
