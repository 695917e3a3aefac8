import type { Database } from './database';
import { checkAppliedMigrations, migrationChecksum } from './migrationChecksums';
import { MIGRATIONS, type Migration } from './migrations';

/**
 * Brings the database up to the last migration (migrations/index.ts). First the migrations it has
 * already run are checked against their recorded checksums (migrationChecksums.ts): a changed one
 * refuses start before anything runs. Then each migration not yet recorded in schema_migrations
 * runs in a transaction of its own, together with the row that records it and its checksum.
 * Answers the ids it ran. `migrations` is for tests; the server runs MIGRATIONS.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  await checkAppliedMigrations(db, migrations);
  const done = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)', [
        migration.id,
        migration.name,
        migrationChecksum(migration),
      ]);
    });
    applied.push(migration.id);
  }
  return applied;
}
