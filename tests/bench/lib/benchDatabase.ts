import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from './browserConsole';

/**
 * A scenario's own PostgreSQL database: on DATABASE_URL's cluster, or a throwaway cluster on
 * `port`. With BENCH_REUSE=1 an earlier load that `holds` says is the one wanted is kept (ten
 * million items take twenty minutes to load); otherwise the database is made anew. Null when
 * PostgreSQL is not installed, said in the notes.
 */
export async function openBenchDatabase(options: {
  name: string;
  port: string;
  /** Whether the database as found holds the load this run wants (read from its bench_load). */
  holds: (probe: pg.Client) => Promise<boolean>;
  notes: string[];
  log: (line: string) => void;
}): Promise<{ url: string; stop: () => void } | null> {
  const { name, notes, log } = options;
  let adminUrl = process.env.DATABASE_URL ?? null;
  let stop = () => undefined as void;
  if (!adminUrl) {
    if (!existsSync('/usr/lib/postgresql')) {
      notes.push('PostgreSQL is not installed (apt-get install -y postgresql): nothing measured.');
      return null;
    }
    const script = resolve(PROJECT_ROOT, 'scripts/test-postgres.sh');
    const env = { ...process.env, DQC_TEST_PG_PORT: options.port };
    adminUrl = execFileSync(script, ['start'], { env, encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1)!;
    stop = () => execFileSync(script, ['stop'], { env });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists =
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && process.env.BENCH_REUSE === '1') {
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const holds = await options.holds(probe).catch(() => false);
      await probe.end();
      if (holds) {
        log(`reusing the earlier load of ${name}`);
        return { url: url.toString(), stop };
      }
      log(`${name} holds another load: loading again`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { url: url.toString(), stop };
}
