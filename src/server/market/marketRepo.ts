import type { z } from 'zod';
import type { saveNewMarketBodySchema, updateMarketBodySchema } from '../../shared/bodies/market';
import { refusal, written, type Outcome } from '../../shared/outcome';
import { arrayUnion } from '../currency/currencyRepo';
import type { Database, Queryable } from '../db/database';
import { containsPattern, isoOrNull } from '../db/sqlText';
import type { Market, NewMarket } from './marketRecords';

/**
 * The market catalogue and the queue of detected markets (SPEC.md 3, Market and New market; 4,
 * Reference data). A market is named by its provider id and its unique name together: the calls
 * that change one send both.
 */

export type UpdateMarket = z.output<typeof updateMarketBodySchema>;
export type SaveNewMarket = z.output<typeof saveNewMarketBodySchema>;

interface MarketRow {
  id: number;
  market_id: number;
  unique_name: string;
  name: string;
  search: boolean;
  active: boolean;
  unwanted_usages: string[];
  tags: string[];
}

interface NewMarketRow {
  id: number;
  market_id: number;
  name: string;
  unique_name: string;
  search: boolean;
  active: boolean;
  detect_time: unknown;
}

const MARKET_COLUMNS = 'id, market_id, unique_name, name, search, active, unwanted_usages, tags';
// Byte order of the lower-cased name: the same on every engine, whatever the server's locale.
const MARKET_ORDER = 'ORDER BY lower(name) COLLATE "C", id';

/** The refusal for a market key no catalogue market has. */
const noMarket = (key: { marketId: number; uniqueName: string }) =>
  refusal(
    'not_found',
    `No market with market id ${key.marketId} and unique name "${key.uniqueName}".`,
  );

const toMarket = (row: MarketRow): Market => ({
  id: Number(row.id),
  marketId: Number(row.market_id),
  uniqueName: row.unique_name,
  name: row.name,
  search: row.search,
  active: row.active,
  unwantedUsages: row.unwanted_usages,
  tags: row.tags,
});

/** GET /get-markets-includes-{text}: name or unique name containing the text, in any case. */
export async function listMarkets(db: Queryable, contains = ''): Promise<Market[]> {
  const text = contains.trim();
  const rows = text
    ? await db.query<MarketRow>(
        `SELECT ${MARKET_COLUMNS} FROM markets WHERE name ILIKE $1 OR unique_name ILIKE $1
          ${MARKET_ORDER}`,
        [containsPattern(text)],
      )
    : await db.query<MarketRow>(`SELECT ${MARKET_COLUMNS} FROM markets ${MARKET_ORDER}`);
  return rows.map(toMarket);
}

/** The catalogue market with this provider id and unique name. */
export async function findMarket(
  db: Queryable,
  marketId: number,
  uniqueName: string,
): Promise<Market | null> {
  const rows = await db.query<MarketRow>(
    `SELECT ${MARKET_COLUMNS} FROM markets WHERE market_id = $1 AND unique_name = $2`,
    [marketId, uniqueName],
  );
  return rows[0] ? toMarket(rows[0]) : null;
}

/**
 * POST /update-market: name and flags are replaced; the unwanted usages and tags sent are added
 * to those the market has (the form starts them empty; removal has its own calls). Refused when
 * no market has this provider id and unique name.
 */
export async function updateMarket(db: Queryable, body: UpdateMarket): Promise<Outcome<Market>> {
  const rows = await db.query<MarketRow>(
    `UPDATE markets SET name = $3, search = $4, active = $5,
        unwanted_usages = ${arrayUnion('unwanted_usages', '$6')}, tags = ${arrayUnion('tags', '$7')}
      WHERE market_id = $1 AND unique_name = $2 RETURNING ${MARKET_COLUMNS}`,
    [
      body.marketId,
      body.uniqueName,
      body.name,
      body.search,
      body.active,
      body.unwantedUsages,
      body.tags,
    ],
  );
  return rows[0] ? written(toMarket(rows[0])) : noMarket(body);
}

/**
 * Removes one value from a list column of a market: the market as it is now, or why nothing
 * changed (no such market, or the market does not have the value).
 */
