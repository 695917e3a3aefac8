import type { Database, Queryable } from '../db/database';

/**
 * Why an audit call was refused, with the sentence for the reviewer: the status and error code it
 * is answered with, and for a stale settlement the item as it is now. The audit calls refuse for
 * reasons the shared write outcome (src/shared/outcome.ts) has no status for (403: not yours to
 * answer or settle; 422: nothing to draw), so they carry their own.
 */
export interface AuditRefusal {
  ok: false;
  status: 403 | 404 | 409 | 412 | 422;
  error: string;
  what: string;
  current?: unknown;
}

export type AuditOutcome<T> = { ok: true; value: T } | AuditRefusal;

export const refused = (
  status: AuditRefusal['status'],
  error: string,
  what: string,
  current?: unknown,
): AuditRefusal => ({
  ok: false,
  status,
  error,
  what,
  ...(current === undefined ? {} : { current }),
});

/** Thrown inside a transaction to roll all of it back and answer the refusal. */
class Refused extends Error {
  constructor(readonly refusal: AuditRefusal) {
    super(refusal.what);
  }
}

/** Ends the transaction of `refusable` with this refusal: nothing it wrote is kept. */
export function refuse(refusal: AuditRefusal): never {
  throw new Refused(refusal);
}

/** Runs `fn` in one transaction; a refusal thrown by `refuse` rolls it back and is answered. */
export async function refusable<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<AuditOutcome<T>> {
  try {
    return { ok: true, value: await db.transaction(fn) };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
