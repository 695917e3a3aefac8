/**
 * The reference server's fixed cost of one review filter call with its SQL taken out: a tool for
 * the API's cost beyond raw SQL (docs/performance.md, The server and the catalogue), not a
 * scenario. The server runs on PGlite, but the page query's rows are answered from memory after its
 * first run, so what is timed is HTTP, the ADMIN check, the body's checks, the row mapping, the
 * response check and serialisation, with no database work and no database wait. Wall time per call,
 * and this process's CPU time per call (which a loaded machine inflates less). Run it under a
 * profiler to see where that time goes:
 *
 *   FIXED_CALLS=5000 node --cpu-prof --import tsx tests/bench/review/fixedCost.ts
 */
import { buildServer } from '../../../src/server/app';
import type { Database } from '../../../src/server/db/database';
import { spread } from '../lib/figures';
import { createHttpClient } from '../lib/httpClient';
import { timed } from '../lib/measure';
import { FORM, signInForm, startTestServer } from '../../support/testServer';
import { FILTER_MATRIX, fullFilter } from './filterMatrix';

const CALLS = Number(process.env.FIXED_CALLS ?? 4000);
const WARM_UP = 500;

/** The database, except that the filter's page query answers from memory once it has run. */
function pageFromMemory(db: Database): Database {
  const answers = new Map<string, object[]>();
  return {
    engine: db.engine,
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    listen: (channel, handlers) => db.listen(channel, handlers),
    async query<Row extends object>(sql: string, params: unknown[] = []): Promise<Row[]> {
      if (!sql.includes('AS page ON')) return db.query<Row>(sql, params);
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      let rows = answers.get(key);
      if (!rows) answers.set(key, (rows = await db.query<Row>(sql, params)));
      return rows as Row[];
    },
  };
}

async function main() {
  const seeded = await startTestServer('pglite');
  const built = await buildServer(seeded.context.config, pageFromMemory(seeded.context.db));
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const signedIn = await built.app.inject({
    method: 'POST',
    url: '/sign-in',
    headers: FORM,
    payload: signInForm('reviewer1', 'demo'),
  });
  const token = (signedIn.json() as { access_token: string }).access_token;
  const http = createHttpClient(`http://127.0.0.1:${port}`, token);
  const wall: number[] = [];
  let cpu = 0;
  for (let i = 0; i < CALLS; i++) {
    const body = fullFilter(FILTER_MATRIX[i % FILTER_MATRIX.length]!.filter);
    const before = process.cpuUsage();
    const ms = await timed(() => http.post('/twitter-service/filter', body));
    const used = process.cpuUsage(before);
    if (i < WARM_UP) continue;
    wall.push(ms);
    cpu += used.user + used.system;
  }
  const s = spread(wall);
  console.log(
    `fixed cost over HTTP: p50 ${s.p50.toFixed(3)} ms, p95 ${s.p95.toFixed(3)} ms, CPU ${(cpu / (CALLS - WARM_UP)).toFixed(0)} us per call (client included)`,
  );
  http.close();
  await built.app.close();
  await seeded.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
