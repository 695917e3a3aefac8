import { Faker, en } from '@faker-js/faker';
import type { Database } from '../../../src/server/db/database';
import { MARKETS } from '../../../src/shared/constants';

/**
 * Grows the demo catalogue (2,500 currencies, src/server/seed/demoCurrencies.ts) to `total`
 * currencies of the same shapes: a website, socials (twitter always, others often), 0-2 tags, an
 * unwanted usage now and then, and trading pairs on 1-3 markets against 1-3 quotes for the
 * better-ranked half, as the demo seed gives its own better-ranked half. Generated in this process
 * with a fixed seed, written with one `unnest` statement per table: 20,000 take about a second.
 */

const SEED = 15_005;
const TAGS = ['layer-1', 'layer-2', 'defi', 'meme', 'stablecoin', 'gaming', 'ai', 'rwa'];
const SUFFIXES = ['Coin', 'Token', 'Protocol', 'Network', 'Finance', 'Chain', 'Swap', 'DAO'];
const QUOTES = [
  ['USDT', 'tether'],
  ['BTC', 'bitcoin'],
  ['ETH', 'ethereum'],
  ['USDC', 'usd-coin'],
] as const;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One added currency, its lists joined by '|' for the unnest of one statement. */
interface AddedCurrency {
  currencyId: number;
  rank: number;
  symbol: string;
  name: string;
  unique: string;
  active: boolean;
  search: boolean;
  tags: string;
  unwanted: string;
  detectTime: Date;
  website: string;
  socials: string;
}

export interface SeededCatalogue {
  currencies: number;
  tradingPairs: number;
}

export async function growCatalogue(db: Database, total: number): Promise<SeededCatalogue> {
  const faker = new Faker({ locale: [en], seed: SEED });
  const existing = await db.query<{ unique_name: string; rank: number }>(
    'SELECT unique_name, rank FROM currencies',
  );
  const used = new Set(existing.map((r) => r.unique_name));
  const firstRank = Math.max(0, ...existing.map((r) => Number(r.rank))) + 1;
  const now = Date.parse('2026-11-01T12:00:00Z');

  const rows: AddedCurrency[] = [];
  for (let rank = firstRank; rank <= total; rank++) {
    const name = `${faker.word.adjective({ length: { min: 4, max: 9 } })} ${faker.helpers.arrayElement(SUFFIXES)}`;
    const title = name.replace(/^\w/, (c) => c.toUpperCase());
    let unique = slug(title) || 'token';
    for (let i = 2; used.has(unique); i++) unique = `${slug(title)}-${i}`;
    used.add(unique);
    const maybe = (p: number, value: string) => (faker.datatype.boolean(p) ? value : null);
    rows.push({
      // Provider ids above the demo seed's (which end at 90,000).
      currencyId: 100_000 + rank,
      rank,
      symbol: faker.string.alpha({ length: { min: 3, max: 5 }, casing: 'upper' }),
      name: title,
      unique,
      active: faker.datatype.boolean(0.9),
      search: faker.datatype.boolean(0.6),
      tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 2 }).sort().join('|'),
      unwanted: faker.datatype.boolean(0.1) ? `${title.split(' ')[0]!.toLowerCase()} mood` : '',
      detectTime: new Date(now - faker.number.int({ min: 90, max: 1500 }) * 86_400_000),
      website: `https://${unique}.io`,
      socials: JSON.stringify({
        twitter: `https://x.com/${unique.replace(/-/g, '')}`,
        reddit: maybe(0.5, `https://reddit.com/r/${unique}`),
        discord: maybe(0.5, `https://discord.gg/${unique}`),
        telegram: maybe(0.5, `https://t.me/${unique.replace(/-/g, '_')}`),
        forum: null,
        facebook: maybe(0.3, `https://facebook.com/${unique}`),
      }),
    });
  }
  const column = <K extends keyof AddedCurrency>(key: K) => rows.map((r) => r[key]);
  await db.query(
    `INSERT INTO currencies (currency_id, rank, symbol, name, unique_name, active,
        search_with_currency, tags, unwanted_usages, detect_time, website, socials)
     SELECT r.currency_id, r.rank, r.symbol, r.name, r.unique_name, r.active, r.search,
            COALESCE(NULLIF(string_to_array(r.tags, '|'), '{""}'), '{}'),
            COALESCE(NULLIF(string_to_array(r.unwanted, '|'), '{""}'), '{}'),
            r.detect_time, ARRAY[r.website], r.socials::jsonb
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bool[],
                   $7::bool[], $8::text[], $9::text[], $10::timestamptz[], $11::text[], $12::text[])
         AS r(currency_id, rank, symbol, name, unique_name, active, search, tags, unwanted,
              detect_time, website, socials)`,
    [
      column('currencyId'),
      column('rank'),
      column('symbol'),
      column('name'),
      column('unique'),
      column('active'),
      column('search'),
      column('tags'),
      column('unwanted'),
      column('detectTime'),
      column('website'),
      column('socials'),
    ],
  );

  // Trading pairs for the added currencies of the better-ranked half.
  const pairs = rows
    .filter((r) => r.rank <= total / 2)
    .flatMap((r) =>
      faker.helpers.arrayElements(MARKETS, { min: 1, max: 3 }).flatMap((market) =>
        QUOTES.slice(0, faker.number.int({ min: 1, max: 3 })).map(([quote, quoteUnique]) => ({
          unique: r.unique,
          market,
          quote,
          quoteUnique,
          active: faker.datatype.boolean(0.9),
        })),
      ),
    );
  await db.query(
    `INSERT INTO currency_trading_pairs (currency_id, market, other_currency,
        other_currency_unique_name, pair_active)
     SELECT c.id, p.market, p.quote, p.quote_unique, p.active
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[])
         AS p(unique_name, market, quote, quote_unique, active)
       JOIN currencies c ON c.unique_name = p.unique_name`,
    [
      pairs.map((p) => p.unique),
      pairs.map((p) => p.market),
      pairs.map((p) => p.quote),
      pairs.map((p) => p.quoteUnique),
      pairs.map((p) => p.active),
    ],
  );
  const [counts] = await db.query<{ currencies: number; pairs: number }>(
    `SELECT (SELECT count(*)::int FROM currencies) AS currencies,
            (SELECT count(*)::int FROM currency_trading_pairs) AS pairs`,
  );
  await db.query('ANALYZE currencies');
  await db.query('ANALYZE currency_trading_pairs');
  return { currencies: counts!.currencies, tradingPairs: counts!.pairs };
}
