import { Faker, en } from '@faker-js/faker';
import { MARKETS } from '../../shared/constants';
import type { Socials } from '../currency/currencyRecords';
import type { Database, Queryable } from '../db/database';

/**
 * Demo reference data for the currency screens: a catalogue of a few thousand currencies (the
 * well-known ones first, with websites, socials and trading pairs), a queue of newly detected
 * currencies (some sharing a symbol with a catalogue currency), a queue of new versions of
 * catalogue currencies, and image-check results. A fixed seed keeps it the same on every machine.
 */

export const CURRENCY_SEED = 20221102;

/** Well-known currencies, by rank, with the unwanted usages their names attract in real text. */
const KNOWN: readonly [symbol: string, name: string, uniqueName: string, unwanted: string[]][] = [
  ['BTC', 'Bitcoin', 'bitcoin', []],
  ['ETH', 'Ethereum', 'ethereum', []],
  ['USDT', 'Tether', 'tether', ['tether cable']],
  ['BNB', 'BNB', 'binancecoin', []],
  ['SOL', 'Solana', 'solana', ['sol y sombra']],
  ['XRP', 'XRP', 'ripple', ['ripple effect']],
  ['USDC', 'USD Coin', 'usd-coin', []],
  ['ADA', 'Cardano', 'cardano', ['ada lovelace']],
  ['DOGE', 'Dogecoin', 'dogecoin', []],
  ['TRX', 'TRON', 'tron', ['tron legacy']],
  ['AVAX', 'Avalanche', 'avalanche-2', ['snow avalanche']],
  ['TON', 'Toncoin', 'the-open-network', ['tons of']],
  ['LINK', 'Chainlink', 'chainlink', ['chainlink fence']],
  ['DOT', 'Polkadot', 'polkadot', ['polka dot dress']],
  ['MATIC', 'Polygon', 'matic-network', ['polygon shape']],
  ['SHIB', 'Shiba Inu', 'shiba-inu', ['shiba inu puppy']],
  ['LTC', 'Litecoin', 'litecoin', []],
  ['BCH', 'Bitcoin Cash', 'bitcoin-cash', []],
  ['UNI', 'Uniswap', 'uniswap', ['uni students']],
  ['ATOM', 'Cosmos', 'cosmos', ['atom bomb']],
  ['XLM', 'Stellar', 'stellar', ['stellar performance']],
  ['NEAR', 'NEAR Protocol', 'near', ['near me']],
  ['APT', 'Aptos', 'aptos', ['apt-get']],
  ['ARB', 'Arbitrum', 'arbitrum', []],
  ['OP', 'Optimism', 'optimism', ['optimism bias']],
  ['FIL', 'Filecoin', 'filecoin', []],
  ['ICP', 'Internet Computer', 'internet-computer', []],
  ['HBAR', 'Hedera', 'hedera-hashgraph', []],
  ['VET', 'VeChain', 'vechain', ['vet clinic']],
  ['INJ', 'Injective', 'injective-protocol', ['injection']],
];

/** The tags catalogue currencies carry (unique names of crypto tags; demoMarkets.ts seeds them). */
export const TAGS = [
  'layer-1',
  'layer-2',
  'defi',
  'meme',
  'stablecoin',
  'gaming',
  'ai',
  'privacy',
  'exchange-token',
  'rwa',
];
const QUOTES = [
  ['USDT', 'tether'],
  ['BTC', 'bitcoin'],
  ['ETH', 'ethereum'],
  ['USDC', 'usd-coin'],
] as const;

