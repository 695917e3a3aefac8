import type { ManualCase, ReviewFilterBody } from '../../shared/bodies/review';
import { refusal, written, type Outcome } from '../../shared/outcome';
import type { Database, Queryable } from '../db/database';
import { filterCountQuery, filterPageQuery } from './filterQuery';
import { upsertKeyword } from './keywordsRepo';
import type { ReviewServiceDef } from './serviceDefs';

export async function filterItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: ReviewFilterBody,
): Promise<Item[]> {
  const query = filterPageQuery(def.table, def.selectList, filter);
  return (await db.query<Record<string, unknown>>(query.sql, query.params)).map(def.toItem);
}

export async function countItems<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  filter: ReviewFilterBody,
): Promise<number> {
  const query = filterCountQuery(def.table, filter);
  return (await db.query<{ total: number }>(query.sql, query.params))[0]?.total ?? 0;
}

export async function findItem<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  id: number,
): Promise<Item | null> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${def.selectList} FROM ${def.table} WHERE id = $1`,
    [id],
  );
  return rows[0] ? def.toItem(rows[0]) : null;
}

/** The refusal of a change whose natural key names no item. */
const noItem = <Item, Body>(def: ReviewServiceDef<Item, Body>) =>
  refusal('not_found', `No ${def.name} item with that id.`);

interface ChangeFields {
  keyword?: string | null;
  unwantedUsage?: string | null;
  reviewedBy: string;
}

const normalizedKeyword = (keyword: string | null | undefined) =>
  keyword?.trim().toLowerCase() || null;

/** Updates the item a change body names (by its natural key); undefined when there is none. */
async function updateByKey<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  body: Body,
  set: string,
  params: unknown[],
): Promise<Record<string, unknown> | undefined> {
  const [a, b] = def.keyOf(body);
  const [colA, colB] = def.keyColumns;
  const rows = await tx.query<Record<string, unknown>>(
    `UPDATE ${def.table} SET ${set} WHERE ${colA} = $1 AND ${colB} = $2 RETURNING ${def.selectList}`,
    [a, b, ...params],
  );
  return rows[0];
}

/** The keyword a change names goes into that service's list, with its type and unwanted usage. */
function addToKeywordList<Item, Body extends ChangeFields>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  keyword: string,
  body: Body,
) {
  return upsertKeyword(
    tx,
    def.keywordTable,
    keyword,
    def.keywordTypeOf(body) ?? 'NO_FILTER',
    body.unwantedUsage,
  );
}

/**
 * One item-level change, all or nothing: manually-select / manually-eliminate set the decision,
 * who made it and the manually-changed flag; add-keyword (and a keyword given with either) adds
 * it to the service's keyword list.
 */
export async function applyManualChange<Item, Body extends ChangeFields>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  change: ManualCase,
  body: Body,
): Promise<Outcome<Item>> {
  const keyword = normalizedKeyword(body.keyword);
  if (change === 'add-keyword' && !keyword)
    return refusal('invalid', 'keyword: a keyword is required to add one.');
  return db.transaction(async (tx) => {
    const row =
      change === 'add-keyword'
        ? await updateByKey(tx, def, body, 'manually_changed_by = manually_changed_by', [])
        : await updateByKey(
            tx,
            def,
            body,
            `selected = ${change === 'manually-select'}, manually_changed = true, manually_changed_by = $3`,
            [body.reviewedBy],
          );
    if (!row) return noItem(def);
    if (keyword) await addToKeywordList(tx, def, keyword, body);
    return written(def.toItem(row));
  });
}

/** add-eliminated-keyword-on-eliminated-*: the item's eliminated keyword, and the keyword list. */
export async function addEliminatedKeyword<Item, Body extends ChangeFields>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  body: Body,
): Promise<Outcome<Item>> {
  const keyword = normalizedKeyword(body.keyword);
  if (!keyword) return refusal('invalid', 'keyword: an eliminated keyword is required.');
  return db.transaction(async (tx) => {
    const row = await updateByKey(
      tx,
      def,
      body,
      'eliminated_keyword = $3, selected = false, manually_changed = true, manually_changed_by = $4',
      [keyword, body.reviewedBy],
    );
    if (!row) return noItem(def);
    await addToKeywordList(tx, def, keyword, body);
    return written(def.toItem(row));
  });
}

export async function markReviewed<Item, Body>(
  db: Queryable,
  def: ReviewServiceDef<Item, Body>,
  id: number,
  username: string,
): Promise<Outcome<Item>> {
  const rows = await db.query<Record<string, unknown>>(
    `UPDATE ${def.table} SET reviewed_by = $2 WHERE id = $1 RETURNING ${def.selectList}`,
    [id, username],
  );
  return rows[0]
    ? written(def.toItem(rows[0]))
    : refusal('not_found', `No ${def.name} item with data id ${id}.`);
}
