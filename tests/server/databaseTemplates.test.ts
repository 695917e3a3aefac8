/**
 * The test servers' prepared database, one per engine (tests/support/pgliteTemplate.ts and
 * postgresTemplate.ts): the run has one, and a server started from it holds what a server
 * prepared from nothing holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../../src/server/db/pgliteDatabase';
import {
  NEW_CLUSTER_FILE_VARIABLE,
  openNewPglite,
  pgliteTemplate,
  TEMPLATE_FILE_VARIABLE,
} from '../support/pgliteTemplate';
import { POSTGRES_TEMPLATE_VARIABLE } from '../support/postgresTemplate';
import { ENGINES, startTestServer, type TestServer } from '../support/testServer';

/**
 * The columns compared where a row records its own start: when a migration ran, a user's random
 * id, salt and creation time; signing_keys by its count, as each server makes its own key (below).
 * Every other table is compared whole.
 */
const COMPARED: Record<string, string> = {
  schema_migrations: 'id, name, checksum',
  users: 'username, roles',
  signing_keys: 'count(*) OVER ()',
};

/** Every table's rows, as one digest a table: what a copy must hold the same. */
async function contents(server: TestServer): Promise<Record<string, string>> {
  const tables = await server.context.db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const columns = COMPARED[name];
    const rows = columns ? `(SELECT ${columns} FROM "${name}")` : `"${name}"`;
    const [row] = await server.context.db.query<{ rows: number; digest: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${rows} t`,
    );
    digests[name] = `${row!.rows} rows, ${row!.digest ?? 'empty'}`;
  }
  return digests;
}

/** Where the global set-up names each engine's template, and the shape of the name. */
const NAMED = {
  pglite: [TEMPLATE_FILE_VARIABLE, /dqc-pglite-template-\d+\.tar$/],
  postgres: [POSTGRES_TEMPLATE_VARIABLE, /^dqc_template_[0-9a-f]{12}$/],
} as const;

describe.each(ENGINES)('the prepared database on %s', (engine) => {
  let copied: TestServer;
  let fresh: TestServer;
  beforeAll(async () => {
    copied = await startTestServer(engine);
    // Naming a field the template fixes makes the server prepare its database from nothing.
    fresh = await startTestServer(engine, { seedDemoData: true });
  }, 120_000);
  afterAll(async () => {
    await copied?.close();
    await fresh?.close();
  });

  it('is written by the global set-up and named to every test process', () => {
    const [variable, shape] = NAMED[engine];
    expect(process.env[variable]).toMatch(shape);
  });

  it('gives a server the same rows, table by table, as a server prepared from nothing', async () => {
    const [fromCopy, fromNothing] = await Promise.all([contents(copied), contents(fresh)]);
    expect(Object.keys(fromCopy).length).toBeGreaterThan(10);
    expect(fromCopy).toEqual(fromNothing);
  });

  it('leaves each server its own signing key, made at its start', async () => {
    const keyOf = async (server: TestServer) =>
      (await server.context.db.query<{ kid: string }>('SELECT kid FROM signing_keys'))[0]!.kid;
    const other = await startTestServer(engine);
    try {
      const kids = new Set([await keyOf(copied), await keyOf(other), await keyOf(fresh)]);
      expect(kids.size).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe.each(ENGINES.filter((engine) => engine === 'pglite'))('a dump of a %s database', () => {
  it("is the run's new cluster, named to every test process, and as initdb leaves it", async () => {
    expect(process.env[NEW_CLUSTER_FILE_VARIABLE]).toMatch(/dqc-pglite-new-cluster-\d+\.tar$/);
    const db = await openNewPglite();
    try {
      const tables = await db.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(tables).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('is checkpointed, so that a copy opens with no log to replay', async () => {
    const template = pgliteTemplate();
    expect(template, 'the global set-up names the prepared database').not.toBeNull();
    const db = await openPgliteDatabase(null, await template!);
    try {
      // Megabytes of log after the last checkpoint, which a copy would replay as it opens.
      await db.query('CREATE TABLE dump_probe AS SELECT generate_series(1, 100000) AS n');
      await db.dump();
      const [log] = await db.query<{ bytes: number }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), checkpoint_lsn)::int AS bytes FROM pg_control_checkpoint()',
      );
      // What follows the checkpoint is its own record and a page or two of hint bits the query
      // set (the probe alone wrote 6.5 MB).
      expect(log!.bytes).toBeLessThan(64 * 1024);
    } finally {
      await db.close();
    }
  });
});
