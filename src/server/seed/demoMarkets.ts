import { Faker, en } from '@faker-js/faker';
import { MARKETS } from '../../shared/constants';
import type { Database, Queryable } from '../db/database';
import { TAGS as CURRENCY_TAGS } from './demoCurrencies';
import {
  CATEGORY_TAGS,
  CHAIN_THEMES,
  CHAINS,
  DETECTED_MARKETS,
  KNOWN_MARKETS,
  LOOK_ALIKE_SUFFIXES,
  MARKET_TAGS,
  OTHER_MARKETS,
  TAG_NAMES,
  TAG_USAGES,
} from './marketCorpus';
import { TAGS as NEWS_TAGS } from './reviewCorpus';

/**
 * Demo reference data for the market and tag screens: a market catalogue (the 13 markets of
 * SPEC.md 9 and other real-world exchanges, with unwanted usages and tags), a queue of detected
 * markets (some with the very name of a catalogue market in another case, some with look-alike
 * names), image-check results, a few hundred crypto tags with usages (every tag a demo currency,
 * market or news item carries among them) and the ecosystem tags of some fifty chains. A fixed
 * seed keeps it the same on every machine; each part is written only into an empty table.
 */

export const MARKET_SEED = 20221103;

const DAY = 86_400_000;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** 'exchange-token' → 'Exchange Token'; 'defi' → 'DeFi' (TAG_NAMES). */
const tagName = (uniqueName: string) =>
  TAG_NAMES[uniqueName] ??
  uniqueName
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

interface MarketSeed {
  market_id: number;
  unique_name: string;
  name: string;
  search: boolean;
  active: boolean;
}

