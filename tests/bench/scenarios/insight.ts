/**
 * Classifier insight at scale (`npm run bench -- insight`): the borderline extension's filter and
 * count (Borderline first, Ratio between, with the Review filter's other conditions and deep
 * pages) and keyword impact, through the reference server's HTTP API against the same work done
 * directly on its database:
 * - PostgreSQL with BENCH_TWEETS tweets (default 1,000,000; the scale for the filter is
 *   10,000,000) and BENCH_NEWS news items (default a fifth of the tweets), in a throwaway cluster
 *   or on DATABASE_URL (database dqc_bench_insight; BENCH_REUSE=1 keeps an earlier load of the
 *   same size);
 * - the embedded default, PGlite, with BENCH_PGLITE_TWEETS tweets (default 100,000) and a fifth as
 *   many news items.
 * The items are the review benchmark's spread of decisions, reviews and ratios, with texts that
 * hold the benchmark's keywords at known shares (tests/bench/insight/loadInsightItems.ts).
 * Targets: filter page p95 <= 25 ms, count p95 <= 60 ms (the review figures), keyword impact p95
 * <= 150 ms (the issue's, at 1M tweets on PostgreSQL).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer } from '../../../src/server/app';
import { serverConfigFromEnv } from '../../../src/server/config';
import type { Queryable } from '../../../src/server/db/database';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { accessTokenOf, startTestServer, TEST_SCRYPT } from '../../support/testServer';
import { PROJECT_ROOT } from '../lib/browserConsole';
import type { Figure } from '../lib/figures';
import { createHttpClient } from '../lib/httpClient';
import { runScenario } from '../lib/scenario';
import { loadInsightItems, type Runs } from '../insight/loadInsightItems';
import {
  measureBorderline,
  measureKeywordImpact,
  measureModelRunItems,
  type MeasureOptions,
} from '../insight/measureInsight';
import { short } from '../review/measureReview';

const whole = (name: string, fallback: number, least: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw.replaceAll('_', '')) : fallback;
  if (!Number.isInteger(value) || value < least)
    throw new Error(`${name}=${raw} is not a whole number >= ${least}.`);
  return value;
};
const TWEETS = whole('BENCH_TWEETS', 1_000_000, 1000);
const NEWS = whole('BENCH_NEWS', Math.round(TWEETS / 5), 1000);
const PGLITE_TWEETS = whole('BENCH_PGLITE_TWEETS', 100_000, 1000);
const ROUNDS = whole('BENCH_ROUNDS', 5, 1);
/** Its own port and database, so that it never meets the review benchmark's. */
const CLUSTER_PORT = '55443';
const DATABASE = 'dqc_bench_insight';
const log = (line: string) => console.log(line);
const fmt = (n: number) => n.toLocaleString('en');

async function loadAll(db: Runs, tweets: number, news: number) {
  const started = performance.now();
  await loadInsightItems(db, 'tweets', tweets, (done) => log(`  tweets loaded: ${fmt(done)}`));
  await loadInsightItems(db, 'news', news, (done) => log(`  news loaded: ${fmt(done)}`));
  return (performance.now() - started) / 1000;
}

async function measureAll(options: MeasureOptions): Promise<Figure[]> {
  return [
    ...(await measureBorderline(options)),
    ...(await measureModelRunItems(options)),
    ...(await measureKeywordImpact(options)),
  ];
}

