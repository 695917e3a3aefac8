import { Faker, en } from '@faker-js/faker';
import { DEFAULT_REVIEWERS } from '../../shared/constants';
import type { Database, Queryable } from '../db/database';
import {
  COINS,
  DROP_TEMPLATES,
  KEEP_TEMPLATES,
  MARKET_NAMES,
  NEWS_KEYWORDS,
  NEWS_SITES,
  TAGS,
  TWEET_KEYWORDS,
} from './reviewCorpus';

export const DEMO_SEED = 20221101;

export interface GeneratedText {
  message: string;
  keep: boolean;
  coin: (typeof COINS)[number];
  market: string;
  tag: string;
  keywords: string[];
}

/**
 * A seeded generator of review texts. `noise` is the share of labels that disagree with the
 * template, as real reviewers sometimes keep a giveaway from a big exchange.
 */
export function createTextGenerator(seed = DEMO_SEED, noise = 0.08) {
  const faker = new Faker({ locale: [en], seed });
  const vocabulary = [...TWEET_KEYWORDS, ...NEWS_KEYWORDS].map((k) => k.keyword);
  return {
    faker,
    next(): GeneratedText {
      const keepTemplate = faker.datatype.boolean({ probability: 0.45 });
      const template = faker.helpers.arrayElement<string>(
        keepTemplate ? KEEP_TEMPLATES : DROP_TEMPLATES,
      );
      const coin = faker.helpers.arrayElement(COINS);
      const market = faker.helpers.arrayElement(MARKET_NAMES);
      const tag = faker.helpers.arrayElement(TAGS);
      const message = template
        .replaceAll('{coin}', coin.name)
        .replaceAll('{COIN}', coin.symbol)
        .replaceAll('{market}', market)
        .replaceAll('{tag}', tag)
        .replaceAll('{n}', String(faker.number.int({ min: 2, max: 900 })));
      const lower = message.toLowerCase();
      const keywords = [...new Set(vocabulary.filter((k) => new RegExp(`\\b${k}\\b`).test(lower)))];
      const keep = faker.datatype.boolean({ probability: noise }) ? !keepTemplate : keepTemplate;
      return { message, keep, coin, market, tag, keywords };
    },
  };
}

const DAY = 24 * 3600 * 1000;

async function insertKeywords(db: Queryable, table: string, list: typeof TWEET_KEYWORDS) {
  await db.query(
    `INSERT INTO ${table} (keyword, type, unwanted_usages)
     SELECT k, t, string_to_array(u, '|') FROM unnest($1::text[], $2::text[], $3::text[]) AS s(k, t, u)
     ON CONFLICT (keyword) DO NOTHING`,
    [list.map((k) => k.keyword), list.map((k) => k.type), list.map((k) => k.unwanted.join('|'))],
  );
  // string_to_array('', '|') gives {''}; no keyword should carry an empty usage.
  await db.query(`UPDATE ${table} SET unwanted_usages = array_remove(unwanted_usages, '')`);
}

/**
 * Several thousand tweets and news items over the last three years: a mix of kept and eliminated
 * decisions with classifier ratios that mostly agree, some reviewed or manually changed by the
 * demo reviewers, and tweets eliminated by similarity or by quoted post.
 */
