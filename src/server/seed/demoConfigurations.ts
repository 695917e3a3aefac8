import { Faker, en } from '@faker-js/faker';
import { MARKETS, type ConfigurationCategory, type Market } from '../../shared/constants';
import type { Database, Queryable } from '../db/database';
import { seedDemoAccounts } from './demoAccounts';
import { seedDemoCurrencies } from './demoCurrencies';

/**
 * Demo data for the configuration and mismatch screens: market-currency configurations of
 * catalogue currencies on the 13 markets, a queue of mismatched trading pairs and a queue of
 * explorer URLs, every one naming a catalogue currency (and a market of the 13). Also the Twitter
 * accounts (demoAccounts.ts). Each table is filled only when empty, each from its own fixed seed,
 * so the data are the same on every machine.
 */

export const CONFIGURATION_SEED = 20230315;

/** How each market writes a pair of base and quote symbols. */
const PAIR_STYLE: Record<Market, (base: string, quote: string) => string> = {
  BINANCE: (b, q) => `${b}${q}`,
  BITFINEX: (b, q) => `t${b}${q === 'USDT' ? 'UST' : q}`,
  BITSTAMP: (b, q) => `${b}${q}`.toLowerCase(),
  BYBIT: (b, q) => `${b}${q}`,
  COINBASE: (b, q) => `${b}-${q}`,
  COINLIST: (b, q) => `${b}-${q}`,
  CRYPTOCOM: (b, q) => `${b}_${q}`,
  GATE_IO: (b, q) => `${b}_${q}`,
  HUOBI: (b, q) => `${b}${q}`.toLowerCase(),
  KRAKEN: (b, q) => `${b}/${q}`,
  KUCOIN: (b, q) => `${b}-${q}`,
  MEXC: (b, q) => `${b}_${q}`,
  OKEX: (b, q) => `${b}-${q}`,
};

const QUOTES = ['USDT', 'BTC', 'ETH', 'USDC'] as const;

/** Configurations the real markets need for the best-known coins. */
const KNOWN_CONFIGURATIONS: readonly [string, string, string, Market, ConfigurationCategory][] = [
  ['XBT', 'Bitcoin', 'bitcoin', 'KRAKEN', 'different'],
  ['XDG', 'Dogecoin', 'dogecoin', 'KRAKEN', 'different'],
  ['MATIC', 'Polygon', 'matic-network', 'COINBASE', 'different'],
  ['TON', 'Toncoin', 'the-open-network', 'OKEX', 'multiple'],
  ['UST', 'Tether', 'tether', 'BITFINEX', 'different'],
  ['BCHABC', 'Bitcoin Cash', 'bitcoin-cash', 'HUOBI', 'different'],
];

const EXPLORERS = [
  { name: 'Etherscan', url: (a: string) => `https://etherscan.io/token/0x${a}` },
  { name: 'BscScan', url: (a: string) => `https://bscscan.com/token/0x${a}` },
  { name: 'PolygonScan', url: (a: string) => `https://polygonscan.com/token/0x${a}` },
  { name: 'Arbiscan', url: (a: string) => `https://arbiscan.io/token/0x${a}` },
  { name: 'Basescan', url: (a: string) => `https://basescan.org/token/0x${a}` },
] as const;

interface CatalogueEntry {
  symbol: string;
  name: string;
  uniqueName: string;
}

export interface ConfigurationSeedOptions {
  configurations?: number;
  tradingPairs?: number;
  explorerUrls?: number;
}

