/**
 * Stories at scale (`npm run bench -- stories`, issue 48), on PostgreSQL with BENCH_TWEETS tweets
 * (default 1,000,000; the scale is 10,000,000) and BENCH_NEWS news items (default a fifth),
 * every one of them already grouped (two in five following another item into its story), in a
 * database of its own (dqc_stories_bench; BENCH_REUSE=1 keeps an earlier load of the same size):
 * - Review's filter and count with Stories on, on every filter of the screen and deep pages, against
 *   their raw SQL, and the same with Stories off in the same run: targets p95 25 / 60 ms, as off;
 * - grouping as items arrive: BENCH_STORY_COPIES copies (default 3) of the labelled corpus
 *   (tests/fixtures/stories/corpus.jsonl), each inserted and grouped by the server's grouper against
 *   everything grouped before it: at least 1,000 items a second, beside the shared rules alone in
 *   memory;
 * - the pairwise precision and recall of what the database grouped (targets 0.98 and 0.90), beside
 *   the rules alone (`npm run eval -- stories`).
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer } from '../../../src/server/app';
import { serverConfigFromEnv } from '../../../src/server/config';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { readStoryCorpus } from '../../../tools/eval/storyCorpus';
import { accessTokenOf, TEST_SCRYPT } from '../../support/testServer';
import { openBenchDatabase } from '../lib/benchDatabase';
import { spread, type Figure } from '../lib/figures';
import { createHttpClient } from '../lib/httpClient';
import { runScenario } from '../lib/scenario';
import { createWireClient } from '../lib/wireClient';
import { loadItems } from '../review/loadItems';
import { measureReview, short } from '../review/measureReview';
import { benchNumber } from '../team/teamDatabase';
import { buildKeyIndex, dropKeyIndex, groupLoaded } from '../stories/groupedLoad';
import { measureGrouping } from '../stories/measureGrouping';

const TWEETS = Math.round(benchNumber('BENCH_TWEETS', 1_000_000, 1000));
const NEWS = Math.round(benchNumber('BENCH_NEWS', Math.round(TWEETS / 5), 1000));
const ROUNDS = Math.round(benchNumber('BENCH_ROUNDS', 40, 1));
const COPIES = Math.round(benchNumber('BENCH_STORY_COPIES', 3, 1));
const DATABASE = 'dqc_stories_bench';
const CORPUS = fileURLToPath(new URL('../../fixtures/stories/corpus.jsonl', import.meta.url));
/** The corpus is grouped among the last days of the loaded items (which end in 2026-10). */
const GROUPING_START = Date.parse('2026-10-20T00:00:00Z');
export const GROUPING_TARGET = 1000;
export const PRECISION_TARGET = 0.98;
export const RECALL_TARGET = 0.9;

const log = (line: string) => console.log(line);
const fmt = (n: number) => n.toLocaleString('en');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** Loads the items with their follower flags, then their stories; records the sizes. */
async function load(db: pg.Client, notes: string[]) {
  log(`loading ${fmt(TWEETS)} tweets and ${fmt(NEWS)} news items, grouped, into PostgreSQL…`);
  const started = performance.now();
  await loadItems(db, 'tweets', TWEETS, (n) => log(`  tweets loaded: ${fmt(n)}`), {
    stories: true,
  });
  await loadItems(db, 'news', NEWS, (n) => log(`  news loaded: ${fmt(n)}`), { stories: true });
  const grouping = performance.now();
  await dropKeyIndex(db);
  await groupLoaded(db, 'tweets');
  log('  tweets grouped');
  await groupLoaded(db, 'news');
  log('  news grouped; building the band-key index…');
  await buildKeyIndex(db);
  await db.query('CREATE TABLE bench_load (tweets int NOT NULL, news int NOT NULL)');
  await db.query('INSERT INTO bench_load VALUES ($1, $2)', [TWEETS, NEWS]);
  notes.push(
    `PostgreSQL: ${fmt(TWEETS)} tweets and ${fmt(NEWS)} news items loaded in ${seconds(started)} s, their stories and band-key index written in ${seconds(grouping)} s of it.`,
  );
}

