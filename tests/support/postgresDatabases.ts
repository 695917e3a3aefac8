import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made on the test cluster, and how to drop it. */
export interface PostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs `sql` on the cluster's admin database, where databases are created and dropped. */
async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway database on the PostgreSQL server of DQC_TEST_DATABASE_URL, named `<prefix>_<hex>`:
 * empty, or a copy of the database `template` (tests/support/postgresTemplate.ts).
 */
export async function createPostgresDatabase(
  options: { template?: string; prefix?: string } = {},
): Promise<PostgresDatabase> {
  const adminUrl = process.env.DQC_TEST_DATABASE_URL!;
  const name = `${options.prefix ?? 'dqc_test'}_${randomBytes(6).toString('hex')}`;
  const from = options.template ? ` TEMPLATE ${options.template}` : '';
  await onAdmin(adminUrl, `CREATE DATABASE ${name}${from}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
