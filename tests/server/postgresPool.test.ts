/**
 * The PostgreSQL pool survives its connections failing (RELIABILITY.md, "pg pool `error`
 * listener"): an idle connection ended by the server (pg_terminate_backend, a restart) is dropped
 * and replaced, not an unhandled 'error' event that ends the process; a connection that fails
 * inside a transaction fails that transaction only. Runs where DQC_TEST_DATABASE_URL names a
 * PostgreSQL server.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { openPostgresDatabase } from '../../src/server/db/postgresDatabase';

const adminUrl = process.env.DQC_TEST_DATABASE_URL;
const APP = 'dqc-pool-test';

/** Ends every server backend of the pool under test, as an operator or a restart would. */
async function terminatePoolBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const rows = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
      [APP],
    );
    return rows.rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!adminUrl)('the PostgreSQL pool when connections fail', () => {
  let db: Database;
  beforeAll(async () => {
    const url = new URL(adminUrl!);
    url.searchParams.set('application_name', APP);
    db = await openPostgresDatabase(url.toString());
  });
  afterAll(async () => {
    await db?.close();
  });

  it('an idle connection ended by the server is dropped; the process goes on and so do queries', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Three connections at once, so that the pool holds several idle ones afterwards.
      await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
      const ended = await terminatePoolBackends();
      expect(ended).toBeGreaterThanOrEqual(1);
      // Each ended connection is dropped once its end reaches the pool: a query sent before the
      // last one did could still be given it (seen on a loaded machine), so wait for all of them.
      const dropped = () =>
        logged.mock.calls.filter(([line]) =>
          String(line).includes('an idle database connection failed and was dropped'),
        ).length;
      await vi.waitFor(() => expect(dropped()).toBe(ended));
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      logged.mockRestore();
    }
  });

  it('a connection ended inside a transaction fails that transaction only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failed = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await terminatePoolBackends();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.query('SELECT 2');
      });
      await expect(failed).rejects.toThrow();
      for (let i = 0; i < 3; i++)
        expect(await db.query<{ two: number }>('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    } finally {
      logged.mockRestore();
    }
  });
});
