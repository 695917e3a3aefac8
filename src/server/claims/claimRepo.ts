import type { ClaimView, ReviewerNowView } from '../../shared/responses/claims';
import type { Database, Queryable } from '../db/database';
import {
  CLAIM_COLUMNS,
  claimLocked,
  claimViewOf,
  deleteOwnClaims,
  isoOf,
  LEASE_END,
  lockItems,
  remainingSeconds,
  type ClaimRow,
  type Service,
} from './claimSql';

/**
 * Claims by item id (the claims extension): claim, renew, release, and who holds what. A claim or
 * a renewal is all or nothing: when one item cannot be had, the answer says which and why, and
 * nothing is written. Release is lenient: it releases what the caller holds of the items and says
 * how many, since a console releases on every page change, sign-out and quit, and a lease that
 * ran out may have been taken over since.
 */

/** Why a claim or renewal was refused, with the sentence for the reviewer. */
export interface ClaimRefusal {
  ok: false;
  status: 404 | 409;
  error: 'not_found' | 'held' | 'not_held';
  what: string;
}

export type ClaimOutcome<T> = { ok: true; value: T } | ClaimRefusal;

/** Thrown inside a claim's transaction to roll all of it back and answer the refusal. */
class Refused extends Error {
  constructor(readonly refusal: ClaimRefusal) {
    super(refusal.what);
  }
}

