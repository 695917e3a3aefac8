import { CLAIM_LEASE_SECONDS } from '../../shared/api/claims';
import type { Queryable } from '../db/database';

/**
 * The SQL every claim statement shares. Times are the database's (`now()`, the transaction's
 * start), never this process's: several server processes on one database agree on when a lease
 * runs out, and the tests move a lease's end instead of a clock.
 *
 * One rule keeps concurrent claimers free of deadlocks: a claim row is written only by a
 * transaction that holds its item's row lock. The queue takes item locks with SKIP LOCKED and so
 * never waits; every other claim write locks its items first, in id order (lockItems), as a
 * review decision does with its one item. Two transactions then never wait on each other's claim
 * rows, and waits on items all run in one order.
 */

export type Service = 'tweets' | 'news';

/** The end of a lease taken or renewed now. */
export const LEASE_END = `now() + interval '${CLAIM_LEASE_SECONDS} seconds'`;

/** Whole seconds from now to a lease's end, rounded up, never below 0. */
export const remainingSeconds = (column: string) =>
  `greatest(0, ceil(extract(epoch FROM ${column} - now())))::int`;

/** A claim row as the answers give it. */
export interface ClaimRow {
  item_id: string | number;
  holder: string;
  expires_at: Date | string;
  remaining: number;
}

export const CLAIM_COLUMNS = `item_id, holder, expires_at, ${remainingSeconds('expires_at')} AS remaining`;

export const isoOf = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export const claimViewOf = (row: ClaimRow) => ({
  id: Number(row.item_id),
  holder: row.holder,
  expiresAt: isoOf(row.expires_at),
  remainingSeconds: Number(row.remaining),
});

/**
 * Locks the items of `ids` that exist, in id order (the one order every waiting claim write
 * uses), and answers their ids.
 */
export async function lockItems(tx: Queryable, table: Service, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<{ id: string | number }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows.map((row) => Number(row.id));
}

/** The caller's claims among `ids` (running or run out: nobody has taken them over). */
export async function deleteOwnClaims(
  tx: Queryable,
  service: Service,
  holder: string,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.query(
    `DELETE FROM review_claims WHERE service = $1 AND holder = $2 AND item_id = ANY($3::bigint[])
     RETURNING item_id`,
    [service, holder, ids],
  );
  return rows.length;
}

/**
 * The claim of the items `ids` (a query of one column, `id`) for `holder`, their items locked by
 * the caller: a new row, or one whose lease ran out, or the holder's own. Answers the rows it
 * wrote; one a concurrent claimer got first is left out. `service` and `holder` are placeholders.
 */
export const claimInsert = (service: string, holder: string, ids: string) =>
  `INSERT INTO review_claims (service, item_id, holder, expires_at)
   SELECT ${service}, id, ${holder}, ${LEASE_END} FROM (${ids}) AS claimed_ids
   ON CONFLICT (service, item_id) DO UPDATE
      SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
          -- A running lease of the same holder is renewed; anything else is a new claim.
          created_at = CASE WHEN review_claims.holder = EXCLUDED.holder
                             AND review_claims.expires_at > now()
                            THEN review_claims.created_at ELSE now() END
    WHERE review_claims.expires_at <= now() OR review_claims.holder = EXCLUDED.holder
   RETURNING item_id, expires_at`;

/**
 * Claims the locked `ids` for `holder` (their items locked by the caller). Answers the ids claimed,
 * in the order given; one a concurrent claimer got first is left out.
 */
export async function claimLocked(
  tx: Queryable,
  service: Service,
  holder: string,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<{ item_id: string | number }>(
    claimInsert('$1', '$2', 'SELECT unnest($3::bigint[]) AS id'),
    [service, holder, ids],
  );
  const got = new Set(rows.map((row) => Number(row.item_id)));
  return ids.filter((id) => got.has(id));
}

/**
 * Releases the caller's claims among `ids` in one statement: their items locked first, all of
 * them and in id order (an ARRAY subquery runs whole before the delete reads it), as lockItems
 * then deleteOwnClaims would in two.
 */
export async function releaseLocked(
  tx: Queryable,
  service: Service,
  holder: string,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `DELETE FROM review_claims
      WHERE service = $1 AND holder = $2
        AND item_id = ANY(ARRAY(SELECT id FROM ${service} WHERE id = ANY($3::bigint[])
                                 ORDER BY id FOR UPDATE))`,
    [service, holder, ids],
  );
}
