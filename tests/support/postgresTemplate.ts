import { prepareDatabase } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { openPostgresDatabase } from '../../src/server/db/postgresDatabase';
import { createPostgresDatabase } from './postgresDatabases';

/**
 * The PostgreSQL half of the prepared database (tests/support/pgliteTemplate.ts says why): a
 * database on the test cluster, migrated and seeded as a test server's, that each test database
 * is created from (`CREATE DATABASE … TEMPLATE`), a file copy inside the cluster.
 */
export const POSTGRES_TEMPLATE_VARIABLE = 'DQC_TEST_POSTGRES_TEMPLATE';

/** The template database's name for this run, or null when the run has none. */
export function postgresTemplate(): string | null {
  return process.env[POSTGRES_TEMPLATE_VARIABLE] || null;
}

/**
 * Creates and prepares the template on the cluster of DQC_TEST_DATABASE_URL (as a test server
 * prepares its database, demo users included) and names it in the environment; the teardown drops
 * it.
 */
export async function setUpPostgresTemplate(config: ServerConfig): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase({ prefix: 'dqc_template' });
  const db = await openPostgresDatabase(template.url);
  try {
    // As a test server's database ends up: its demo users included, which a server on a
    // DATABASE_URL does not create itself (startTestServer adds them).
    await prepareDatabase(db, { ...config, databaseUrl: null });
  } finally {
    // A template must have no connection open when a database is created from it.
    await db.close();
  }
  process.env[POSTGRES_TEMPLATE_VARIABLE] = template.name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_VARIABLE];
    await template.drop();
  };
}
