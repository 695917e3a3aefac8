import type { Database } from './database';
import { MIGRATIONS } from './migrations';

/**
 * Brings the database up to the last migration (migrations/index.ts): each one not yet recorded in
 * schema_migrations runs in a transaction of its own, together with the row that records it.
 * Answers the ids it ran.
 */
export async function migrate(db: Database): Promise<number[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        migration.id,
        migration.name,
      ]);
    });
    applied.push(migration.id);
  }
  return applied;
}