/** A fresh database on the cluster, or the earlier load of the same sizes with BENCH_REUSE=1. */
async function prepareDatabase(adminUrl: string, url: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists =
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount ===
      1;
    if (exists && process.env.BENCH_REUSE === '1') {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      const sizes = await probe
        .query<{ tweets: number; news: number }>('SELECT tweets, news FROM bench_load')
        .catch(() => null);
      await probe.end();
      if (sizes?.rows[0]?.tweets === TWEETS && sizes.rows[0].news === NEWS) {
        log(`reusing the earlier load of ${DATABASE}`);
        return true;
      }
      log(`${DATABASE} holds another size: loading again`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    return false;
  } finally {
    await admin.end();
  }
}

async function onPostgres(notes: string[]): Promise<Figure[]> {
  let cluster: string | null = null;
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
    cluster = CLUSTER_PORT;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const reuse = await prepareDatabase(adminUrl, url.toString());
  const server = await startServer({
    ...serverConfigFromEnv({}),
    // Loaded items are not collected ones: no grouper takes them (loadItems.ts empties the queue).
    groupStories: false,
    port: 0,
    dataDir: null,
    databaseUrl: url.toString(),
    passwordHashCost: TEST_SCRYPT,
  });
  // A server on DATABASE_URL creates no demo users; the benchmark signs in as one.
  await seedDemoUsers(server.context.db, TEST_SCRYPT);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db: Queryable = {
    query: async <Row extends object>(sql: string, params: unknown[] = []) =>
      (await client.query<Row & pg.QueryResultRow>(sql, params)).rows,
  };
  let http: ReturnType<typeof createHttpClient> | null = null;
  try {
    if (!reuse) {
      log(`loading ${fmt(TWEETS)} tweets and ${fmt(NEWS)} news items into PostgreSQL…`);
      const seconds = await loadAll(db, TWEETS, NEWS);
      await db.query('CREATE TABLE bench_load (tweets int NOT NULL, news int NOT NULL)');
      await db.query('INSERT INTO bench_load VALUES ($1, $2)', [TWEETS, NEWS]);
      notes.push(
        `PostgreSQL: ${fmt(TWEETS)} tweets and ${fmt(NEWS)} news items loaded in ${seconds.toFixed(0)} s (with every trigger of migrations 3, 8 and 9 keeping its table).`,
      );
    }
    // As autovacuum leaves a settled database: statistics and the visibility map current.
    await db.query('VACUUM ANALYZE');
    // Signed in after the load, which can outlast an access token.
    http = createHttpClient(server.url, await accessTokenOf(server));
    return await measureAll({
      scenario: 'insight',
      engine: 'PostgreSQL',
      sizes: { tweets: TWEETS, news: NEWS },
      http,
      db,
      rounds: ROUNDS,
      log,
    });
  } finally {
    http?.close();
    await client.end();
    await server.close();
    if (cluster)
      execFileSync(resolve(PROJECT_ROOT, 'scripts/test-postgres.sh'), ['stop'], {
        env: { ...process.env, DQC_TEST_PG_PORT: cluster },
      });
  }
}

async function onPglite(notes: string[]): Promise<Figure[]> {
  const news = Math.round(PGLITE_TWEETS / 5);
  const server = await startTestServer('pglite');
  try {
    log(`loading ${fmt(PGLITE_TWEETS)} tweets and ${fmt(news)} news items into PGlite…`);
    const seconds = await loadAll(server.context.db, PGLITE_TWEETS, news);
    await server.context.db.query('VACUUM ANALYZE');
    notes.push(
      `PGlite: ${fmt(PGLITE_TWEETS)} tweets and ${fmt(news)} news items loaded in ${seconds.toFixed(0)} s (beside the demo data).`,
    );
    const http = createHttpClient(server.url, await accessTokenOf(server));
    try {
      return await measureAll({
        scenario: 'insight',
        engine: 'PGlite',
        sizes: { tweets: PGLITE_TWEETS, news },
        http,
        db: server.context.db,
        rounds: ROUNDS,
        log,
      });
    } finally {
      http.close();
    }
  } finally {
    await server.close();
  }
}

runScenario('insight', async (notes) => {
  if (TWEETS < 10_000_000)
    notes.push(
      `PostgreSQL at ${short(TWEETS)} tweets; the issue's scale for the borderline filter and count is BENCH_TWEETS=10000000 (keyword impact's is 1M).`,
    );
  const postgres = await onPostgres(notes);
  const pglite = await onPglite(notes);
  return [...postgres, ...pglite];
});
