import type { z } from 'zod';
import type { cryptoTagBodySchema, ecosystemTagBodySchema } from '../../shared/bodies/tag';
import { refusal, written, type Outcome } from '../../shared/outcome';
import { arrayUnion } from '../currency/currencyRepo';
import type { Queryable } from '../db/database';
import { containsPattern } from '../db/sqlText';
import type { CryptoTag, EcosystemTag } from './tagRecords';

/**
 * Crypto tags (with the usages that mark them in text) and ecosystem tags (SPEC.md 3). Both are
 * named by their unique name; currencies, markets and news items carry crypto tags.
 */

export type CryptoTagInput = z.output<typeof cryptoTagBodySchema>;
export type EcosystemTagInput = z.output<typeof ecosystemTagBodySchema>;

interface CryptoTagRow {
  name: string;
  unique_name: string;
  usages: string[];
  search: boolean;
  display_on_apps: boolean;
}

const CRYPTO_TAG_COLUMNS = 'name, unique_name, usages, search, display_on_apps';

const toCryptoTag = (row: CryptoTagRow): CryptoTag => ({
  name: row.name,
  uniqueName: row.unique_name,
  usages: row.usages,
  search: row.search,
  displayOnApps: row.display_on_apps,
});

/** Rows of a tag table whose name or unique name contains the text in any case; all for ''. */
async function listContaining<Row extends object>(
  db: Queryable,
  table: 'crypto_tags' | 'ecosystem_tags',
  columns: string,
  contains: string,
): Promise<Row[]> {
  const text = contains.trim();
  // Byte order of the lower-cased name: the same on every engine, whatever the server's locale.
  const order = 'ORDER BY lower(name) COLLATE "C", unique_name';
  return text
    ? db.query<Row>(
        `SELECT ${columns} FROM ${table} WHERE name ILIKE $1 OR unique_name ILIKE $1 ${order}`,
        [containsPattern(text)],
      )
    : db.query<Row>(`SELECT ${columns} FROM ${table} ${order}`);
}

/** GET /get-crypto-tags-includes-{text}. */
export async function listCryptoTags(db: Queryable, contains = ''): Promise<CryptoTag[]> {
  return (await listContaining<CryptoTagRow>(db, 'crypto_tags', CRYPTO_TAG_COLUMNS, contains)).map(
    toCryptoTag,
  );
}

export async function findCryptoTag(db: Queryable, uniqueName: string): Promise<CryptoTag | null> {
  const rows = await db.query<CryptoTagRow>(
    `SELECT ${CRYPTO_TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
    [uniqueName],
  );
  return rows[0] ? toCryptoTag(rows[0]) : null;
}

/** The refusal for a unique name no crypto tag has. */
const noCryptoTag = (uniqueName: string) =>
  refusal('not_found', `No crypto tag with unique name "${uniqueName}".`);

/** POST /add-crypto-tag: the new tag, or refused when its unique name is taken (nothing written). */
export async function addCryptoTag(
  db: Queryable,
  tag: CryptoTagInput,
): Promise<Outcome<CryptoTag>> {
  const rows = await db.query<CryptoTagRow>(
    `INSERT INTO crypto_tags (name, unique_name, usages, search, display_on_apps)
     VALUES ($1, $2, $3::text[], $4, $5)
     ON CONFLICT (unique_name) DO NOTHING RETURNING ${CRYPTO_TAG_COLUMNS}`,
    [tag.name, tag.uniqueName, tag.usages, tag.search, tag.displayOnApps],
  );
  return rows[0]
    ? written(toCryptoTag(rows[0]))
    : refusal('duplicate', `A crypto tag with unique name "${tag.uniqueName}" already exists.`);
}

/**
 * POST /update-crypto-tag: name and flags are replaced, the usages sent are added to the tag's.
 * Refused when no tag has the unique name.
 */
export async function updateCryptoTag(
  db: Queryable,
  tag: CryptoTagInput,
): Promise<Outcome<CryptoTag>> {
  const rows = await db.query<CryptoTagRow>(
    `UPDATE crypto_tags SET name = $2, search = $3, display_on_apps = $4,
        usages = ${arrayUnion('usages', '$5')}
      WHERE unique_name = $1 RETURNING ${CRYPTO_TAG_COLUMNS}`,
    [tag.uniqueName, tag.name, tag.search, tag.displayOnApps, tag.usages],
  );
  return rows[0] ? written(toCryptoTag(rows[0])) : noCryptoTag(tag.uniqueName);
}

/** DELETE /delete-usage-of-crypto-tag: the tag as it is now, or why nothing changed. */
export async function removeCryptoTagUsage(
  db: Queryable,
  uniqueName: string,
  usage: string,
): Promise<Outcome<CryptoTag>> {
  const rows = await db.query<CryptoTagRow>(
    `UPDATE crypto_tags SET usages = array_remove(usages, $2)
      WHERE unique_name = $1 AND $2 = ANY(usages) RETURNING ${CRYPTO_TAG_COLUMNS}`,
    [uniqueName, usage],
  );
  if (rows[0]) return written(toCryptoTag(rows[0]));
  if (!(await findCryptoTag(db, uniqueName))) return noCryptoTag(uniqueName);
  return refusal('not_found', `Crypto tag "${uniqueName}" has no usage "${usage}".`);
}

/** GET /get-ecosystem-tags-includes-{text}. */
export async function listEcosystemTags(db: Queryable, contains = ''): Promise<EcosystemTag[]> {
  const rows = await listContaining<{ name: string; unique_name: string }>(
    db,
    'ecosystem_tags',
    'name, unique_name',
    contains,
  );
  return rows.map((row) => ({ name: row.name, uniqueName: row.unique_name }));
}

/** POST /update-ecosystem-tag: the tag renamed, or refused when no tag has the unique name. */
export async function updateEcosystemTag(
  db: Queryable,
  tag: EcosystemTagInput,
): Promise<Outcome<EcosystemTag>> {
  const rows = await db.query<{ name: string; unique_name: string }>(
    'UPDATE ecosystem_tags SET name = $2 WHERE unique_name = $1 RETURNING name, unique_name',
    [tag.uniqueName, tag.name],
  );
  return rows[0]
    ? written({ name: rows[0].name, uniqueName: rows[0].unique_name })
    : refusal('not_found', `No ecosystem tag with unique name "${tag.uniqueName}".`);
}
