/**
 * A profiling harness for the reference server's fixed cost per call (docs/performance.md, The
 * server and the catalogue), not a scenario: the review filter call over HTTP against its raw SQL,
 * alternating, on a small load of PostgreSQL (DATABASE_URL, database dqc_profile) or PGlite (no
 * DATABASE_URL). The cost beyond the SQL does not depend on the table size, so a small load shows
 * it. Run it under a profiler:
 *
 *   DATABASE_URL=postgres://… PROFILE_CALLS=4000 \
 *     node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx tests/bench/review/profileApi.ts
 */
import pg from 'pg';
import { startServer } from '../../../src/server/app';
import { serverConfigFromEnv } from '../../../src/server/config';
import { filterPageQuery } from '../../../src/server/review/filterQuery';
import { TWEETS } from '../../../src/server/review/serviceDefs';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { FORM, signInForm, TEST_SCRYPT } from '../../support/testServer';
import { spread } from '../lib/figures';
import { createWireClient } from '../lib/wireClient';
import { timed } from '../lib/measure';
import { FILTER_MATRIX, fullFilter } from './filterMatrix';
import { loadItems, type Runs } from './loadItems';

const CALLS = Number(process.env.PROFILE_CALLS ?? 3000);
const ITEMS = Number(process.env.PROFILE_TWEETS ?? 20_000);

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? null;
  let databaseUrl: string | null = null;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS dqc_profile WITH (FORCE)');
    await admin.query('CREATE DATABASE dqc_profile');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/dqc_profile';
    databaseUrl = url.toString();
  }
  const server = await startServer({
    ...serverConfigFromEnv({}),
    // Loaded items are not collected ones: no grouper takes them (loadItems.ts empties the queue).
    groupStories: false,
    port: 0,
    dataDir: null,
    databaseUrl,
    passwordHashCost: TEST_SCRYPT,
  });
  if (databaseUrl) await seedDemoUsers(server.context.db, TEST_SCRYPT);
  const raw = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await raw?.connect();
  const db: Runs = raw ?? server.context.db;
  await loadItems(db, 'tweets', ITEMS);
  const signedIn = await server.app.inject({
    method: 'POST',
    url: '/sign-in',
    headers: FORM,
    payload: signInForm('reviewer1', 'demo'),
  });
  // As the review scenario calls it: the client that adds least (wireClient.ts).
  const http = createWireClient(
    server.url,
    (signedIn.json() as { access_token: string }).access_token,
  );
  const api: number[] = [];
  const sql: number[] = [];
  const beyond: number[] = [];
  // Where an API call's time goes, step by step: marks on the server's request and finish events
  // and around its database call (the pool's query for the page), beside the client's own.
  const marks = { start: 0, request: 0, queryStart: 0, queryEnd: 0, finish: 0, end: 0 };
  server.app.server.prependListener('request', (_request, response) => {
    marks.request = performance.now();
    response.once('finish', () => (marks.finish = performance.now()));
  });
  const database = server.context.db;
  const query = database.query.bind(database);
  database.query = async <Row extends object>(text: string, values?: unknown[]) => {
    marks.queryStart = performance.now();
    try {
      return await query<Row>(text, values);
    } finally {
      marks.queryEnd = performance.now();
    }
  };
  const STEPS = [
    'request to the server',
    'server before its SQL',
    'its SQL (pool)',
    'server after its SQL',
    'answer to the client',
  ] as const;
  const steps = STEPS.map(() => [] as number[]);
  // This process's CPU time per call (server and client alike), which a loaded machine does not
  // inflate the way it does wall time: the API's minus the raw SQL's is the server's own work.
  const cpu = { api: 0, sql: 0 };
  const withCpu =
    (side: 'api' | 'sql', work: () => Promise<unknown>, keep: boolean) => async () => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      if (keep) cpu[side] += used.user + used.system;
    };
  for (let i = 0; i < CALLS; i++) {
    const body = fullFilter(FILTER_MATRIX[i % FILTER_MATRIX.length]!.filter);
    const page = filterPageQuery(TWEETS.table, TWEETS.selectList, body);
    const call = withCpu(
      'api',
      async () => {
        marks.start = performance.now();
        await http.post('/twitter-service/filter', body);
        marks.end = performance.now();
      },
      i >= 200,
    );
    const floor = withCpu('sql', () => db.query(page.sql, page.params), i >= 200);
    const apiFirst = i % 2 === 0;
    const a = await timed(apiFirst ? call : floor);
    const b = await timed(apiFirst ? floor : call);
    if (i < 200) continue; // warm-up
    api.push(apiFirst ? a : b);
    sql.push(apiFirst ? b : a);
    beyond.push(apiFirst ? a - b : b - a);
    [
      marks.request - marks.start,
      marks.queryStart - marks.request,
      marks.queryEnd - marks.queryStart,
      marks.finish - marks.queryEnd,
      marks.end - marks.finish,
    ].forEach((ms, step) => steps[step]!.push(ms));
  }
  const show = (name: string, s: number[]) => {
    const v = spread(s);
    console.log(`${name.padEnd(22)} p50 ${v.p50.toFixed(3)}  p95 ${v.p95.toFixed(3)} ms`);
  };
  show('API', api);
  show('raw SQL', sql);
  show('per-call difference', beyond);
  STEPS.forEach((name, step) => show(`  ${name}`, steps[step]!));
  const kept = CALLS - 200;
  console.log(
    `CPU per call: API ${(cpu.api / kept).toFixed(0)} us, raw SQL ${(cpu.sql / kept).toFixed(0)} us, beyond ${((cpu.api - cpu.sql) / kept).toFixed(0)} us`,
  );
  console.log(`p95 beyond floor: ${(spread(api).p95 - spread(sql).p95).toFixed(3)} ms`);
  http.close();
  await raw?.end();
  await server.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
