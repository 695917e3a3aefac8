import { CLAIM_LEASE_SECONDS } from '../../shared/api/claims';
import type { QueueBody } from '../../shared/bodies/claims';
import { REVIEW_PAGE_SIZE } from '../../shared/constants';
import type { Database, Queryable } from '../db/database';
import { keywordItemsTable } from '../db/keywordItems';
import { SqlParams } from '../insight/sqlParams';
import { filterWhere, type SqlQuery } from '../review/filterQuery';
import type { ReviewServiceDef } from '../review/serviceDefs';
import { claimInsert, isoOf, LEASE_END, releaseLocked, type Service } from './claimSql';

/**
 * The next page of a reviewer's queue (the claims extension): SPEC.md 7's Review filter, in its
 * order, less what others hold. In one transaction: the page the console leaves is released; the
 * reviewer's own running claims on the filter come back first, renewed (a console restarted);
 * the rest of the page is the first items nobody holds (or whose lease ran out), claimed.
 *
 * Free items are locked with FOR UPDATE SKIP LOCKED: concurrent claimers walk the same filter
 * and each takes the next items no other transaction has locked, without waiting. An item one
 * claimer judged free from a snapshot taken before another's claim committed is caught by the
 * claim's own write (it takes over only a row whose lease ran out, or the caller's own), and the
 * walk is repeated for what it lost. On PGlite (one connection) the same SQL simply never meets a
 * lock.
 */

export interface QueuePage<Item> {
  items: Item[];
  expiresAt: string | null;
  leaseSeconds: number;
  resumed: number;
}

/** Walks lost to a concurrent claimer are repeated at most this often for one page. */
const MAX_WALKS = 5;

const keywordOf = (filter: QueueBody) =>
  filter.keyword && filter.keyword.trim() !== '' ? filter.keyword.trim().toLowerCase() : null;

/** SPEC.md 7's conditions of the filter (filterWhere), on the items or their keyword rows. */
const whereOf = (filter: QueueBody, source: 'items' | 'keyword-items', params: SqlParams) =>
  params.embed(filterWhere({ ...filter, startIndex: 0 }, source));

const notIn = (exclude: number[], params: SqlParams) =>
  exclude.length > 0 ? ` AND t.id <> ALL(${params.add(exclude)}::bigint[])` : '';

/**
 * Locks the caller's running claims that the filter selects, up to `limit`, in the filter's order,
 * less `exclude`. Read from the caller's claims (a page or two), not by walking the filter: a
 * reviewer who holds nothing must not cost a walk of every item the filter selects. filterWhere's
 * columns are the items' own; review_claims shares none of their names.
 */
export function ownPickQuery(
  table: Service,
  filter: QueueBody,
  holder: string,
  exclude: number[],
  limit: number,
): SqlQuery {
  const params = new SqlParams();
  const where = whereOf(filter, 'items', params);
  const direction = filter.sortBy === 'asc' ? 'ASC' : 'DESC';
  return params.query(
    `SELECT t.id FROM review_claims AS c JOIN ${table} AS t ON t.id = c.item_id
      WHERE c.service = ${params.add(table)} AND c.holder = ${params.add(holder)}
        AND c.expires_at > now() AND ${where}${notIn(exclude, params)}
      ORDER BY t.detect_time ${direction}, t.id ${direction}
      LIMIT ${limit} FOR UPDATE OF t SKIP LOCKED`,
  );
}

/**
 * Locks up to `limit` items of the filter that nobody holds, in the filter's order, less
 * `exclude`, skipping items other transactions have locked. On the keyword items when the filter
 * names a keyword, as the list's own page query reads them; only the item rows are locked (OF t),
 * so that every claimer locks the same rows whichever source its filter is read from.
 */
