import { createHash } from 'node:crypto';
import type { Database } from './database';
import type { Migration } from './migrations';

/**
 * SHA-256 (hex) of a migration's statements as a JSON array: any change to its text, whitespace
 * included, changes it, and so does splitting, merging or reordering its statements. The name and
 * the id are not part of it.
 */
export function migrationChecksum(migration: Pick<Migration, 'statements'>): string {
  return createHash('sha256').update(JSON.stringify(migration.statements)).digest('hex');
}

/** Start is refused: a migration this database has run no longer has the text it ran. */
export class ChangedMigrationError extends Error {
  constructor(migration: Migration, recorded: string, current: string) {
    super(
      `Migration ${migration.id} (${migration.name}) was changed after it was applied: its checksum is ${recorded} in the database and ${current} in the code. A migration that has run is never edited: restore its text and make the change a new migration (src/server/db/migrations/index.ts).`,
    );
    this.name = 'ChangedMigrationError';
  }
}

/**
 * Before any migration runs: every applied migration the code knows must still have the checksum
 * recorded when it ran, or start is refused (ChangedMigrationError) with nothing written. Rows
 * without a checksum (written before checksums were kept, or by an older server, which leaves the
 * column empty) get the current text's: what ran then cannot be known, but any change from now on
 * is caught. Rows of migrations the code does not know (a database a newer server migrated) are
 * left alone, as they always were.
 */
export async function checkAppliedMigrations(
  db: Database,
  migrations: readonly Migration[],
): Promise<void> {
  // Nullable on purpose: an older server inserts its rows without it (see above).
  await db.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  const rows = await db.query<{ id: number; checksum: string | null }>(
    'SELECT id, checksum FROM schema_migrations ORDER BY id',
  );
  const known = new Map(migrations.map((migration) => [migration.id, migration]));
  const unrecorded: { id: number; checksum: string }[] = [];
  for (const row of rows) {
    const migration = known.get(row.id);
    if (!migration) continue;
    const current = migrationChecksum(migration);
    if (row.checksum === null) unrecorded.push({ id: row.id, checksum: current });
    else if (row.checksum !== current)
      throw new ChangedMigrationError(migration, row.checksum, current);
  }
  if (unrecorded.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { id, checksum } of unrecorded)
      await tx.query(
        'UPDATE schema_migrations SET checksum = $2 WHERE id = $1 AND checksum IS NULL',
        [id, checksum],
      );
  });
}
