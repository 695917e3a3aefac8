import { refusal, written, type Outcome } from '../../shared/outcome';
import type { ServerKeyword } from './items';
import type { Queryable } from '../db/database';
import { containsPattern } from '../db/sqlText';

interface KeywordRow {
  id: number;
  keyword: string;
  type: ServerKeyword['type'];
  unwanted_usages: string[];
}

const toKeyword = (row: KeywordRow): ServerKeyword => ({
  id: Number(row.id),
  keyword: row.keyword,
  type: row.type,
  unwantedUsages: row.unwanted_usages,
});

export async function listKeywords(
  db: Queryable,
  table: string,
  contains?: string,
): Promise<ServerKeyword[]> {
  const rows = contains
    ? await db.query<KeywordRow>(
        `SELECT id, keyword, type, unwanted_usages FROM ${table} WHERE keyword ILIKE $1 ORDER BY keyword`,
        [containsPattern(contains)],
      )
    : await db.query<KeywordRow>(
        `SELECT id, keyword, type, unwanted_usages FROM ${table} ORDER BY keyword`,
      );
  return rows.map(toKeyword);
}

export async function findKeyword(
  db: Queryable,
  table: string,
  keyword: string,
): Promise<ServerKeyword | null> {
  const rows = await db.query<KeywordRow>(
    `SELECT id, keyword, type, unwanted_usages FROM ${table} WHERE keyword = $1`,
    [keyword],
  );
  return rows[0] ? toKeyword(rows[0]) : null;
}

/**
 * Adds a keyword met while reviewing, or updates its type and adds the unwanted usage to those
 * it already had.
 */
export async function upsertKeyword(
  db: Queryable,
  table: string,
  keyword: string,
  type: string,
  unwantedUsage: string | null | undefined,
): Promise<ServerKeyword> {
  const usage = unwantedUsage?.trim() ? [unwantedUsage.trim()] : [];
  const rows = await db.query<KeywordRow>(
    `INSERT INTO ${table} (keyword, type, unwanted_usages) VALUES ($1, $2, $3::text[])
     ON CONFLICT (keyword) DO UPDATE SET
       type = EXCLUDED.type,
       unwanted_usages = ARRAY(SELECT DISTINCT u FROM unnest(${table}.unwanted_usages || EXCLUDED.unwanted_usages) AS u ORDER BY u)
     RETURNING id, keyword, type, unwanted_usages`,
    [keyword, type, usage],
  );
  return toKeyword(rows[0]!);
}

const keywordTaken = (keyword: string) =>
  refusal('duplicate', `The keyword "${keyword}" already exists.`);
const noKeyword = (id: number) => refusal('not_found', `No keyword with id ${id}.`);

/** A new keyword, stored lower-cased; refused when the list has it (the refusal names it as sent). */
export async function addKeyword(
  db: Queryable,
  table: string,
  keyword: string,
  type: string,
): Promise<Outcome<ServerKeyword>> {
  const rows = await db.query<KeywordRow>(
    `INSERT INTO ${table} (keyword, type) VALUES ($1, $2) ON CONFLICT (keyword) DO NOTHING
     RETURNING id, keyword, type, unwanted_usages`,
    [keyword.toLowerCase(), type],
  );
  return rows[0] ? written(toKeyword(rows[0])) : keywordTaken(keyword);
}

/** The keyword of `id` renamed (lower-cased) and retyped; refused on a clash or an unknown id. */
export async function updateKeyword(
  db: Queryable,
  table: string,
  id: number,
  keyword: string,
  type: string,
): Promise<Outcome<ServerKeyword>> {
  const stored = keyword.toLowerCase();
  const clash = await db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE keyword = $1 AND id <> $2`,
    [stored, id],
  );
  if (clash.length > 0) return keywordTaken(keyword);
  const rows = await db.query<KeywordRow>(
    `UPDATE ${table} SET keyword = $2, type = $3 WHERE id = $1 RETURNING id, keyword, type, unwanted_usages`,
    [id, stored, type],
  );
  return rows[0] ? written(toKeyword(rows[0])) : noKeyword(id);
}

export async function deleteKeyword(
  db: Queryable,
  table: string,
  id: number,
): Promise<Outcome<{ deleted: number }>> {
  const rows = await db.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
  return rows.length > 0 ? written({ deleted: id }) : noKeyword(id);
}

/** Removes one unwanted usage and only that one; refused when the keyword or the usage is not there. */
export async function removeUnwantedUsage(
  db: Queryable,
  table: string,
  id: number,
  usage: string,
): Promise<Outcome<ServerKeyword>> {
  const rows = await db.query<KeywordRow>(
    `UPDATE ${table} SET unwanted_usages = array_remove(unwanted_usages, $2)
      WHERE id = $1 AND $2 = ANY(unwanted_usages) RETURNING id, keyword, type, unwanted_usages`,
    [id, usage],
  );
  return rows[0]
    ? written(toKeyword(rows[0]))
    : refusal('not_found', `Keyword ${id} has no unwanted usage "${usage}".`);
}