async function isEmpty(db: Queryable, table: string): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`);
  return !(row?.any ?? false);
}

/** Rows given as one JSON array; list columns are JSON arrays, read as text[]. */
async function insertJson(
  tx: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: object[],
): Promise<void> {
  const names = Object.keys(columns).join(', ');
  const types = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  await tx.query(
    `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${types})`,
    [JSON.stringify(rows)],
  );
}

/** The market catalogue, the queue of detected markets and their image-check results. */
export async function seedDemoMarkets(
  db: Database,
  options: { now?: Date } = {},
): Promise<boolean> {
  if (!(await isEmpty(db, 'markets'))) return false;
  const faker = new Faker({ locale: [en], seed: MARKET_SEED });
  const now = (options.now ?? new Date('2026-11-01T12:00:00Z')).getTime();
  const usedNames = new Set<string>();
  const usedIds = new Set<number>();
  const uniqueNameFor = (name: string) => {
    const base = slug(name) || 'market';
    let candidate = base;
    for (let i = 2; usedNames.has(candidate); i++) candidate = `${base}-${i}`;
    usedNames.add(candidate);
    return candidate;
  };
  const providerId = (min: number, max: number) => {
    let id = faker.number.int({ min, max });
    while (usedIds.has(id)) id += 1;
    usedIds.add(id);
    return id;
  };

  // ---- Catalogue: the 13 first (their unique names are the codes of SPEC.md 9, lower-cased).
  const catalogue: (MarketSeed & { unwanted_usages: string[]; tags: string[] })[] = [
    ...MARKETS.map((code) => {
      const known = KNOWN_MARKETS[code];
      usedNames.add(code.toLowerCase());
      return {
        market_id: providerId(1, 600),
        unique_name: code.toLowerCase(),
        name: known.name,
        search: known.unwanted.length === 0,
        active: true,
        unwanted_usages: [...known.unwanted].sort(),
        tags: [...known.tags].sort(),
      };
    }),
    ...OTHER_MARKETS.map((market) => ({
      market_id: providerId(1, 3000),
      unique_name: uniqueNameFor(market.name),
      name: market.name,
      search: (market.unwanted ?? []).length === 0,
      active: faker.datatype.boolean({ probability: 0.9 }),
      unwanted_usages: [...(market.unwanted ?? [])].sort(),
      tags: [...market.tags].sort(),
    })),
  ];

  // ---- Queue: the same name in another case, look-alike names, and newly seen exchanges.
  const detected = (name: string, uniqueName: string) => ({
    market_id: providerId(5000, 9000),
    unique_name: uniqueNameFor(uniqueName),
    name,
    search: faker.datatype.boolean({ probability: 0.2 }),
    active: faker.datatype.boolean({ probability: 0.9 }),
    detect_time: new Date(now - faker.number.int({ min: 0, max: 45 * DAY })).toISOString(),
  });
  const sameName = faker.helpers.arrayElements(catalogue, 8).map((market) => {
    const name = faker.helpers.arrayElement([
      market.name,
      market.name.toUpperCase(),
      market.name.toLowerCase(),
    ]);
    const suffix = faker.helpers.arrayElement(['exchange', 'global', 'pro', 'v2']);
    return detected(name, `${market.unique_name}-${suffix}`);
  });
  const lookAlike = faker.helpers.arrayElements(catalogue, 12).map((market) => {
    const name = `${market.name} ${faker.helpers.arrayElement(LOOK_ALIKE_SUFFIXES)}`;
    return detected(name, name);
  });
  const fresh = faker.helpers
    .arrayElements(DETECTED_MARKETS, 20)
    .map((name) => detected(name, name));
  const queue = [...sameName, ...lookAlike, ...fresh];

  // Every catalogue market has its image; for about a third of the queue no check is on file.
  const images = [
    ...catalogue.map((m) => ({ unique_name: m.unique_name, has_image: true })),
    ...queue
      .filter(() => faker.datatype.boolean({ probability: 0.7 }))
      .map((m) => ({
        unique_name: m.unique_name,
        has_image: faker.datatype.boolean({ probability: 0.75 }),
      })),
  ];

  await db.transaction(async (tx) => {
    await insertJson(
      tx,
      'markets',
      {
        market_id: 'int',
        unique_name: 'text',
        name: 'text',
        search: 'bool',
        active: 'bool',
        unwanted_usages: 'text[]',
        tags: 'text[]',
      },
      catalogue,
    );
    await insertJson(
      tx,
      'new_markets',
      {
        market_id: 'int',
        unique_name: 'text',
        name: 'text',
        search: 'bool',
        active: 'bool',
        detect_time: 'timestamptz',
      },
      queue,
    );
    await insertJson(tx, 'market_images', { unique_name: 'text', has_image: 'bool' }, images);
  });
  return true;
}

/** Crypto tags with their usages, and the ecosystem tags of the chains. */
export async function seedDemoTags(db: Database): Promise<boolean> {
  const cryptoEmpty = await isEmpty(db, 'crypto_tags');
  const ecosystemEmpty = await isEmpty(db, 'ecosystem_tags');
  if (!cryptoEmpty && !ecosystemEmpty) return false;
  const faker = new Faker({ locale: [en], seed: MARKET_SEED + 1 });

  const tags = new Map<
    string,
    {
      unique_name: string;
      name: string;
      usages: string[];
      search: boolean;
      display_on_apps: boolean;
    }
  >();
  const add = (uniqueName: string, name: string, usages: string[], common: boolean) => {
    if (tags.has(uniqueName)) return;
    tags.set(uniqueName, {
      unique_name: uniqueName,
      name,
      usages: [...new Set(usages)].sort(),
      search: faker.datatype.boolean({ probability: common ? 0.85 : 0.5 }),
      display_on_apps: faker.datatype.boolean({ probability: common ? 0.8 : 0.4 }),
    });
  };
  // The tags news items carry (by name), then those currencies and markets carry (by unique name).
  for (const name of NEWS_TAGS) {
    const uniqueName = slug(name);
    add(uniqueName, name, TAG_USAGES[uniqueName] ?? [name.toLowerCase()], true);
  }
  for (const uniqueName of [...CURRENCY_TAGS, ...MARKET_TAGS])
    add(
      uniqueName,
      tagName(uniqueName),
      TAG_USAGES[uniqueName] ?? [tagName(uniqueName).toLowerCase()],
      true,
    );
  for (const [name, usages] of CATEGORY_TAGS) add(slug(name), name, usages, true);
  // Chain-themed tags ('Solana Meme'), some without usages yet.
  for (const chain of CHAINS) {
    for (const theme of faker.helpers.arrayElements(CHAIN_THEMES, { min: 3, max: 5 })) {
      const phrase = `${chain} ${theme}`.toLowerCase();
      const usages = faker.helpers.arrayElements(
        [phrase, `${theme.toLowerCase()} on ${chain.toLowerCase()}`, `${phrase} tokens`],
        { min: 0, max: 2 },
      );
      add(slug(`${chain} ${theme}`), `${chain} ${theme}`, usages, false);
    }
  }

  const ecosystem = CHAINS.map((chain) => ({
    unique_name: `${slug(chain)}-ecosystem`,
    name: `${chain} Ecosystem`,
  }));

  await db.transaction(async (tx) => {
    if (cryptoEmpty)
      await insertJson(
        tx,
        'crypto_tags',
        {
          unique_name: 'text',
          name: 'text',
          usages: 'text[]',
          search: 'bool',
          display_on_apps: 'bool',
        },
        [...tags.values()],
      );
    if (ecosystemEmpty)
      await insertJson(tx, 'ecosystem_tags', { unique_name: 'text', name: 'text' }, ecosystem);
  });
  return true;
}

/** Both of the above, each into its empty tables (startServer's one call). */
export async function seedDemoMarketsAndTags(db: Database): Promise<void> {
  await seedDemoMarkets(db);
  await seedDemoTags(db);
}
