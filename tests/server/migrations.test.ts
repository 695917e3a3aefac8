import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/app';
import { serverConfigFromEnv, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { migrationChecksum } from '../../src/server/db/migrationChecksums';
import { MIGRATIONS, type Migration } from '../../src/server/db/migrations';
import { openDatabase } from '../../src/server/db/openDatabase';
import { openNewPglite } from '../support/pgliteTemplate';
import { createPostgresDatabase } from '../support/postgresDatabases';
import { ENGINES, TEST_SCRYPT } from '../support/testServer';

/**
 * Frozen migrations (RELIABILITY.md): each applied migration's checksum is recorded, and a server
 * whose code changed an applied migration refuses to start, naming it.
 */
describe.each(ENGINES)('frozen migrations on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * Where a fresh database is that outlives a server (a restart sees it): on PGlite a data folder,
   * which starts as a copy of the run's new cluster, as initdb leaves it (openNewPglite).
   */
  async function freshDatabase(): Promise<Pick<ServerConfig, 'dataDir' | 'databaseUrl'>> {
    if (engine === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      return { dataDir: null, databaseUrl: database.url };
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'dqc-migrations-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await (await openNewPglite(dataDir)).close();
    return { dataDir, databaseUrl: null };
  }

  /**
   * A fresh database, opened. On PGlite it is in memory (a data folder is slower to create), a
   * copy of the run's new cluster.
   */
  async function openFresh(): Promise<Database> {
    const db =
      engine === 'pglite' ? await openNewPglite() : await openDatabase(await freshDatabase());
    cleanups.push(() => db.close());
    return db;
  }

  async function open(where: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
    const db = await openDatabase(where);
    cleanups.push(() => db.close());
    return db;
  }

  /** A server on that database, without demo data: only its start matters here. */
  const serverOn = (where: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): ServerConfig => ({
    ...serverConfigFromEnv({}),
    port: 0,
    seedDemoData: false,
    passwordHashCost: TEST_SCRYPT,
    ...where,
  });

  /** Two server starts on a data folder take more than the suite's 30 s on two busy cores. */
  const SERVER_STARTS_MS = 90_000;

  const recorded = (db: Database) =>
    db.query<{ id: number; name: string; checksum: string | null }>(
      'SELECT id, name, checksum FROM schema_migrations ORDER BY id',
    );

  const expected = (migrations: readonly Migration[]) =>
    migrations.map(({ id, name, statements }) => ({
      id,
      name,
      checksum: migrationChecksum({ statements }),
    }));

  /** MIGRATIONS with migration `id` changed by one space at the end of its first statement. */
  const withChanged = (id: number): Migration[] =>
    MIGRATIONS.map((migration) =>
      migration.id === id
        ? { ...migration, statements: migration.statements.map((s, i) => (i === 0 ? `${s} ` : s)) }
        : migration,
    );

  it('records the checksum of every migration it runs', async () => {
    const db = await openFresh();
    expect(await migrate(db)).toEqual(MIGRATIONS.map((migration) => migration.id));
    const rows = await recorded(db);
    expect(rows).toEqual(expected(MIGRATIONS));
    for (const row of rows) expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it(
    'restarts on an unchanged database, runs nothing again and keeps the checksums',
    async () => {
      const where = await freshDatabase();
      const config = serverOn(where);
      await (await startServer(config)).close();
      await (await startServer(config)).close();
      const db = await open(where);
      // A row of a migration this code does not know (a newer server's) does not stop it either.
      await db.query(
        `INSERT INTO schema_migrations (id, name, checksum) VALUES (999, 'newer', 'x')`,
      );
      expect(await migrate(db)).toEqual([]);
      expect((await recorded(db)).slice(0, -1)).toEqual(expected(MIGRATIONS));
    },
    SERVER_STARTS_MS,
  );

  it(
    'refuses to start when the code changed an applied migration, and says which',
    async () => {
      const where = await freshDatabase();
      const config = serverOn(where);
      await (await startServer(config)).close();
      // The database's record of migration 8 no longer matches the code's text, as after an edit.
      const tampered = 'f'.repeat(64);
      const db = await openDatabase(where);
      await db.query('UPDATE schema_migrations SET checksum = $1 WHERE id = 8', [tampered]);
      await db.close();

      const current = migrationChecksum(MIGRATIONS.find((migration) => migration.id === 8)!);
      await expect(startServer(config)).rejects.toThrow(
        `Migration 8 (review-keyword-items) was changed after it was applied: its checksum is ${tampered} in the database and ${current} in the code.`,
      );
    },
    SERVER_STARTS_MS,
  );

  it('refuses a migration list whose applied migration changed by one space, before running any other', async () => {
    const db = await openFresh();
    await migrate(db);
    const changed = withChanged(3);
    const probe: Migration = {
      id: 9,
      name: 'probe',
      statements: ['CREATE TABLE frozen_probe (id integer)'],
    };
    const before = migrationChecksum(MIGRATIONS[2]!);
    const after = migrationChecksum(changed[2]!);
    expect(after).not.toBe(before);
    await expect(migrate(db, [...changed, probe])).rejects.toThrow(
      `Migration 3 (review-counts) was changed after it was applied: its checksum is ${before} in the database and ${after} in the code.`,
    );
    // Nothing was run or recorded: the pending migration 9 waits behind the refusal.
    expect(await recorded(db)).toEqual(expected(MIGRATIONS));
    const probeTable = await db.query<{ name: string | null }>(
      `SELECT to_regclass('frozen_probe')::text AS name`,
    );
    expect(probeTable).toEqual([{ name: null }]);
  });

  it('upgrades a database migrated before checksums were kept, then holds it to them', async () => {
    const db = await openFresh();
    // What the earlier migrate() left: its bookkeeping table, without a checksum column, and
    // migrations 1 to 7 run and recorded by id and name.
    await db.query(`CREATE TABLE schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const migration of MIGRATIONS.filter(({ id }) => id <= 7)) {
      await db.transaction(async (tx) => {
        for (const statement of migration.statements) await tx.query(statement);
        await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
          migration.id,
          migration.name,
        ]);
      });
    }

    expect(await migrate(db)).toEqual(MIGRATIONS.filter(({ id }) => id > 7).map(({ id }) => id));
    expect(await recorded(db)).toEqual(expected(MIGRATIONS));
    expect(await migrate(db)).toEqual([]);
    // A checksum recorded on the upgrade holds like one recorded when the migration ran.
    await expect(migrate(db, withChanged(1))).rejects.toThrow(
      `Migration 1 (auth) was changed after it was applied: its checksum is ${migrationChecksum(MIGRATIONS[0]!)} in the database and ${migrationChecksum(withChanged(1)[0]!)} in the code.`,
    );
  });
});