interface Generated {
  currencyId: number;
  rank: number;
  symbol: string;
  name: string;
  uniqueName: string;
  active: boolean;
  search: boolean;
  tags: string[];
  unwanted: string[];
  detectTime: string | null;
  website: string[];
  socials: Socials;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedDemoCurrencies(
  db: Database,
  options: { catalogue?: number; newCurrencies?: number; newVersions?: number; now?: Date } = {},
): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM currencies',
  );
  if (n > 0) return false;
  const faker = new Faker({ locale: [en], seed: CURRENCY_SEED });
  const now = (options.now ?? new Date('2026-11-01T12:00:00Z')).getTime();
  const usedNames = new Set<string>();
  const usedIds = new Set<number>();

  const uniqueNameFor = (name: string) => {
    let candidate = slug(name) || 'token';
    for (let i = 2; usedNames.has(candidate); i++) candidate = `${slug(name)}-${i}`;
    usedNames.add(candidate);
    return candidate;
  };
  const providerId = (min: number, max: number) => {
    let id = faker.number.int({ min, max });
    while (usedIds.has(id)) id += 1;
    usedIds.add(id);
    return id;
  };
  const socialsOf = (unique: string, full: boolean): Socials => ({
    twitter: `https://x.com/${unique.replace(/-/g, '')}`,
    reddit: full || faker.datatype.boolean() ? `https://reddit.com/r/${unique}` : null,
    discord: full || faker.datatype.boolean() ? `https://discord.gg/${unique}` : null,
    telegram: full || faker.datatype.boolean() ? `https://t.me/${unique.replace(/-/g, '_')}` : null,
    forum: full && faker.datatype.boolean() ? `https://forum.${unique}.org` : null,
    facebook: faker.datatype.boolean({ probability: 0.3 })
      ? `https://facebook.com/${unique}`
      : null,
  });
  const inventedName = () =>
    `${faker.word.adjective({ length: { min: 4, max: 9 } })} ${faker.helpers.arrayElement([
      'Coin',
      'Token',
      'Protocol',
      'Network',
      'Finance',
      'Chain',
      'Swap',
      'DAO',
    ])}`.replace(/^\w/, (c) => c.toUpperCase());
  const inventedSymbol = () => faker.string.alpha({ length: { min: 3, max: 5 }, casing: 'upper' });

  // ---- Catalogue
  const catalogue: Generated[] = KNOWN.map(([symbol, name, uniqueName, unwanted], i) => {
    usedNames.add(uniqueName);
    return {
      currencyId: providerId(1, 30_000),
      rank: i + 1,
      symbol,
      name,
      uniqueName,
      active: true,
      search: unwanted.length === 0,
      tags: faker.helpers.arrayElements(TAGS, { min: 1, max: 3 }).sort(),
      unwanted,
      detectTime: null,
      website: [`https://${uniqueName}.org`],
      socials: socialsOf(uniqueName, true),
    };
  });
  const total = options.catalogue ?? 2500;
  for (let rank = catalogue.length + 1; rank <= total; rank++) {
    const name = inventedName();
    const uniqueName = uniqueNameFor(name);
    catalogue.push({
      currencyId: providerId(1, 30_000),
      rank,
      symbol: inventedSymbol(),
      name,
      uniqueName,
      active: faker.datatype.boolean({ probability: 0.9 }),
      search: faker.datatype.boolean({ probability: 0.6 }),
      tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 2 }).sort(),
      unwanted: faker.datatype.boolean({ probability: 0.1 })
        ? [`${name.split(' ')[0]!.toLowerCase()} mood`]
        : [],
      detectTime: new Date(
        now - faker.number.int({ min: 90, max: 1500 }) * 86_400_000,
      ).toISOString(),
      website: [`https://${uniqueName}.io`],
      socials: socialsOf(uniqueName, false),
    });
  }

  // ---- Queues
  const newCount = options.newCurrencies ?? 180;
  const queue: Generated[] = Array.from({ length: newCount }, () => {
    // About a third reuse a catalogue symbol: the 'Same Currencies' a reviewer must tell apart.
    const twin = faker.datatype.boolean({ probability: 0.35 })
      ? faker.helpers.arrayElement(catalogue.slice(0, 300))
      : null;
    const name = twin
      ? `${twin.name} ${faker.helpers.arrayElement(['Classic', 'Bridged', 'Wrapped', 'AI', 'Inu'])}`
      : inventedName();
    const uniqueName = uniqueNameFor(name);
    return {
      currencyId: providerId(30_001, 60_000),
      rank: faker.number.int({ min: 1500, max: 9000 }),
      symbol: twin ? twin.symbol : inventedSymbol(),
      name,
      uniqueName,
      active: true,
      search: false,
      tags: [],
      unwanted: [],
      detectTime: new Date(now - faker.number.int({ min: 0, max: 60 * 86_400_000 })).toISOString(),
      website: [`https://${uniqueName}.xyz`],
      socials: socialsOf(uniqueName, false),
    };
  });
  const versionCount = options.newVersions ?? 40;
  const olds = faker.helpers.arrayElements(catalogue.slice(10, 800), versionCount);
  const versions = olds.map((old) => {
    const rebrand = faker.datatype.boolean({ probability: 0.3 });
    const name = rebrand ? inventedName() : `${old.name} V2`;
    const uniqueName = uniqueNameFor(rebrand ? name : `${old.uniqueName}-v2`);
    return {
      old,
      entry: {
        currencyId: providerId(60_001, 90_000),
        rank: old.rank,
        symbol: rebrand ? inventedSymbol() : old.symbol,
        name,
        uniqueName,
        active: true,
        search: old.search,
        tags: [],
        unwanted: [],
        detectTime: new Date(
          now - faker.number.int({ min: 0, max: 30 * 86_400_000 }),
        ).toISOString(),
        website: [`https://${uniqueName}.xyz`],
        socials: socialsOf(uniqueName, false),
      } satisfies Generated,
    };
  });

  await db.transaction(async (tx) => {
    await insertRows(tx, 'currencies', catalogue);
    await insertRows(tx, 'new_currencies', queue);
    await insertRows(
      tx,
      'new_version_currencies',
      versions.map((v) => v.entry),
      versions.map((v) => v.old.uniqueName),
    );
    // Trading pairs for the better-ranked half of the catalogue.
    const pairs = catalogue.slice(0, total / 2).flatMap((c) =>
      faker.helpers.arrayElements(MARKETS, { min: 1, max: 3 }).flatMap((market) =>
        QUOTES.filter(([quote]) => quote !== c.symbol)
          .slice(0, faker.number.int({ min: 1, max: 3 }))
          .map(([quote, quoteUnique]) => ({
            unique: c.uniqueName,
            market,
            quote,
            quoteUnique,
            active: faker.datatype.boolean({ probability: 0.9 }),
          })),
      ),
    );
    await tx.query(
      `INSERT INTO currency_trading_pairs (currency_id, market, other_currency, other_currency_unique_name, pair_active)
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
    // Every catalogue currency has its image; about a quarter of the detected ones do not yet.
    const images = [
      ...catalogue.map((c) => [c.uniqueName, true] as const),
      ...[...queue, ...versions.map((v) => v.entry)].map(
        (c) => [c.uniqueName, faker.datatype.boolean({ probability: 0.75 })] as const,
      ),
    ];
    await tx.query(
      `INSERT INTO currency_images (unique_name, has_image)
       SELECT * FROM unnest($1::text[], $2::bool[]) ON CONFLICT (unique_name) DO NOTHING`,
      [images.map(([u]) => u), images.map(([, has]) => has)],
    );
  });
  return true;
}

/** One statement per table; new versions also name their old currency's unique name. */
async function insertRows(
  tx: Queryable,
  table: 'currencies' | 'new_currencies' | 'new_version_currencies',
  rows: Generated[],
  oldUniqueNames?: string[],
) {
  const columns = `currency_id, rank, symbol, name, unique_name, active, search_with_currency,
     tags, unwanted_usages, detect_time, website, socials`;
  const values = `r.currency_id, r.rank, r.symbol, r.name, r.unique_name, r.active, r.search,
     COALESCE(NULLIF(string_to_array(r.tags, '|'), '{""}'), '{}'),
     COALESCE(NULLIF(string_to_array(r.unwanted, '|'), '{""}'), '{}'),
     r.detect_time, string_to_array(r.website, '|'), r.socials::jsonb`;
  const source = `unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::bool[],
       $8::text[], $9::text[], $10::timestamptz[], $11::text[], $12::text[], $13::text[])
     AS r(currency_id, rank, symbol, name, unique_name, active, search, tags, unwanted, detect_time,
          website, socials, old_unique_name)`;
  const sql =
    table === 'new_version_currencies'
      ? `INSERT INTO ${table} (${columns}, old_currency)
         SELECT ${values}, c.id FROM ${source} JOIN currencies c ON c.unique_name = r.old_unique_name`
      : `INSERT INTO ${table} (${columns}) SELECT ${values} FROM ${source}`;
  await tx.query(sql, [
    rows.map((r) => r.currencyId),
    rows.map((r) => r.rank),
    rows.map((r) => r.symbol),
    rows.map((r) => r.name),
    rows.map((r) => r.uniqueName),
    rows.map((r) => r.active),
    rows.map((r) => r.search),
    rows.map((r) => r.tags.join('|')),
    rows.map((r) => r.unwanted.join('|')),
    rows.map((r) => r.detectTime),
    rows.map((r) => r.website.join('|')),
    rows.map((r) => JSON.stringify(r.socials)),
    oldUniqueNames ?? rows.map(() => null),
  ]);
}