// EXISTS, not count(*): on every start of the demo server these checks run on full tables.
const isEmpty = async (db: Queryable, table: string) =>
  !(await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`))[0]!.any;

/**
 * Seeds the configurations, both mismatch queues and the accounts, each table only when empty.
 * They name catalogue currencies, so the catalogue is seeded first (nothing happens when it is
 * there already). Returns the tables that were filled.
 */
export async function seedDemoConfigurationsAndAccounts(
  db: Database,
  options: ConfigurationSeedOptions = {},
): Promise<string[]> {
  await seedDemoCurrencies(db);
  const filled: string[] = [];
  await db.transaction(async (tx) => {
    const empty = {
      configurations: await isEmpty(tx, 'market_currency_configurations'),
      tradingPairs: await isEmpty(tx, 'mismatch_trading_pairs'),
      explorerUrls: await isEmpty(tx, 'mismatch_explorer_urls'),
    };
    // The whole catalogue is read only when a table needs it: reopening a seeded data folder
    // (every start of the demo server) would otherwise read it for nothing.
    const catalogue =
      empty.configurations || empty.tradingPairs || empty.explorerUrls
        ? await tx.query<CatalogueEntry>(
            `SELECT symbol, name, unique_name AS "uniqueName" FROM currencies ORDER BY rank, id`,
          )
        : [];
    if (catalogue.length > 0) {
      if (empty.configurations) {
        await insertConfigurations(tx, configurationsFor(catalogue, options.configurations ?? 320));
        filled.push('market_currency_configurations');
      }
      if (empty.tradingPairs) {
        const configured = await tx.query<{ key: string }>(
          `SELECT market || ' ' || lower(symbol) AS key FROM market_currency_configurations`,
        );
        const pairs = tradingPairsFor(
          catalogue,
          new Set(configured.map((c) => c.key)),
          options.tradingPairs ?? 300,
        );
        await insertTradingPairs(tx, pairs);
        filled.push('mismatch_trading_pairs');
      }
      if (empty.explorerUrls) {
        await insertExplorerUrls(tx, explorerUrlsFor(catalogue, options.explorerUrls ?? 100));
        filled.push('mismatch_explorer_urls');
      }
    }
    filled.push(...(await seedDemoAccounts(tx)));
  });
  return filled;
}

/** Symbols more than one catalogue currency has, with the unique names that share each. */
function sharedSymbols(catalogue: readonly CatalogueEntry[]): Map<string, string[]> {
  const bySymbol = new Map<string, string[]>();
  for (const c of catalogue) {
    const key = c.symbol.toLowerCase();
    bySymbol.set(key, [...(bySymbol.get(key) ?? []), c.uniqueName]);
  }
  return new Map([...bySymbol].filter(([, names]) => names.length > 1));
}

interface SeedConfiguration {
  symbol: string;
  name: string;
  uniqueName: string;
  market: Market;
  category: ConfigurationCategory;
}

function configurationsFor(catalogue: CatalogueEntry[], count: number): SeedConfiguration[] {
  const faker = new Faker({ locale: [en], seed: CONFIGURATION_SEED });
  const known = new Set(catalogue.map((c) => c.uniqueName));
  const shared = sharedSymbols(catalogue);
  const out: SeedConfiguration[] = KNOWN_CONFIGURATIONS.filter(([, , unique]) =>
    known.has(unique),
  ).map(([symbol, name, uniqueName, market, category]) => ({
    symbol,
    name,
    uniqueName,
    market,
    category,
  }));
  const used = new Set(out.map((c) => `${c.uniqueName} ${c.market}`));
  const pool = catalogue.slice(0, 900);
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const currency = faker.helpers.arrayElement(pool);
    const market = faker.helpers.arrayElement(MARKETS);
    const key = `${currency.uniqueName} ${market}`;
    if (used.has(key)) continue;
    used.add(key);
    const category: ConfigurationCategory = shared.has(currency.symbol.toLowerCase())
      ? 'multiple'
      : faker.helpers.weightedArrayElement([
          { weight: 5, value: 'notFound' as const },
          { weight: 3, value: 'different' as const },
          { weight: 1, value: 'multiple' as const },
        ]);
    out.push({ ...currency, market, category });
  }
  return out;
}

interface SeedPair {
  market: Market;
  pair: string;
  base: string;
  other: string;
  message: string;
}

/** Mismatched pairs of catalogue currencies against the usual quotes; none already configured. */
function tradingPairsFor(
  catalogue: CatalogueEntry[],
  configured: Set<string>,
  count: number,
): SeedPair[] {
  const faker = new Faker({ locale: [en], seed: CONFIGURATION_SEED + 1 });
  const shared = sharedSymbols(catalogue);
  const quotes = new Set<string>(QUOTES);
  // The mismatched currency is the base; the quotes are well known and never mismatched.
  const pool = catalogue.slice(30, 1500).filter((c) => !quotes.has(c.symbol));
  const out: SeedPair[] = [];
  const used = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const currency = faker.helpers.arrayElement(pool);
    const market = faker.helpers.arrayElement(MARKETS);
    if (configured.has(`${market} ${currency.symbol.toLowerCase()}`)) continue;
    // A currency often has two or three pairs mismatched on the same market.
    const chosen = faker.helpers.arrayElements(QUOTES, faker.number.int({ min: 1, max: 3 }));
    const message = mismatchMessage(faker, currency, market, shared);
    for (const quote of chosen) {
      const pair = PAIR_STYLE[market](currency.symbol, quote);
      if (used.has(`${market} ${pair}`) || out.length >= count) continue;
      used.add(`${market} ${pair}`);
      out.push({ market, pair, base: currency.symbol, other: quote, message });
    }
  }
  return out;
}

function mismatchMessage(
  faker: Faker,
  currency: CatalogueEntry,
  market: Market,
  shared: Map<string, string[]>,
): string {
  const twins = shared.get(currency.symbol.toLowerCase());
  if (twins)
    return `${currency.symbol} on ${market} matches ${twins.length} catalogue currencies: ${twins.join(', ')}`;
  return faker.helpers.weightedArrayElement([
    {
      weight: 5,
      value: `${currency.symbol} on ${market} ("${currency.name}" there) matches no catalogue currency by name`,
    },
    {
      weight: 3,
      value: `${currency.symbol} on ${market} is listed as "${currency.name} ${faker.helpers.arrayElement(
        ['Token', 'Classic', 'Network', 'v2', 'Protocol'],
      )}", not "${currency.name}"`,
    },
    // Some come with no message at all.
    { weight: 1, value: '' },
  ]);
}