export async function removeFromMarket(
  db: Queryable,
  column: 'tags' | 'unwanted_usages',
  key: { marketId: number; uniqueName: string },
  value: string,
): Promise<Outcome<Market>> {
  const rows = await db.query<MarketRow>(
    `UPDATE markets SET ${column} = array_remove(${column}, $3)
      WHERE market_id = $1 AND unique_name = $2 AND $3 = ANY(${column})
      RETURNING ${MARKET_COLUMNS}`,
    [key.marketId, key.uniqueName, value],
  );
  if (rows[0]) return written(toMarket(rows[0]));
  if (!(await findMarket(db, key.marketId, key.uniqueName))) return noMarket(key);
  const what = column === 'tags' ? 'tag' : 'unwanted usage';
  return refusal('not_found', `Market "${key.uniqueName}" has no ${what} "${value}".`);
}

/** GET /get-new-markets: the whole queue, newest first, each with its same-name markets. */
export async function listNewMarkets(db: Queryable): Promise<NewMarket[]> {
  const rows = await db.query<NewMarketRow>(
    `SELECT id, market_id, name, unique_name, search, active, detect_time FROM new_markets
      ORDER BY detect_time DESC, id DESC`,
  );
  if (rows.length === 0) return [];
  const names = [...new Set(rows.map((r) => r.name.toLowerCase()))];
  const same = (
    await db.query<MarketRow>(
      `SELECT ${MARKET_COLUMNS} FROM markets WHERE lower(name) = ANY($1::text[]) ${MARKET_ORDER}`,
      [names],
    )
  ).map(toMarket);
  return rows.map((row) => ({
    id: Number(row.id),
    marketId: Number(row.market_id),
    name: row.name,
    uniqueName: row.unique_name,
    search: row.search,
    active: row.active,
    detectTime: isoOrNull(row.detect_time) ?? '',
    sameMarketNameList: same.filter((m) => m.name.toLowerCase() === row.name.toLowerCase()),
  }));
}

/**
 * A new market saved (POST /save-new-currency with the market body): the queued market with this
 * provider id leaves the queue and enters the catalogue with the form's values, in one
 * transaction. When the catalogue already has its unique name or provider id, nothing moves.
 */
export async function saveNewMarket(db: Database, form: SaveNewMarket): Promise<Outcome<Market>> {
  return db.transaction(async (tx): Promise<Outcome<Market>> => {
    const [queued] = await tx.query<{ id: number }>(
      'SELECT id FROM new_markets WHERE market_id = $1 FOR UPDATE',
      [form.marketId],
    );
    if (!queued) return refusal('not_found', `No new market with market id ${form.marketId}.`);
    // No conflict target: a clash on either unique column (even one committed a moment ago by
    // another request) inserts nothing, and the queue is left as it was.
    const [inserted] = await tx.query<MarketRow>(
      `INSERT INTO markets (market_id, unique_name, name, search, active, unwanted_usages, tags)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7::text[])
       ON CONFLICT DO NOTHING RETURNING ${MARKET_COLUMNS}`,
      [
        form.marketId,
        form.uniqueName,
        form.name,
        form.search,
        form.active,
        form.unwantedUsages,
        form.tags,
      ],
    );
    if (!inserted) {
      const clash = await tx.query<{ unique_name: string }>(
        'SELECT unique_name FROM markets WHERE unique_name = $1',
        [form.uniqueName],
      );
      return refusal(
        'duplicate',
        clash.length
          ? `A market with unique name "${form.uniqueName}" is already in the catalogue.`
          : `A market with market id ${form.marketId} is already in the catalogue.`,
      );
    }
    await tx.query('DELETE FROM new_markets WHERE id = $1', [queued.id]);
    return written(toMarket(inserted));
  });
}

/** GET /check-market-image: whether an image is on file for the unique name (false if unknown). */
export async function hasMarketImage(db: Queryable, uniqueName: string): Promise<boolean> {
  const rows = await db.query<{ has_image: boolean }>(
    'SELECT has_image FROM market_images WHERE unique_name = $1',
    [uniqueName],
  );
  return rows[0]?.has_image ?? false;
}