export function freePickQuery(
  table: Service,
  filter: QueueBody,
  exclude: number[],
  limit: number,
): SqlQuery {
  const params = new SqlParams();
  const onKeywordItems = keywordOf(filter) !== null;
  const where = whereOf(filter, onKeywordItems ? 'keyword-items' : 'items', params);
  const free = `NOT EXISTS (SELECT 1 FROM review_claims AS c
     WHERE c.service = ${params.add(table)} AND c.item_id = t.id AND c.expires_at > now())`;
  const direction = filter.sortBy === 'asc' ? 'ASC' : 'DESC';
  return params.query(
    onKeywordItems
      ? `SELECT t.id FROM (SELECT id AS k_id, detect_time AS k_time FROM ${keywordItemsTable(table)}
                            WHERE ${where}) AS k
           JOIN ${table} AS t ON t.id = k.k_id
          WHERE ${free}${notIn(exclude, params)}
          ORDER BY k.k_time ${direction}, k.k_id ${direction}
          LIMIT ${limit} FOR UPDATE OF t SKIP LOCKED`
      : `SELECT t.id FROM ${table} AS t
          WHERE ${where} AND ${free}${notIn(exclude, params)}
          ORDER BY t.detect_time ${direction}, t.id ${direction}
          LIMIT ${limit} FOR UPDATE OF t SKIP LOCKED`,
  );
}

async function pick(tx: Queryable, query: SqlQuery): Promise<number[]> {
  return (await tx.query<{ id: string | number }>(query.sql, query.params)).map((row) =>
    Number(row.id),
  );
}

/** The items of `ids`, in that order. */
async function itemsOf<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  ids: number[],
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT ${def.selectList} FROM ${def.table} WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), def.toItem(row)]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}

/**
 * Claims the locked `ids` for `holder` and reads the items it got, with their lease's end, in one
 * statement (the page's server time is mostly its round trips). An item a claimer that committed
 * first holds is not among them (claimInsert's rule).
 */
async function claimAndRead<Item, Body>(
  tx: Queryable,
  def: ReviewServiceDef<Item, Body>,
  holder: string,
  ids: number[],
): Promise<{ items: Map<number, Item>; leaseEnd: Date | string | null }> {
  const rows = await tx.query<Record<string, unknown> & { dqc_lease_end: Date | string }>(
    `WITH claimed AS (${claimInsert('$1', '$2', 'SELECT unnest($3::bigint[]) AS id')})
     SELECT claimed.expires_at AS dqc_lease_end, ${def.selectList}
       FROM claimed JOIN ${def.table} ON ${def.table}.id = claimed.item_id`,
    [def.name, holder, ids],
  );
  return {
    items: new Map(rows.map((row) => [Number(row.id), def.toItem(row)])),
    leaseEnd: rows[0]?.dqc_lease_end ?? null,
  };
}

export async function nextQueuePage<Item, Body>(
  db: Database,
  def: ReviewServiceDef<Item, Body>,
  filter: QueueBody,
  holder: string,
): Promise<QueuePage<Item>> {
  const service = def.name;
  return db.transaction(async (tx) => {
    // The page left behind: released, and not handed back in this answer.
    await releaseLocked(tx, service, holder, filter.leave);
    const exclude = filter.leave;

    // A lease's end is the same for every claim of the transaction (now() is its start).
    let leaseEnd: Date | string | null = null;
    const own = await pick(tx, ownPickQuery(service, filter, holder, exclude, REVIEW_PAGE_SIZE));
    if (own.length > 0) {
      const [renewed] = await tx.query<{ expires_at: Date | string }>(
        `UPDATE review_claims SET expires_at = ${LEASE_END}
          WHERE service = $1 AND holder = $2 AND item_id = ANY($3::bigint[])
         RETURNING expires_at`,
        [service, holder, own],
      );
      leaseEnd = renewed?.expires_at ?? null;
    }

    const taken: Item[] = [];
    for (let walk = 0; walk < MAX_WALKS; walk++) {
      const need = REVIEW_PAGE_SIZE - own.length - taken.length;
      if (need <= 0) break;
      const locked = await pick(tx, freePickQuery(service, filter, exclude, need));
      if (locked.length === 0) break;
      const claimed = await claimAndRead(tx, def, holder, locked);
      // In the filter's order, as the walk locked them.
      for (const id of locked) {
        const item = claimed.items.get(id);
        if (item !== undefined) taken.push(item);
      }
      leaseEnd = claimed.leaseEnd ?? leaseEnd;
      // Every locked item claimed: the walk found all the free items there were, or enough.
      // Some lost to a claimer that committed first: walk again, on a snapshot that sees them.
      if (claimed.items.size === locked.length) break;
    }

    const items = [...(await itemsOf(tx, def, own)), ...taken];
    return {
      items,
      expiresAt: items.length === 0 || leaseEnd === null ? null : isoOf(leaseEnd),
      leaseSeconds: CLAIM_LEASE_SECONDS,
      resumed: own.length,
    };
  });
}
