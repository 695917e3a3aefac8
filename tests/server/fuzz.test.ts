/**
 * Fuzzing every declared data route: fast-check generates path parameters,
 * queries and bodies from the shared schemas, well-shaped and malformed (wrong types, huge and
 * fractional numbers, long and unicode strings, missing and extra fields, `__proto__` keys, cut
 * JSON, odd content types). Every answer is below 500, every refusal carries the server's error
 * body, and a refused request changes no row (the row count of every table is the same after).
 *
 * The seed is the day's (as the E2E suite's shares are, tests/e2e/share.ts): each day's runs are
 * alike and each day tries other requests, 15 a route, where one fixed seed tried the same 30 on
 * every run. DQC_FUZZ_SEED replays a seed, which a failure names with its request;
 * DQC_FUZZ_RUNS asks for more (`npm run test:full` runs 60 a route).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CALLS, type DeclaredCall } from '../../src/shared/api';
import { routePath } from '../../src/shared/api/call';
import { requestsFor, type FuzzRequest } from '../support/fuzz/requestArbitraries';
import type { KnownValues } from '../support/fuzz/schemaArbitraries';
import { useServer } from '../support/serverHarness';
import { ENGINES, type TestServer } from '../support/testServer';

const SEED = Number(process.env.DQC_FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));
const RUNS = Number(process.env.DQC_FUZZ_RUNS ?? 15);

/** The routes as the server registers them: calls sharing a method and path share one. */
const ROUTES: [string, DeclaredCall[]][] = [
  ...DATA_CALLS.reduce((routes, entry) => {
    const key = `${entry.call.method} ${routePath(entry.call.path)}`;
    routes.set(key, [...(routes.get(key) ?? []), entry]);
    return routes;
  }, new Map<string, DeclaredCall[]>()),
];

/** Texts and numbers of seeded records, so that well-shaped requests reach real rows. */
async function knownValues(server: TestServer): Promise<KnownValues> {
  const db = server.context.db;
  const texts = await db.query<{ v: string }>(`
    (SELECT unique_name AS v FROM currencies ORDER BY id LIMIT 3)
    UNION ALL (SELECT symbol FROM currencies ORDER BY id LIMIT 2)
    UNION ALL (SELECT unique_name FROM new_currencies ORDER BY id LIMIT 2)
    UNION ALL (SELECT unique_name FROM markets ORDER BY id LIMIT 2)
    UNION ALL (SELECT unique_name FROM crypto_tags ORDER BY id LIMIT 2)
    UNION ALL (SELECT unique_name FROM ecosystem_tags ORDER BY id LIMIT 2)
    UNION ALL (SELECT keyword FROM tweet_keywords ORDER BY id LIMIT 2)
    UNION ALL (SELECT tweet_id FROM tweets ORDER BY id LIMIT 2)
    UNION ALL (SELECT twitter_user_name FROM tweets ORDER BY id LIMIT 2)
    UNION ALL (SELECT user_id FROM coin_accounts ORDER BY id LIMIT 2)
    UNION ALL (SELECT pair FROM mismatch_trading_pairs ORDER BY id LIMIT 1)
    UNION ALL (SELECT url FROM mismatch_explorer_urls ORDER BY id LIMIT 1)`);
  const numbers = await db.query<{ v: number }>(`
    (SELECT currency_id AS v FROM new_currencies ORDER BY id LIMIT 3)
    UNION ALL (SELECT market_id FROM new_markets ORDER BY id LIMIT 2)
    UNION ALL (SELECT market_id FROM markets ORDER BY id LIMIT 2)
    UNION ALL (SELECT id FROM tweet_keywords ORDER BY id LIMIT 2)
    UNION ALL (SELECT id::int FROM tweets ORDER BY id LIMIT 2)
    UNION ALL (SELECT id::int FROM news ORDER BY id LIMIT 2)`);
  return {
    texts: [
      ...texts.map((row) => row.v),
      ...['reviewer1', 'BINANCE', 'notFound', 'COIN', 'MARKET', 'IMPORTANT', 'true', 'bit'],
    ],
    numbers: [0, 1, ...numbers.map((row) => Number(row.v))],
  };
}

/** One query for the row count of every table of the server's schema. */
async function rowCounter(server: TestServer): Promise<() => Promise<Record<string, number>>> {
  const tables = await server.context.db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const sql = `SELECT json_build_object(${tables
    .map(({ name }) => `'${name}', (SELECT count(*) FROM "${name}")`)
    .join(', ')}) AS counts`;
  return async () =>
    (await server.context.db.query<{ counts: Record<string, number> }>(sql))[0]!.counts;
}

const shown = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} [${request.contentType ?? 'no type'}] ${
    request.payload?.slice(0, 300) ?? '(no body)'
  }`;

describe.each(ENGINES)('fuzzing every declared data route on %s', (engine) => {
  const api = useServer({ engine, config: { accessTokenTtlSeconds: 3600 } });
  let known: KnownValues;
  let countRows: () => Promise<Record<string, number>>;
  let counts: Record<string, number>;
  const tally = { requests: 0, refused: 0, started: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    known = await knownValues(api.server);
    countRows = await rowCounter(api.server);
    counts = await countRows();
    tally.started = performance.now();
  });
  afterAll(async () => {
    const seconds = ((performance.now() - tally.started) / 1000).toFixed(1);
    const statuses = [...tally.statuses].sort(([a], [b]) => a - b);
    console.log(
      `[fuzz] ${engine}: ${ROUTES.length} routes, ${tally.requests} requests ` +
        `(${tally.refused} refused) in ${seconds} s, seed ${SEED}, ${RUNS} runs a route; ` +
        `statuses ${statuses.map(([status, n]) => `${status}x${n}`).join(' ')}`,
    );
  });

  it('covers every declared data call', () => {
    expect(ROUTES.flatMap(([, entries]) => entries)).toHaveLength(DATA_CALLS.length);
  });

  it.each(ROUTES.map(([key, entries], index) => [key, entries, index] as const))(
    '%s: never a 500, and a refused request changes no row',
    async (_key, entries, index) => {
      const property = fc.asyncProperty(requestsFor(entries, known), async (request) => {
        const res = await api.inject({
          method: request.method,
          url: request.url,
          headers: request.contentType ? { 'content-type': request.contentType } : {},
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        tally.requests++;
        tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
        // A model run goes on after its answer; it re-scores rows but adds or removes none.
        await api.server.modelJobs.idle();
        expect(res.statusCode, shown(request)).toBeLessThan(500);
        if (res.statusCode >= 400) {
          tally.refused++;
          const body = res.json<{ error?: unknown; error_description?: unknown }>();
          expect(typeof body.error, shown(request)).toBe('string');
          expect(typeof body.error_description, shown(request)).toBe('string');
          expect(await countRows(), shown(request)).toEqual(counts);
        } else {
          counts = await countRows();
        }
      });
      const seed = SEED + index;
      try {
        await fc.assert(property, { seed, numRuns: RUNS });
      } catch (error) {
        throw new Error(
          `Fuzzing failed with DQC_FUZZ_SEED=${SEED} (this route's seed ${seed}); ` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  );
});
