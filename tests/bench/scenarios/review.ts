/**
 * `npm run bench:review`: filter and count at scale on a real PostgreSQL. Loads generated tweets
 * (BENCH_TWEETS, default 1,000,000) into a throwaway cluster (or the server of DATABASE_URL), then
 * runs a matrix of filter combinations through the HTTP API and the same SQL directly, and prints
 * p50/p95 of both and their ratio. Targets at 1M: filter p95 <= 25 ms, count p95 <= 60 ms,
 * API/raw ratio <= 1.5. It measures; it never fails a run.
 */
import { execFileSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import pg from 'pg';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { startServer } from '../../../src/server/app';
import { serverConfigFromEnv } from '../../../src/server/config';
import { filterCountQuery, filterPageQuery } from '../../../src/server/review/filterQuery';
import { TWEETS } from '../../../src/server/review/serviceDefs';
import type { ReviewFilterBody } from '../../../src/shared/bodies/review';
import { FORM, signInForm } from '../../support/testServer';

const TWEET_COUNT = Number(process.env.BENCH_TWEETS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = resolve(__dirname, '../../..');

const MATRIX: Partial<ReviewFilterBody>[] = [
  {},
  { sortBy: 'asc' },
  { isEliminated: 'true' },
  { isEliminated: 'false', isReviewed: 'false' },
  { isReviewed: 'true', reviewedBy: 'reviewer2' },
  { isManuallyChanged: 'true' },
  { keyword: 'bitcoin' },
  { keyword: 'etf', isEliminated: 'false' },
  { startDate: '2023-01-01T00:00', endDate: '2023-03-31T23:59' },
  { startDate: '2023-06-01T00:00', endDate: '2023-06-30T23:59', isEliminated: 'true' },
  { startIndex: 50 },
  { startIndex: 500, isEliminated: 'false' },
];

const full = (f: Partial<ReviewFilterBody>): ReviewFilterBody => ({
  isEliminated: 'null',
  isManuallyChanged: 'null',
  isReviewed: 'null',
  sortBy: 'desc',
  startIndex: 0,
  ...f,
});

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  let cluster: string | null = null;
  let adminUrl = process.env.DATABASE_URL ?? null;
  if (!adminUrl) {
    const out = execFileSync(resolve(root, 'scripts/test-postgres.sh'), ['start'], {
      env: { ...process.env, DQC_TEST_PG_PORT: '55439' },
      encoding: 'utf8',
    });
    adminUrl = out.trim().split('\n').at(-1)!;
    cluster = '55439';
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS dqc_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE dqc_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/dqc_bench';

  const server = await startServer({
    ...serverConfigFromEnv({}),
    port: 0,
    dataDir: null,
    databaseUrl: url.toString(),
  });
  // A server on DATABASE_URL creates no demo users; the benchmark signs in as one.
  await seedDemoUsers(server.context.db);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  // Node's own HTTP client with keep-alive, as the desktop app's core uses (axios on Node http).
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const loadStart = performance.now();
    await db.query(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time, detect_time,
          nlp_decision_ratio, detected_keywords, reviewed_by, selected, manually_changed)
       SELECT 'b' || g, 'user' || (g % 5000), 'Account ' || (g % 5000), 'https://x.com/u/status/b' || g,
              'Generated benchmark tweet number ' || g || ' about ' || (ARRAY['bitcoin','ethereum','solana','etf'])[1 + g % 4],
              t, t, (g % 1000) / 1000.0,
              CASE g % 10 WHEN 0 THEN '{bitcoin}'::text[] WHEN 1 THEN '{ethereum,etf}'::text[] WHEN 2 THEN '{etf}'::text[] ELSE '{}'::text[] END,
              CASE WHEN g % 9 = 0 THEN 'reviewer' || (1 + g % 3) END,
              g % 3 <> 0, g % 17 = 0
         FROM generate_series(1, $1::int) AS g,
              LATERAL (SELECT timestamptz '2022-01-01' + (g::float8 / $1::int) * interval '4 years 10 months' AS t) AS ts`,
      [TWEET_COUNT],
    );
    await db.query('VACUUM ANALYZE tweets');
    console.log(
      `loaded ${TWEET_COUNT.toLocaleString('en')} tweets in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );

    const signIn = await server.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: FORM,
      payload: signInForm('reviewer1', 'demo'),
    });
    const token = (signIn.json() as { access_token: string }).access_token;
    const http = (path: string, body: ReviewFilterBody) =>
      new Promise<unknown>((resolvePromise, reject) => {
        const payload = JSON.stringify(body);
        const req = request(
          `${server.url}/twitter-service/${path}`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              res.statusCode === 200
                ? resolvePromise(JSON.parse(Buffer.concat(chunks).toString('utf8')))
                : reject(new Error(`${path} answered ${res.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const samples = {
      apiFilter: [] as number[],
      apiCount: [] as number[],
      sqlFilter: [] as number[],
      sqlCount: [] as number[],
    };
    const perCombo = MATRIX.map(() => ({ filter: [] as number[], count: [] as number[] }));
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const [index, combo] of MATRIX.entries()) {
        const body = full(combo);
        const page = filterPageQuery('tweets', TWEETS.selectList, body);
        const count = filterCountQuery('tweets', body);
        const t = {
          apiFilter: await time(() => http('filter', body)),
          apiCount: await time(() => http('count', body)),
          sqlFilter: await time(() => db.query(page.sql, page.params)),
          sqlCount: await time(() => db.query(count.sql, count.params)),
        };
        if (round === 0) continue; // warm-up
        perCombo[index]!.filter.push(t.sqlFilter);
        perCombo[index]!.count.push(t.sqlCount);
        for (const key of Object.keys(samples) as (keyof typeof samples)[])
          samples[key].push(t[key]);
      }
    }
    const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])) as Record<
      keyof typeof samples,
      { p50: number; p95: number }
    >;
    const row = (label: string, v: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(16)} p50 ${v.p50.toFixed(2).padStart(8)} ms   p95 ${v.p95.toFixed(2).padStart(8)} ms`,
      );
    console.log(
      `${MATRIX.length} filter combinations x ${ROUNDS} rounds on ${TWEET_COUNT.toLocaleString('en')} tweets`,
    );
    row('API filter', s.apiFilter);
    row('raw SQL filter', s.sqlFilter);
    row('API count', s.apiCount);
    row('raw SQL count', s.sqlCount);
    console.log(
      `API/raw ratio (p95): filter ${(s.apiFilter.p95 / s.sqlFilter.p95).toFixed(2)}, count ${(s.apiCount.p95 / s.sqlCount.p95).toFixed(2)}`,
    );
    console.log('raw SQL p95 by combination (filter / count):');
    MATRIX.forEach((combo, i) => {
      const f = stats(perCombo[i]!.filter).p95.toFixed(1).padStart(7);
      const c = stats(perCombo[i]!.count).p95.toFixed(1).padStart(7);
      console.log(`  ${f} / ${c} ms  ${JSON.stringify(combo)}`);
    });
    console.log(`targets at 1M: filter p95 <= 25 ms, count p95 <= 60 ms, ratio <= 1.5`);
  } finally {
    agent.destroy();
    await db.end();
    await server.close();
    if (cluster)
      execFileSync(resolve(root, 'scripts/test-postgres.sh'), ['stop'], {
        env: { ...process.env, DQC_TEST_PG_PORT: cluster },
      });
  }
}

main().catch((error: unknown) => {
  console.error('bench:review could not run:', error);
});
