/**
 * Fuzzing every declared data route: fast-check generates path parameters,
 * queries and bodies from the shared schemas, well-shaped and malformed (wrong types, huge and
 * fractional numbers, long and unicode strings, missing and extra fields, `__proto__` keys, cut
 * JSON, odd content types). Every answer is below 500, every refusal carries the server's error
 * body, and a refused request changes no table's content (a digest of every row of every table,
 * the same after as before: tests/support/fuzz/tableContent.ts).
 *
 * One fixed seed and 15 requests a route by default, so each run sends the requests that
 * RELIABILITY.md's figure counts; DQC_FUZZ_SEED=random tries others and prints its seed,
 * DQC_FUZZ_SEED=<n> replays one (a failure names it), DQC_FUZZ_RUNS asks for more
 * (`npm run test:full` runs 60 a route): tests/support/fuzz/fuzzSeed.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CALLS, type DeclaredCall } from '../../src/shared/api';
import { routePath } from '../../src/shared/api/call';
import { fuzzRuns, fuzzSeed, randomSeedLine } from '../support/fuzz/fuzzSeed';
import { requestsFor, type FuzzRequest } from '../support/fuzz/requestArbitraries';
import type { KnownValues } from '../support/fuzz/schemaArbitraries';
import {
  watchTableContent,
  type ContentWatch,
  type TableDigests,
} from '../support/fuzz/tableContent';
import { useServer } from '../support/serverHarness';
import { ENGINES, type TestServer } from '../support/testServer';

const { seed: SEED, random: RANDOM_SEED } = fuzzSeed();
const RUNS = fuzzRuns(15);
if (RANDOM_SEED) console.log(randomSeedLine('fuzz', SEED));

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

/** The tables whose digests differ, for a failure to name. */
const changedTables = (before: TableDigests, after: TableDigests) =>
  Object.keys(after).filter((table) => after[table] !== before[table]);

const shown = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} [${request.contentType ?? 'no type'}] ${
    request.payload?.slice(0, 300) ?? '(no body)'
  }`;

describe.each(ENGINES)('fuzzing every declared data route on %s', (engine) => {
  const api = useServer({ engine, config: { accessTokenTtlSeconds: 3600 } });
  let known: KnownValues;
  let content: ContentWatch;
  let before: TableDigests;
  const tally = {
    requests: 0,
    refused: 0,
    /** Refused requests after which every table's digest was found as before. */
    unchanged: 0,
    started: 0,
    statuses: new Map<number, number>(),
  };

  beforeAll(async () => {
    known = await knownValues(api.server);
    content = await watchTableContent(api.server.context.db);
    before = await content.digests();
    tally.started = performance.now();
  });
  afterAll(async () => {
    const seconds = ((performance.now() - tally.started) / 1000).toFixed(1);
    const statuses = [...tally.statuses].sort(([a], [b]) => a - b);
    console.log(
      `[fuzz] ${engine}: ${ROUTES.length} routes, ${tally.requests} requests ` +
        `(${tally.refused} refused, ${tally.unchanged} of them leaving every table as it was) ` +
        `in ${seconds} s, seed ${SEED}, ` +
        `${RUNS} runs a route; statuses ${statuses.map(([s, n]) => `${s}x${n}`).join(' ')}; ` +
        `${content.tablesHashed} table contents hashed`,
    );
  });

  it('covers every declared data call', () => {
    expect(ROUTES.flatMap(([, entries]) => entries)).toHaveLength(DATA_CALLS.length);
  });

  it('sees a changed value that leaves every row count as it was, and its undoing', async () => {
    const db = api.server.context.db;
    const [row] = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM currencies ORDER BY id LIMIT 1',
    );
    const rename = (name: string) =>
      db.query('UPDATE currencies SET name = $1 WHERE id = $2', [name, row!.id]);
    await rename(`${row!.name} (fuzzed)`);
    expect(changedTables(before, await content.digests())).toEqual(['currencies']);
    // Rewritten with its old value: new row versions, the same content.
    await rename(row!.name);
    expect(await content.digests()).toEqual(before);
  });

  it.each(ROUTES.map(([key, entries], index) => [key, entries, index] as const))(
    '%s: never a 500, and a refused request changes no table',
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
          const after = await content.digests();
          expect(changedTables(before, after), shown(request)).toEqual([]);
          tally.unchanged++;
        } else {
          before = await content.digests();
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
