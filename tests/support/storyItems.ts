import type { Queryable } from '../../src/server/db/database';

let serial = 0;

/**
 * Inserts tweets as the collector would, in the order given (their insert queues them for the
 * grouper); answers their ids. A tweet without a tweetId gets one of its own.
 */
export async function insertTweets(
  db: Queryable,
  tweets: readonly { user: string; message: string; at: string; tweetId?: string | null }[],
): Promise<number[]> {
  const rows = await db.query<{ id: string | number }>(
    `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time)
     SELECT u.tweet_id, u.user_name, u.user_name, 'https://x.com/' || u.user_name || '/status/' || u.tweet_id,
            u.message, u.at, u.at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS u(tweet_id, user_name, message, at, n)
      ORDER BY u.n
     RETURNING id`,
    [
      tweets.map((t) => t.tweetId ?? `st-${++serial}`),
      tweets.map((t) => t.user),
      tweets.map((t) => t.message),
      tweets.map((t) => t.at),
    ],
  );
  return rows.map((r) => Number(r.id));
}

/** Inserts news items as the collector would, in the order given; answers their ids. */
export async function insertNews(
  db: Queryable,
  news: readonly {
    newsId: string;
    website: string;
    message: string;
    at: string;
    symbols: readonly string[];
  }[],
): Promise<number[]> {
  const rows = await db.query<{ id: string | number }>(
    `INSERT INTO news (news_id, website, account_name, url, message, detect_time, currencies)
     SELECT u.news_id, u.website, u.website, 'https://' || u.website || '/' || u.news_id, u.message, u.at,
            string_to_array(u.symbols, ',')
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[]) WITH ORDINALITY AS u(news_id, website, message, at, symbols, n)
      ORDER BY u.n
     RETURNING id`,
    [
      news.map((n) => n.newsId),
      news.map((n) => n.website),
      news.map((n) => n.message),
      news.map((n) => n.at),
      news.map((n) => n.symbols.join(',')),
    ],
  );
  return rows.map((r) => Number(r.id));
}
