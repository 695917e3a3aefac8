import { refusal, type Outcome, type Refusal } from '../../shared/outcome';
import type { Database, Queryable } from './database';

/** Thrown inside `atomically` to roll back everything the transaction wrote so far. */
class RolledBack extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.what);
  }
}

/** Ends the transaction of `atomically` with this refusal: nothing it wrote is kept. */
export function refuse(reason: Refusal['reason'], what: string): never {
  throw new RolledBack(refusal(reason, what));
}

/**
 * Runs fn in one transaction. When fn calls `refuse`, or a unique constraint is violated (a
 * concurrent writer got there first), everything is rolled back and the refusal is the answer.
 */
export async function atomically<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
  onUniqueViolation?: string,
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction(fn) };
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal;
    if (onUniqueViolation && isUniqueViolation(error))
      return refusal('duplicate', onUniqueViolation);
    throw error;
  }
}

/** PostgreSQL's unique_violation, from either engine. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
