import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/browserConsole';
import { loadItems } from '../review/loadItems';

/**
 * The PostgreSQL database the team and audit scenarios share (dqc_team_bench): BENCH_TEAM_TWEETS
 * tweets (default 10,000,000), loaded once. On DATABASE_URL's cluster, or a throwaway cluster of
 * its own; with BENCH_REUSE=1 an earlier load of the same size is kept, so that
 * `npm run bench -- team audit` loads it once.
 */
export const TEAM_DATABASE = 'dqc_team_bench';
const PORT = '55441';
const fmt = (n: number) => n.toLocaleString('en');

export function benchNumber(name: string, fallback: number, least: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw.replaceAll('_', '')) : fallback;
  if (!Number.isFinite(value) || value < least)
    throw new Error(`${name}=${raw} is not a number >= ${least}.`);
  return value;
}

export const TEAM_TWEETS = Math.round(benchNumber('BENCH_TEAM_TWEETS', 10_000_000, 1000));

/** The database's URL and how to stop the cluster started for it; null when there is none. */
export async function openTeamDatabase(
  notes: string[],
  log: (line: string) => void,
): Promise<{ url: string; stop: () => void } | null> {
  let adminUrl = process.env.DATABASE_URL ?? null;
  let stop = () => undefined as void;
  if (!adminUrl) {
    if (!existsSync('/usr/lib/postgresql')) {
      notes.push('PostgreSQL is not installed (apt-get install -y postgresql): nothing measured.');
      return null;
    }
    const script = resolve(PROJECT_ROOT, 'scripts/test-postgres.sh');
    const env = { ...process.env, DQC_TEST_PG_PORT: PORT };
    adminUrl = execFileSync(script, ['start'], { env, encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1)!;
    stop = () => execFileSync(script, ['stop'], { env });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${TEAM_DATABASE}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists =
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEAM_DATABASE]))
        .rowCount === 1;
    if (exists && process.env.BENCH_REUSE === '1') {
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const sizes = await probe
        .query<{ tweets: number }>('SELECT tweets FROM bench_load')
        .catch(() => null);
      await probe.end();
      if (sizes?.rows[0]?.tweets === TEAM_TWEETS) {
        log(`reusing the earlier load of ${TEAM_DATABASE}`);
        return { url: url.toString(), stop };
      }
      log(`${TEAM_DATABASE} holds another size: loading again`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${TEAM_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEAM_DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url: url.toString(), stop };
}

/** Loads the tweets unless this database holds them already (a server has migrated it). */
export async function ensureTeamTweets(
  db: pg.Client,
  notes: string[],
  log: (line: string) => void,
): Promise<void> {
  const loaded = await db
    .query<{ tweets: number }>('SELECT tweets FROM bench_load')
    .then((r) => r.rows[0]?.tweets === TEAM_TWEETS)
    .catch(() => false);
  if (loaded) return;
  log(`loading ${fmt(TEAM_TWEETS)} tweets into PostgreSQL…`);
  const started = performance.now();
  await loadItems(db, 'tweets', TEAM_TWEETS, (done) => log(`  tweets loaded: ${fmt(done)}`));
  await db.query('CREATE TABLE bench_load (tweets int NOT NULL)');
  await db.query('INSERT INTO bench_load VALUES ($1)', [TEAM_TWEETS]);
  notes.push(
    `PostgreSQL: ${fmt(TEAM_TWEETS)} tweets loaded in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
}
