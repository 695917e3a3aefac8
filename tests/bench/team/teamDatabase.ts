import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { openBenchDatabase } from '../lib/benchDatabase';
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
export function openTeamDatabase(
  notes: string[],
  log: (line: string) => void,
): Promise<{ url: string; stop: () => void } | null> {
  return openBenchDatabase({
    name: TEAM_DATABASE,
    port: PORT,
    holds: async (probe) =>
      (await probe.query<{ tweets: number }>('SELECT tweets FROM bench_load')).rows[0]?.tweets ===
      TEAM_TWEETS,
    notes,
    log,
  });
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
