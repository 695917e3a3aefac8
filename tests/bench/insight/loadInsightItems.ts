/**
 * Generated tweets and news for the insight benchmark, written by the database itself
 * (generate_series) in slices, as the review benchmark's are (tests/bench/review/loadItems.ts), with
 * the same spread of the Review columns: 2022-01-01 to 2026-10, a third eliminated, one in nine
 * reviewed (three reviewers in turn), one in seventeen manually changed, a thousand distinct ratios.
 * What differs is the text: keyword impact searches it, so it holds words at known frequencies
 * (KEYWORD_SHARES), some of them traps for whole-word matching ('eth' beside 'Ethereum', '$BTC'
 * beside '#btc', a hyphenated word, a two-word phrase).
 */
const SLICE = 1_000_000;

/** The first phrase of each text; the first case that holds wins. */
const lead = `CASE WHEN g % 1000 = 7 THEN 'Chainlink oracles go live'
                   WHEN g % 200 = 3 THEN 'Another pump-and-dump? Careful'
                   WHEN g % 50 = 1 THEN 'Spot Bitcoin ETF inflows climb'
                   WHEN g % 33 = 2 THEN 'Watch $BTC closely today'
                   WHEN g % 20 = 4 THEN 'ETH staking rewards rise'
                   WHEN g % 10 = 5 THEN 'Ethereum upgrade lands soon'
                   WHEN g % 5 = 0 THEN 'Bitcoin price moves again'
                   ELSE 'Markets stay calm' END`;

/** Roughly how often each benchmark keyword occurs in the texts, for the report. */
export const KEYWORD_SHARES: { keyword: string; share: string }[] = [
  { keyword: 'eth', share: 'about 3 in 10 (#eth counts)' },
  { keyword: 'bitcoin', share: 'about 1 in 9' },
  { keyword: 'ethereum', share: 'about 1 in 10' },
  { keyword: '$btc', share: 'about 1 in 34' },
  { keyword: 'bitcoin etf', share: '1 in 50' },
  { keyword: 'pump-and-dump', share: '1 in 200' },
  { keyword: 'chainlink', share: '1 in 1,000' },
  { keyword: 'nothing-like-this', share: 'none' },
];

const tail = `' #' || (ARRAY['btc','eth','sol','defi'])[1 + g % 4] || ' via @user' || (g % 5000)`;
const keywords = `CASE WHEN g % 1000 = 3 THEN '{chainlink}'::text[]
                       WHEN g % 10 = 0 THEN '{bitcoin}'::text[]
                       WHEN g % 10 = 1 THEN '{ethereum,etf}'::text[]
                       WHEN g % 10 = 2 THEN '{etf}'::text[] ELSE '{}'::text[] END`;
const reviewer = `CASE WHEN g % 9 = 0 THEN 'reviewer' || (1 + (g / 9) % 3) END`;
const series = (total: number) => `
  FROM generate_series($1::bigint, $2::bigint) AS g,
       LATERAL (SELECT timestamptz '2022-01-01' + (g::float8 / ${total}) * interval '4 years 10 months' AS t) AS ts`;

function tweetSql(total: number) {
  return `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
              nlp_decision_ratio, detected_keywords, reviewed_by, selected, manually_changed)
          SELECT 'i' || g, 'user' || (g % 5000), 'Account ' || (g % 5000), 'https://x.com/u/status/i' || g,
                 ${lead} || ' (tweet ' || g || ')' || ${tail},
                 t, t, (g % 1000) / 1000.0, ${keywords}, ${reviewer}, g % 3 <> 0, g % 17 = 0
          ${series(total)}`;
}

function newsSql(total: number) {
  return `INSERT INTO news (news_id, website, account_name, url, message, detect_time, nlp_decision_ratio,
              currencies, markets, tags, detected_keywords, reviewed_by, selected, manually_changed)
          SELECT 'i' || g, 'site' || (g % 400) || '.example', 'Desk ' || (g % 400), 'https://site' || (g % 400) || '.example/a/' || g,
                 ${lead} || ' (news ' || g || ')' || ${tail},
                 t, (g % 1000) / 1000.0, '{BTC}'::text[], '{BINANCE}'::text[], '{defi}'::text[],
                 ${keywords}, ${reviewer}, g % 3 <> 0, g % 17 = 0
          ${series(total)}`;
}

export interface Runs {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export async function loadInsightItems(
  db: Runs,
  table: 'tweets' | 'news',
  total: number,
  progress: (done: number) => void = () => undefined,
): Promise<void> {
  const sql = table === 'tweets' ? tweetSql(total) : newsSql(total);
  for (let from = 1; from <= total; from += SLICE) {
    const to = Math.min(total, from + SLICE - 1);
    await db.query(sql, [from, to]);
    progress(to);
  }
  await db.query(`ANALYZE ${table}`);
}