interface SeedUrl {
  url: string;
  uniqueName: string;
  name: string;
  isSpecific: boolean;
}

/** Token pages on the usual scanners (specific) and chains' own explorers (not specific). */
function explorerUrlsFor(catalogue: CatalogueEntry[], count: number): SeedUrl[] {
  const faker = new Faker({ locale: [en], seed: CONFIGURATION_SEED + 2 });
  const pool = catalogue.slice(0, 1200);
  const out: SeedUrl[] = [];
  const used = new Set<string>();
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const currency = faker.helpers.arrayElement(pool);
    const specific = faker.datatype.boolean({ probability: 0.7 });
    const entry: SeedUrl = specific
      ? (() => {
          const explorer = faker.helpers.arrayElement(EXPLORERS);
          return {
            url: explorer.url(
              faker.string.hexadecimal({ length: 40, casing: 'lower', prefix: '' }),
            ),
            uniqueName: currency.uniqueName,
            name: explorer.name,
            isSpecific: true,
          };
        })()
      : {
          url: faker.helpers.arrayElement([
            `https://explorer.${currency.uniqueName}.io`,
            `https://${currency.uniqueName}.subscan.io`,
            `https://scan.${currency.uniqueName}.org`,
          ]),
          uniqueName: currency.uniqueName,
          // A few come without a name.
          name: faker.datatype.boolean({ probability: 0.9 }) ? `${currency.name} Explorer` : '',
          isSpecific: false,
        };
    const key = `${entry.uniqueName} ${entry.url}`;
    if (used.has(key)) continue;
    used.add(key);
    out.push(entry);
  }
  return out;
}

async function insertConfigurations(tx: Queryable, rows: SeedConfiguration[]) {
  await tx.query(
    `INSERT INTO market_currency_configurations (symbol, name, unique_name, market, category)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      rows.map((r) => r.symbol),
      rows.map((r) => r.name),
      rows.map((r) => r.uniqueName),
      rows.map((r) => r.market),
      rows.map((r) => r.category),
    ],
  );
}

async function insertTradingPairs(tx: Queryable, rows: SeedPair[]) {
  await tx.query(
    `INSERT INTO mismatch_trading_pairs (market, pair, base_currency, other_currency, message)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      rows.map((r) => r.market),
      rows.map((r) => r.pair),
      rows.map((r) => r.base),
      rows.map((r) => r.other),
      rows.map((r) => r.message),
    ],
  );
}

async function insertExplorerUrls(tx: Queryable, rows: SeedUrl[]) {
  await tx.query(
    `INSERT INTO mismatch_explorer_urls (url, unique_name, name, is_specific)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[])`,
    [
      rows.map((r) => r.url),
      rows.map((r) => r.uniqueName),
      rows.map((r) => r.name),
      rows.map((r) => r.isSpecific),
    ],
  );
}
