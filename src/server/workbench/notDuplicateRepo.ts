import type { TeamNotDuplicate } from '../../shared/api/notDuplicates';
import type { Queryable } from '../db/database';

/** A pair as the body names it. */
export interface NotDuplicatePair {
  kind: 'currency' | 'market';
  detected: string;
  catalogue: string;
}

interface Row {
  kind: 'currency' | 'market';
  detected: string;
  catalogue: string;
  said_by: string;
  said_at: Date | string;
}

/** The team's list: the newest first, at most this many (more than an operator ever dismisses). */
const LISTED = 20_000;

const viewOf = (row: Row): TeamNotDuplicate => ({
  kind: row.kind,
  detected: row.detected,
  catalogue: row.catalogue,
  by: row.said_by,
  at: new Date(row.said_at).toISOString(),
});

/**
 * "Not a duplicate" for the team (the not-duplicates extension, migration 21). Keys are lower
 * case: a pair said twice, in two cases or by two people, is one, and keeps who said it first.
 */
export async function listNotDuplicates(db: Queryable): Promise<TeamNotDuplicate[]> {
  const rows = await db.query<Row>(
    `SELECT kind, detected, catalogue, said_by, said_at FROM not_duplicates
      ORDER BY said_at DESC, kind, detected_key, catalogue_key LIMIT ${LISTED}`,
  );
  return rows.map(viewOf);
}

export async function addNotDuplicate(
  db: Queryable,
  pair: NotDuplicatePair,
  by: string,
): Promise<TeamNotDuplicate> {
  // Said again: the first saying stays (DO UPDATE with no change, so the row comes back).
  const [row] = await db.query<Row>(
    `INSERT INTO not_duplicates (kind, detected_key, catalogue_key, detected, catalogue, said_by)
          VALUES ($1, lower($2), lower($3), $2, $3, $4)
     ON CONFLICT (kind, detected_key, catalogue_key) DO UPDATE SET kind = EXCLUDED.kind
     RETURNING kind, detected, catalogue, said_by, said_at`,
    [pair.kind, pair.detected, pair.catalogue, by],
  );
  return viewOf(row!);
}

export async function removeNotDuplicate(db: Queryable, pair: NotDuplicatePair): Promise<boolean> {
  const rows = await db.query<{ kind: string }>(
    `DELETE FROM not_duplicates
      WHERE kind = $1 AND detected_key = lower($2) AND catalogue_key = lower($3)
      RETURNING kind`,
    [pair.kind, pair.detected, pair.catalogue],
  );
  return rows.length > 0;
}
