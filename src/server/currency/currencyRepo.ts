import type { ServerCurrency, MarketTradingPairs, Socials } from './currencyRecords';
import type { SaveNewCurrency } from '../../shared/bodies/currency';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Database, Queryable } from '../db/database';
import { containsPattern, isoOrNull } from '../db/sqlText';

/** The catalogue of crypto currencies (SPEC.md 3, Currency). */

/** The columns the catalogue and both queues have in common. */
export interface CurrencyColumns {
  id: number;
  currency_id: number;
  rank: number;
  symbol: string;
  name: string;
  unique_name: string;
  active: boolean;
  search_with_currency: boolean;
  tags: string[];
  unwanted_usages: string[];
  detect_time: unknown;
  website: string[];
  socials: Partial<Socials> | null;
}

export interface CurrencyRow extends CurrencyColumns {
  currency_ids: number[];
  pairs: PairRow[] | null;
}

interface PairRow {
  id: number;
  market: string;
  otherCurrency: string;
  otherCurrencyUniqueName: string;
  pairActive: boolean;
}

/** Columns of a catalogue row with its trading pairs as one JSON array. */
export const CURRENCY_SELECT = `
  SELECT c.id, c.currency_id, c.currency_ids, c.rank, c.symbol, c.name, c.unique_name, c.active,
         c.search_with_currency, c.tags, c.unwanted_usages, c.detect_time, c.website, c.socials,
         p.pairs
    FROM currencies c
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('id', tp.id, 'market', tp.market,
               'otherCurrency', tp.other_currency, 'otherCurrencyUniqueName', tp.other_currency_unique_name,
               'pairActive', tp.pair_active) ORDER BY tp.market, tp.id) AS pairs
        FROM currency_trading_pairs tp WHERE tp.currency_id = c.id) p ON true`;

export const toSocials = (value: Partial<Socials> | null): Socials => ({
  twitter: value?.twitter ?? null,
  reddit: value?.reddit ?? null,
  discord: value?.discord ?? null,
  telegram: value?.telegram ?? null,
  forum: value?.forum ?? null,
  facebook: value?.facebook ?? null,
});

function groupPairs(pairs: PairRow[] | null): MarketTradingPairs[] {
  const byMarket = new Map<string, MarketTradingPairs>();
  for (const { market, ...pair } of pairs ?? []) {
    const entry = byMarket.get(market) ?? { market, tradingPairs: [] };
    entry.tradingPairs.push({ ...pair, id: Number(pair.id) });
    byMarket.set(market, entry);
  }
  return [...byMarket.values()];
}

/** The fields the catalogue and both queues share, from their common columns. */
export const toCurrencyFields = (row: CurrencyColumns) => ({
  id: Number(row.id),
  currencyId: Number(row.currency_id),
  rank: Number(row.rank),
  currency: row.symbol,
  name: row.name,
  uniqueName: row.unique_name,
  active: row.active,
  searchWithCurrency: row.search_with_currency,
  tags: row.tags,
  unwantedUsages: row.unwanted_usages,
  detectTime: isoOrNull(row.detect_time),
  website: row.website,
  socials: toSocials(row.socials),
});

export const toCurrency = (row: CurrencyRow): ServerCurrency => ({
  ...toCurrencyFields(row),
  currencyIds: row.currency_ids.map(Number),
  marketTradingPairs: groupPairs(row.pairs),
});

/** The catalogue's order, best rank first (index currencies_rank_id), read whole or in batches. */
const CATALOGUE_ORDER = 'ORDER BY c.rank, c.id';

/** Symbol, name or unique name containing the text, case-insensitively; best rank first. */
export async function listCurrencies(db: Queryable, contains = ''): Promise<ServerCurrency[]> {
  const text = contains.trim();
  const rows = text
    ? await db.query<CurrencyRow>(
        `${CURRENCY_SELECT} WHERE c.symbol ILIKE $1 OR c.name ILIKE $1 OR c.unique_name ILIKE $1
          ORDER BY c.rank, c.id`,
        [containsPattern(text)],
      )
    : await db.query<CurrencyRow>(`${CURRENCY_SELECT} ${CATALOGUE_ORDER}`);
  return rows.map(toCurrency);
}

/** How many catalogue records are read, checked and sent at a time (eachCatalogueBatch). */
export const CATALOGUE_BATCH = 2000;

/**
 * The whole catalogue in its order (rank, then id), as listCurrencies(db) gives it, handed to `take`
 * `size` records at a time as a cursor reads them: the answer is sent while it is read
 * (catalogueStream.ts). One transaction, so every batch is of the same snapshot. `take` runs before
 * the next batch is read; what it throws ends the read and is thrown here.
 */