runScenario('stories', async (notes) => {
  if (TWEETS < 10_000_000)
    notes.push(
      `PostgreSQL at ${short(TWEETS)} tweets; the issue's scale is BENCH_TWEETS=10000000 (2M news).`,
    );
  const database = await openBenchDatabase({
    name: DATABASE,
    // Its own port, apart from the other scenarios' clusters (review 55439, team 55441,
    // insight 55443, model-run 55447).
    port: '55445',
    holds: async (probe) => {
      const row = (await probe.query<{ tweets: number; news: number }>('SELECT * FROM bench_load'))
        .rows[0];
      return row?.tweets === TWEETS && row.news === NEWS;
    },
    notes,
    log,
  });
  if (!database) return [];
  const server = await startServer({
    ...serverConfigFromEnv({}),
    port: 0,
    dataDir: null,
    databaseUrl: database.url,
    passwordHashCost: TEST_SCRYPT,
    accessTokenTtlSeconds: 4 * 3600,
    // The benchmark groups what it inserts itself, and times it; no worker beside it.
    groupStories: false,
  });
  await seedDemoUsers(server.context.db, TEST_SCRYPT);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const token = await accessTokenOf(server);
  const http = createWireClient(server.url, token);
  const nodeClient = createHttpClient(server.url, token);
  try {
    const loaded = await db
      .query<{ tweets: number }>('SELECT tweets FROM bench_load')
      .then((r) => r.rows[0]?.tweets === TWEETS)
      .catch(() => false);
    if (!loaded) await load(db, notes);
    await db.query('VACUUM ANALYZE');
    await db.query('CHECKPOINT').catch(() => undefined);

    const sizes = { tweets: TWEETS, news: NEWS };
    const common = { scenario: 'stories', engine: 'PostgreSQL', sizes, http, nodeClient, db };
    const figures: Figure[] = [];
    log('Review with Stories on…');
    figures.push(
      ...(await measureReview({
        ...common,
        rounds: ROUNDS,
        judgeApiCost: false,
        log,
        stories: true,
      })),
    );
    log('Review with Stories off, in the same run…');
    figures.push(
      ...(await measureReview({ ...common, rounds: ROUNDS, judgeApiCost: false, log })).filter(
        (f) => !f.name.endsWith('Search with Data Id'),
      ),
    );

    log(`grouping ${COPIES} copies of the labelled corpus as they arrive…`);
    const corpus = readStoryCorpus(CORPUS);
    const run = await measureGrouping(server.context.db, corpus, {
      copies: COPIES,
      start: GROUPING_START,
      log,
    });
    await run.undo();
    const at = `${short(TWEETS)} tweets grouped`;
    figures.push(
      {
        scenario: 'stories',
        name: `PostgreSQL ${at}: grouping as items arrive (${fmt(run.items)} items)`,
        unit: 'items/s',
        value: spread(run.throughput),
        floor: { name: 'the shared rules alone, in memory', value: spread(run.rulesAlone) },
        judge: 'p50',
        target: GROUPING_TARGET,
        atLeast: true,
        note: 'one sample per copy of the corpus: inserted, then grouped in the grouper’s batches',
      },
      {
        scenario: 'stories',
        name: `PostgreSQL ${at}: pairwise precision of the corpus grouped`,
        unit: 'share',
        value: spread([run.score.precision]),
        floor: { name: 'the shared rules alone', value: spread([run.rulesScore.precision]) },
        judge: 'p50',
        target: PRECISION_TARGET,
        atLeast: true,
      },
      {
        scenario: 'stories',
        name: `PostgreSQL ${at}: pairwise recall of the corpus grouped`,
        unit: 'share',
        value: spread([run.score.recall]),
        floor: { name: 'the shared rules alone', value: spread([run.rulesScore.recall]) },
        judge: 'p50',
        target: RECALL_TARGET,
        atLeast: true,
      },
    );
    return figures;
  } finally {
    http.close();
    nodeClient.close();
    await db.end();
    await server.close();
    database.stop();
  }
});