async function refusable<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<ClaimOutcome<T>> {
  try {
    return { ok: true, value: await db.transaction(fn) };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** At most this many ids are named in a refusal's sentence. */
const NAMED_MAX = 10;

const idList = (ids: number[]) =>
  ids.length > NAMED_MAX
    ? `${ids.slice(0, NAMED_MAX).join(', ')} and ${ids.length - NAMED_MAX} more`
    : ids.join(', ');

const minutes = (seconds: number) => `${Math.max(1, Math.ceil(seconds / 60))} min`;

/** Refuses, with nothing written, when some of `ids` name no item; the others are locked. */
async function lockExisting(tx: Queryable, service: Service, ids: number[], nothing: string) {
  const found = new Set(await lockItems(tx, service, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new Refused({
      ok: false,
      status: 404,
      error: 'not_found',
      what: `No ${service} item with id ${idList(missing)}: ${nothing}`,
    });
}

/** The running leases among `ids`, by item id. */
async function runningClaims(db: Queryable, service: Service, ids: number[]): Promise<ClaimView[]> {
  const rows = await db.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM review_claims
      WHERE service = $1 AND item_id = ANY($2::bigint[]) AND expires_at > now()
      ORDER BY item_id`,
    [service, ids],
  );
  return rows.map(claimViewOf);
}

/** Claims these items for `holder`, all or none. */
export function claimItems(
  db: Database,
  service: Service,
  holder: string,
  ids: number[],
): Promise<ClaimOutcome<ClaimView[]>> {
  return refusable(db, async (tx) => {
    await lockExisting(tx, service, ids, 'nothing was claimed.');
    const claimed = new Set(await claimLocked(tx, service, holder, ids));
    const others = await runningClaims(
      tx,
      service,
      ids.filter((id) => !claimed.has(id)),
    );
    if (others.length > 0)
      throw new Refused({
        ok: false,
        status: 409,
        error: 'held',
        what: `Held by another reviewer: ${others
          .slice(0, NAMED_MAX)
          .map((claim) => `${claim.id} (${claim.holder}, ${minutes(claim.remainingSeconds)})`)
          .join(
            ', ',
          )}${others.length > NAMED_MAX ? ` and ${others.length - NAMED_MAX} more` : ''}. Nothing was claimed.`,
      });
    return runningClaims(tx, service, ids);
  });
}

/**
 * Renews the leases `holder` has on these items, all or none. A lease of the holder's that ran
 * out is renewed too while nobody has taken it over: it was free, and is the holder's again.
 */
export function renewClaims(
  db: Database,
  service: Service,
  holder: string,
  ids: number[],
): Promise<ClaimOutcome<ClaimView[]>> {
  return refusable(db, async (tx) => {
    await lockExisting(tx, service, ids, 'nothing was renewed.');
    const rows = await tx.query<ClaimRow>(
      `UPDATE review_claims SET expires_at = ${LEASE_END}
        WHERE service = $1 AND holder = $2 AND item_id = ANY($3::bigint[])
        RETURNING ${CLAIM_COLUMNS}`,
      [service, holder, ids],
    );
    const renewed = new Set(rows.map((row) => Number(row.item_id)));
    const notHeld = ids.filter((id) => !renewed.has(id));
    if (notHeld.length > 0) {
      const byOthers = new Map(
        (await runningClaims(tx, service, notHeld)).map((claim) => [claim.id, claim]),
      );
      const why = notHeld.slice(0, NAMED_MAX).map((id) => {
        const other = byOthers.get(id);
        return other
          ? `${id} (${other.holder} holds it, ${minutes(other.remainingSeconds)})`
          : `${id} (nobody holds it)`;
      });
      throw new Refused({
        ok: false,
        status: 409,
        error: 'not_held',
        what: `You do not hold ${why.join(', ')}${notHeld.length > NAMED_MAX ? ` and ${notHeld.length - NAMED_MAX} more` : ''}: nothing was renewed. Claim an item again to hold it.`,
      });
    }
    return rows.map(claimViewOf).sort((a, b) => a.id - b.id);
  });
}

/** Releases what `holder` holds of these items; answers how many that was. */
export function releaseClaims(
  db: Database,
  service: Service,
  holder: string,
  ids: number[],
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockItems(tx, service, ids);
    // An id of no item has no item lock to take, and no claimer can be writing its claim.
    return deleteOwnClaims(tx, service, holder, ids);
  });
}

/** Releases every claim `holder` has, of both services (sign-out, quit). */
export function releaseAllClaims(db: Database, holder: string): Promise<number> {
  return db.transaction(async (tx) => {
    let released = 0;
    for (const service of ['tweets', 'news'] as const) {
      const ids = (
        await tx.query<{ item_id: string | number }>(
          'SELECT item_id FROM review_claims WHERE holder = $1 AND service = $2',
          [holder, service],
        )
      ).map((row) => Number(row.item_id));
      await lockItems(tx, service, ids);
      released += await deleteOwnClaims(tx, service, holder, ids);
    }
    return released;
  });
}

/** Who holds which of these items now (running leases only). */
export const holdersOf = (db: Queryable, service: Service, ids: number[]) =>
  runningClaims(db, service, ids);

/** Every reviewer holding items now, per service, with how many and until when. */
export async function reviewingNow(db: Queryable): Promise<ReviewerNowView[]> {
  const rows = await db.query<{
    holder: string;
    service: Service;
    items: number;
    expires_at: Date | string;
    remaining: number;
  }>(
    `SELECT holder, service, count(*)::int AS items, max(expires_at) AS expires_at,
            ${remainingSeconds('max(expires_at)')} AS remaining
       FROM review_claims WHERE expires_at > now()
      GROUP BY holder, service ORDER BY holder, service`,
  );
  return rows.map((row) => ({
    user: row.holder,
    service: row.service,
    items: Number(row.items),
    expiresAt: isoOf(row.expires_at),
    remainingSeconds: Number(row.remaining),
  }));
}

/**
 * A decision by the holder ends the holder's claim on the item, in the decision's transaction
 * (which holds the item's lock). Someone else's decision leaves the claim alone: the holder's
 * card shows what changed.
 */
export async function releaseOnDecision(
  tx: Queryable,
  service: Service,
  itemId: number,
  actor: string,
): Promise<void> {
  await tx.query('DELETE FROM review_claims WHERE service = $1 AND item_id = $2 AND holder = $3', [
    service,
    itemId,
    actor,
  ]);
}