export async function eachCatalogueBatch(
  db: Database,
  take: (batch: ServerCurrency[]) => void,
  size = CATALOGUE_BATCH,
): Promise<void> {
  const count = Math.max(1, Math.floor(size));
  await db.transaction(async (tx) => {
    await tx.query(
      `DECLARE catalogue_batches NO SCROLL CURSOR FOR ${CURRENCY_SELECT} ${CATALOGUE_ORDER}`,
    );
    for (;;) {
      const rows = await tx.query<CurrencyRow>(`FETCH ${count} FROM catalogue_batches`);
      if (rows.length > 0) take(rows.map(toCurrency));
      if (rows.length < count) return;
      // PGlite answers within one chain of promises: a turn of the event loop lets the batch
      // just taken be compressed and written to the socket before the next is read.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}

export async function findCurrency(
  db: Queryable,
  uniqueName: string,
): Promise<ServerCurrency | null> {
  const rows = await db.query<CurrencyRow>(`${CURRENCY_SELECT} WHERE c.unique_name = $1`, [
    uniqueName,
  ]);
  return rows[0] ? toCurrency(rows[0]) : null;
}

/** Catalogue currencies whose symbol is one of these, case-insensitively. */
export async function currenciesWithSymbols(
  db: Queryable,
  symbols: readonly string[],
): Promise<ServerCurrency[]> {
  if (symbols.length === 0) return [];
  const rows = await db.query<CurrencyRow>(
    `${CURRENCY_SELECT} WHERE lower(c.symbol) = ANY($1::text[]) ORDER BY c.rank, c.id`,
    [[...new Set(symbols.map((s) => s.toLowerCase()))]],
  );
  return rows.map(toCurrency);
}

/** SQL that adds the values of a text[] parameter to an array column, each once, in order. */
export const arrayUnion = (column: string, param: string) =>
  `ARRAY(SELECT DISTINCT u FROM unnest(${column} || ${param}::text[]) AS u ORDER BY u)`;

/**
 * POST /update-currency: symbol, name and flags are replaced; the tags and unwanted usages sent
 * are added to those the currency has (the form starts them empty; removal has its own calls).
 */
export async function updateCurrency(
  db: Queryable,
  body: {
    uniqueName: string;
    currency: string;
    name: string;
    active: boolean;
    searchWithCurrency: boolean;
    tags: string[];
    unwantedUsages: string[];
  },
): Promise<Outcome<ServerCurrency>> {
  const updated = await db.query<{ id: number }>(
    `UPDATE currencies SET symbol = $2, name = $3, active = $4, search_with_currency = $5,
        tags = ${arrayUnion('tags', '$6')}, unwanted_usages = ${arrayUnion('unwanted_usages', '$7')}
      WHERE unique_name = $1 RETURNING id`,
    [
      body.uniqueName,
      body.currency,
      body.name,
      body.active,
      body.searchWithCurrency,
      body.tags,
      body.unwantedUsages,
    ],
  );
  return updated.length
    ? written((await findCurrency(db, body.uniqueName))!)
    : refusal('not_found', `No currency with unique name "${body.uniqueName}".`);
}

/** Removes one value from a list column; refused when the currency or the value is not there. */
export async function removeFromCurrency(
  db: Queryable,
  column: 'tags' | 'unwanted_usages',
  uniqueName: string,
  value: string,
): Promise<Outcome<ServerCurrency>> {
  const updated = await db.query<{ id: number }>(
    `UPDATE currencies SET ${column} = array_remove(${column}, $2)
      WHERE unique_name = $1 AND $2 = ANY(${column}) RETURNING id`,
    [uniqueName, value],
  );
  const what = column === 'tags' ? 'tag' : 'unwanted usage';
  return updated.length
    ? written((await findCurrency(db, uniqueName))!)
    : refusal('not_found', `Currency "${uniqueName}" has no ${what} "${value}".`);
}

/** A catalogue currency made from a queued one: the form's values, the queued row's extras. */
export type NewCatalogueEntry = SaveNewCurrency & {
  detectTime: unknown;
  website: string[];
  socials: Partial<Socials> | null;
};

/**
 * Adds a currency to the catalogue; 'duplicate' when its unique name or provider id is already
 * there (nothing is written then).
 */
export async function insertCurrency(
  db: Queryable,
  entry: NewCatalogueEntry,
): Promise<Outcome<ServerCurrency>> {
  const clash = await db.query<{ unique_name: string; currency_id: number }>(
    'SELECT unique_name, currency_id FROM currencies WHERE unique_name = $1 OR currency_id = $2',
    [entry.uniqueName, entry.currencyId],
  );
  if (clash[0])
    return clash[0].unique_name === entry.uniqueName
      ? refusal(
          'duplicate',
          `A currency with unique name "${entry.uniqueName}" is already in the catalogue.`,
        )
      : currencyIdTaken(entry.currencyId);
  await db.query(
    `INSERT INTO currencies (currency_id, currency_ids, rank, symbol, name, unique_name, active,
        search_with_currency, tags, unwanted_usages, detect_time, website, socials)
     VALUES ($1, $2::int[], $3, $4, $5, $6, $7, $8, $9::text[], $10::text[], $11, $12::text[], $13::jsonb)`,
    [
      entry.currencyId,
      [], // a new currency has no earlier provider ids
      entry.rank,
      entry.currency,
      entry.name,
      entry.uniqueName,
      entry.active,
      entry.searchWithCurrency,
      entry.tags,
      entry.unwantedUsages,
      entry.detectTime ?? null,
      entry.website,
      JSON.stringify(toSocials(entry.socials)),
    ],
  );
  return written((await findCurrency(db, entry.uniqueName))!);
}

/** The refusal of a provider id another catalogue currency has. */
export const currencyIdTaken = (currencyId: number) =>
  refusal('duplicate', `A currency with currency id ${currencyId} is already in the catalogue.`);

/** GET /check-currency-image: whether an image is on file for the unique name. */
export async function hasCurrencyImage(db: Queryable, uniqueName: string): Promise<boolean> {
  const rows = await db.query<{ has_image: boolean }>(
    'SELECT has_image FROM currency_images WHERE unique_name = $1',
    [uniqueName],
  );
  return rows[0]?.has_image ?? false;
}
