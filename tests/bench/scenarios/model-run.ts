/**
 * A model run at scale (`npm run bench -- model-run`): Model pressed through the reference
 * server's HTTP API and followed to its end through the model-runs extension, with the change
 * record it leaves (tests/bench/modelRun/measureRuns.ts says which runs and why):
 * - PostgreSQL with BENCH_TWEETS tweets (default 1,000,000) of the demo corpus's texts, in a
 *   throwaway cluster or on DATABASE_URL (database dqc_bench_model, loaded afresh each time);
 * - the embedded default, PGlite, with BENCH_PGLITE_TWEETS tweets (default 100,000); 0 skips it.
 * No target: the issue asks for the figures (duration, items changed, rows written).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer, type RunningServer } from '../../../src/server/app';
import { serverConfigFromEnv } from '../../../src/server/config';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { accessTokenOf, startTestServer, TEST_SCRYPT } from '../../support/testServer';
import { PROJECT_ROOT } from '../lib/browserConsole';
import type { Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';
import { loadCorpus } from '../modelRun/loadCorpus';
import { measureRuns } from '../modelRun/measureRuns';

const whole = (name: string, fallback: number, least: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw.replaceAll('_', '')) : fallback;
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${name}=${raw} is not a whole number >= ${least}.`);
  return value;
};
const TWEETS = whole('BENCH_TWEETS', 1_000_000, 1000);
const PGLITE_TWEETS = whole('BENCH_PGLITE_TWEETS', 100_000, 0);
const CLUSTER_PORT = '55447';
/** One sign-in lasts the whole benchmark: a first run at 1M outlives the default five minutes. */
const TOKEN_SECONDS = 4 * 3600;
const log = (line: string) => console.log(line);
const fmt = (n: number) => n.toLocaleString('en');
const short = (n: number) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1000 && n % 1000 === 0
      ? `${n / 1000}k`
      : fmt(n);

async function load(server: RunningServer, tweets: number, engine: string, notes: string[]) {
  log(`loading ${fmt(tweets)} tweets into ${engine}…`);
  const started = performance.now();
  await loadCorpus(server.context.db, tweets, (done) => {
    if (done % 200_000 === 0 || done === tweets) log(`  tweets loaded: ${fmt(done)}`);
  });
  // As autovacuum leaves a settled database: statistics and the visibility map current.
  await server.context.db.query('VACUUM ANALYZE tweets');
  notes.push(
    `${engine}: ${fmt(tweets)} tweets loaded in ${((performance.now() - started) / 1000).toFixed(0)} s, beside the 4,000 demo tweets.`,
  );
}

async function onPostgres(notes: string[]): Promise<Figure[]> {
  let cluster = false;
  let adminUrl = process.env.DATABASE_URL ?? null;
  if (!adminUrl) {
    if (!existsSync('/usr/lib/postgresql')) {
      notes.push(
        'PostgreSQL is not installed (apt-get install -y postgresql): its figures were not measured.',
      );
      return [];
    }
    const out = execFileSync(resolve(PROJECT_ROOT, 'scripts/test-postgres.sh'), ['start'], {
      env: { ...process.env, DQC_TEST_PG_PORT: CLUSTER_PORT },
      encoding: 'utf8',
    });
    adminUrl = out.trim().split('\n').at(-1)!;
    cluster = true;
  }
  const url = new URL(adminUrl);
  url.pathname = '/dqc_bench_model';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS dqc_bench_model WITH (FORCE)');
  await admin.query('CREATE DATABASE dqc_bench_model');
  await admin.end();
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      ...serverConfigFromEnv({}),
      port: 0,
      dataDir: null,
      databaseUrl: url.toString(),
      passwordHashCost: TEST_SCRYPT,
      accessTokenTtlSeconds: TOKEN_SECONDS,
    });
    // A server on DATABASE_URL creates no demo users; the benchmark signs in as one.
    await seedDemoUsers(server.context.db, TEST_SCRYPT);
    await load(server, TWEETS, 'PostgreSQL', notes);
    return await measureRuns({
      engine: 'PostgreSQL',
      size: `${short(TWEETS)} tweets`,
      api: { baseUrl: server.url, token: await accessTokenOf(server) },
      db: server.context.db,
      log,
    });
  } finally {
    await server?.close();
    if (cluster)
      execFileSync(resolve(PROJECT_ROOT, 'scripts/test-postgres.sh'), ['stop'], {
        env: { ...process.env, DQC_TEST_PG_PORT: CLUSTER_PORT },
      });
  }
}

async function onPglite(notes: string[]): Promise<Figure[]> {
  if (PGLITE_TWEETS === 0) return [];
  const server = await startTestServer('pglite', { accessTokenTtlSeconds: TOKEN_SECONDS });
  try {
    await load(server, PGLITE_TWEETS, 'PGlite', notes);
    return await measureRuns({
      engine: 'PGlite',
      size: `${short(PGLITE_TWEETS)} tweets`,
      api: { baseUrl: server.url, token: await accessTokenOf(server) },
      db: server.context.db,
      log,
    });
  } finally {
    await server.close();
  }
}

runScenario('model-run', async (notes) => {
  const postgres = await onPostgres(notes);
  const pglite = await onPglite(notes);
  return [...postgres, ...pglite];
});