export async function seedDemoReview(
  db: Database,
  options: { tweets?: number; news?: number; now?: Date; seed?: number } = {},
): Promise<boolean> {
  // EXISTS, not count(*): this runs on every start, on a table of 100,000 tweets.
  const [{ any } = { any: false }] = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM tweets) AS any',
  );
  if (any) return false;
  const tweetCount = options.tweets ?? 4000;
  const newsCount = options.news ?? 2000;
  const now = (options.now ?? new Date('2026-11-01T12:00:00Z')).getTime();
  const generator = createTextGenerator(options.seed ?? DEMO_SEED);
  const { faker } = generator;
  const accounts = Array.from({ length: 60 }, () => ({
    user:
      faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '')
        .slice(0, 15) || 'cryptofan',
    name: faker.person.fullName(),
  }));

  const decide = (keep: boolean) => {
    // The classifier's ratio leans the right way most of the time.
    const agrees = faker.datatype.boolean({ probability: 0.85 });
    const ratio =
      agrees === keep
        ? faker.number.float({ min: 0.5, max: 0.99 })
        : faker.number.float({ min: 0.01, max: 0.5 });
    const human = faker.number.float({ min: 0, max: 1 });
    const reviewedBy = human < 0.12 ? faker.helpers.arrayElement(DEFAULT_REVIEWERS) : null;
    const manuallyChanged = human > 0.92;
    const selected = manuallyChanged || reviewedBy ? keep : ratio > 0.5;
    return {
      ratio,
      reviewedBy,
      manuallyChanged,
      selected,
      changedBy: manuallyChanged ? faker.helpers.arrayElement(DEFAULT_REVIEWERS) : null,
    };
  };

  await db.transaction(async (tx) => {
    await insertKeywords(tx, 'tweet_keywords', TWEET_KEYWORDS);
    await insertKeywords(tx, 'news_keywords', NEWS_KEYWORDS);

    const tweets = Array.from({ length: tweetCount }, (_, i) => {
      const text = generator.next();
      const account = faker.helpers.arrayElement(accounts);
      const detect =
        now -
        faker.number.int({ min: 0, max: 3 * 365 }) * DAY -
        faker.number.int({ min: 0, max: DAY });
      const similarity = faker.datatype.boolean({ probability: 0.04 });
      const quoted = !similarity && faker.datatype.boolean({ probability: 0.03 });
      const d = decide(text.keep);
      const tweetId = String(1_600_000_000_000_000_000n + BigInt(i) * 7919n);
      return {
        tweetId,
        user: account.user,
        name: account.name,
        url: `https://x.com/${account.user}/status/${tweetId}`,
        message: text.message,
        tweetTime: new Date(detect - faker.number.int({ min: 1000, max: 600_000 })).toISOString(),
        detectTime: new Date(detect).toISOString(),
        ratio: d.ratio,
        keywords: text.keywords,
        unwanted:
          !d.selected && faker.datatype.boolean({ probability: 0.2 })
            ? [`${text.coin.name} giveaway`]
            : [],
        reviewedBy: d.reviewedBy,
        eliminatedKeyword:
          !d.selected && text.keywords.length > 0 && faker.datatype.boolean({ probability: 0.3 })
            ? text.keywords[0]!
            : null,
        similarity,
        quoted,
        selected: similarity || quoted ? false : d.selected,
        manuallyChanged: d.manuallyChanged,
        changedBy: d.changedBy,
      };
    });
    await tx.query(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
          nlp_decision_ratio, detected_keywords, unwanted_usages, reviewed_by, eliminated_keyword,
          eliminated_by_similarity, eliminated_by_quoted_post, selected, manually_changed, manually_changed_by)
       SELECT t.tweet_id, t.user_name, t.account_name, t.url, t.message, t.tweet_time, t.detect_time, t.ratio,
          COALESCE(NULLIF(string_to_array(t.keywords, '|'), '{""}'), '{}'), COALESCE(NULLIF(string_to_array(t.unwanted, '|'), '{""}'), '{}'),
          t.reviewed_by, t.eliminated_keyword, t.similarity, t.quoted, t.selected, t.manually_changed, t.changed_by
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[],
                     $8::float8[], $9::text[], $10::text[], $11::text[], $12::text[], $13::bool[], $14::bool[], $15::bool[], $16::bool[], $17::text[])
           AS t(tweet_id, user_name, account_name, url, message, tweet_time, detect_time, ratio, keywords, unwanted,
                reviewed_by, eliminated_keyword, similarity, quoted, selected, manually_changed, changed_by)`,
      [
        tweets.map((t) => t.tweetId),
        tweets.map((t) => t.user),
        tweets.map((t) => t.name),
        tweets.map((t) => t.url),
        tweets.map((t) => t.message),
        tweets.map((t) => t.tweetTime),
        tweets.map((t) => t.detectTime),
        tweets.map((t) => t.ratio),
        tweets.map((t) => t.keywords.join('|')),
        tweets.map((t) => t.unwanted.join('|')),
        tweets.map((t) => t.reviewedBy),
        tweets.map((t) => t.eliminatedKeyword),
        tweets.map((t) => t.similarity),
        tweets.map((t) => t.quoted),
        tweets.map((t) => t.selected),
        tweets.map((t) => t.manuallyChanged),
        tweets.map((t) => t.changedBy),
      ],
    );

    const news = Array.from({ length: newsCount }, (_, i) => {
      const text = generator.next();
      const site = faker.helpers.arrayElement(NEWS_SITES);
      const detect =
        now -
        faker.number.int({ min: 0, max: 3 * 365 }) * DAY -
        faker.number.int({ min: 0, max: DAY });
      const d = decide(text.keep);
      const slug = text.message
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, 60)
        .replace(/-$/, '');
      return {
        newsId: `n-${100000 + i}`,
        site,
        author: faker.person.fullName(),
        url: `https://${site}/${new Date(detect).toISOString().slice(0, 10).replaceAll('-', '/')}/${slug}`,
        message: text.message,
        detectTime: new Date(detect).toISOString(),
        ratio: d.ratio,
        currencies: [text.coin.symbol],
        markets: /\b(list|delist|suspend|perpetual|withdrawals)/i.test(text.message)
          ? [text.market]
          : [],
        tags: [text.tag],
        keywords: text.keywords,
        reviewedBy: d.reviewedBy,
        selected: d.selected,
        manuallyChanged: d.manuallyChanged,
        changedBy: d.changedBy,
      };
    });
    await tx.query(
      `INSERT INTO news (news_id, website, account_name, url, message, detect_time, nlp_decision_ratio, currencies, markets, tags,
          detected_keywords, reviewed_by, selected, manually_changed, manually_changed_by)
       SELECT n.news_id, n.website, n.account_name, n.url, n.message, n.detect_time, n.ratio,
          string_to_array(n.currencies, '|'), COALESCE(NULLIF(string_to_array(n.markets, '|'), '{""}'), '{}'), string_to_array(n.tags, '|'),
          COALESCE(NULLIF(string_to_array(n.keywords, '|'), '{""}'), '{}'), n.reviewed_by, n.selected, n.manually_changed, n.changed_by
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::float8[], $8::text[], $9::text[],
                     $10::text[], $11::text[], $12::text[], $13::bool[], $14::bool[], $15::text[])
           AS n(news_id, website, account_name, url, message, detect_time, ratio, currencies, markets, tags, keywords, reviewed_by,
                selected, manually_changed, changed_by)`,
      [
        news.map((n) => n.newsId),
        news.map((n) => n.site),
        news.map((n) => n.author),
        news.map((n) => n.url),
        news.map((n) => n.message),
        news.map((n) => n.detectTime),
        news.map((n) => n.ratio),
        news.map((n) => n.currencies.join('|')),
        news.map((n) => n.markets.join('|')),
        news.map((n) => n.tags.join('|')),
        news.map((n) => n.keywords.join('|')),
        news.map((n) => n.reviewedBy),
        news.map((n) => n.selected),
        news.map((n) => n.manuallyChanged),
        news.map((n) => n.changedBy),
      ],
    );
  });
  return true;
}
