import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Core } from '../../../src/main/core/createCore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { callerOf, coreFor } from '../../support/coreBackends';
import { followEvents } from '../../support/coreEvents';
import { screenFilter } from '../../support/screenFilter';
import type { BridgeChannel, PayloadOf, ResultOf } from '../../../src/shared/bridge';
import type { RunPreparePayload, RunView } from '../../../src/shared/runs';
import type { ServerProcess } from './serverProcess';

/**
 * The bulk-run scenario's data and its two clients: core's run, and a plain client sending the
 * same SPEC.md 7 calls (find by id, then the manual change) at the same concurrency.
 */

export const CONCURRENCY = 4;
const RUN_TIMEOUT_MS = 240_000;

export interface Seeded {
  keyword: string;
  items: { id: number; tweetId: string; twitterUserName: string }[];
}

/**
 * `count` kept tweets that only `keyword` finds, inserted straight into the server's database as
 * tests/e2e/bulkRuns.spec.ts does. None is eliminated by similarity, so a run acts on all of them.
 */
export async function seedTweets(
  server: ServerProcess,
  keyword: string,
  count: number,
): Promise<Seeded> {
  const rows = await server.query<{ id: string; tweet_id: string; twitter_user_name: string }>(
    `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
       detect_time, detected_keywords, selected)
     SELECT $1::text || '-' || g, 'spam_bot', 'spam_bot', 'https://x.com/spam_bot/status/' || g,
       'free coins ' || $1::text || ' #' || g, timestamp '2024-01-01' + g * interval '1 minute',
       timestamp '2024-01-01' + g * interval '1 minute', ARRAY[$1::text], true
     FROM generate_series(1, $2::int) AS g RETURNING id, tweet_id, twitter_user_name`,
    [keyword, count],
  );
  return {
    keyword,
    items: rows.map((r) => ({
      id: Number(r.id),
      tweetId: r.tweet_id,
      twitterUserName: r.twitter_user_name,
    })),
  };
}

/** Every round starts from the same data: all kept again, none manually changed. */
export async function resetTweets(server: ServerProcess, seeded: Seeded): Promise<void> {
  await server.query(
    `UPDATE tweets SET selected = true, manually_changed = false, manually_changed_by = NULL
     WHERE detected_keywords @> ARRAY[$1::text]`,
    [seeded.keyword],
  );
}

export function eliminateAll(seeded: Seeded): RunPreparePayload {
  return {
    filterType: 'tweets',
    action: 'eliminate',
    scope: {
      kind: 'filter',
      filter: screenFilter({ keyword: seeded.keyword }),
    },
  };
}

export interface RunCore {
  core: Core;
  call<C extends BridgeChannel>(channel: C, payload?: PayloadOf<C>): Promise<ResultOf<C>>;
  /** Resolves with the run once `done(run)` holds, from its runs.changed events. */
  until(id: string, done: (run: RunView) => boolean): Promise<RunView>;
  close(): Promise<void>;
}

/**
 * The real core as the desktop app runs it, with runConcurrency 4 and a user-data folder of its
 * own (so that every item's journal entry is written to disk, as in the app).
 */
export function createRunCore(apiUrl: string): RunCore {
  const dataDir = mkdtempSync(join(tmpdir(), 'dqc-bench-runs-'));
  const core = coreFor(apiUrl, {
    settings: { ...DEFAULT_SETTINGS, runConcurrency: CONCURRENCY },
    version: 'bench',
    dataDir,
  });
  const runs = followEvents<RunView>(core, (event) =>
    event.type === 'runs.changed' ? { id: event.run.id, value: event.run } : null,
  );
  return {
    core,
    call: callerOf(core),
    until: (id, done) => runs.waitFor(id, done, RUN_TIMEOUT_MS),
    async close() {
      core.runs.halt();
      await core.journals.closeAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A prepared run, its items read and frozen, waiting for Start. */
export async function preparedRun(c: RunCore, seeded: Seeded): Promise<RunView> {
  const prepared = await c.call('runs.prepare', eliminateAll(seeded));
  const ready = await c.until(prepared.id, (r) => r.status === 'ready' || r.status === 'failed');
  if (ready.status !== 'ready' || ready.total !== seeded.items.length)
    throw new Error(
      `the run was not ready over ${seeded.items.length} items: ${ready.status}, ${ready.total} items, ${ready.error ?? ''}`,
    );
  return ready;
}

/** Every item must have been written, or the time would be of some other work. */
export function checkAllDone(run: RunView, count: number): void {
  if (run.done !== count || run.skipped || run.failed)
    throw new Error(
      `the run wrote ${run.done} of ${count} items (${run.skipped} skipped, ${run.failed} failed): ${run.problems[0]?.reason ?? ''}`,
    );
}

export interface Timed {
  seconds: number;
  /** This process's CPU time over the same span (the server is in a process of its own), ms. */
  cpuMs: number;
}

async function timed(work: () => Promise<void>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { seconds, cpuMs: (used.user + used.system) / 1000 };
}

/** runs.start to the run's done event; the items are read before (not timed). */
export async function timedRun(c: RunCore, seeded: Seeded): Promise<Timed> {
  const ready = await preparedRun(c, seeded);
  return timed(async () => {
    await c.call('runs.start', { id: ready.id });
    const done = await c.until(ready.id, (r) => r.status !== 'running' && r.status !== 'ready');
    checkAllDone(done, seeded.items.length);
  });
}

/**
 * How long each journal append held its item's slot (a run awaits it before taking the next
 * item): the run's one cost per item that the plain client has no counterpart for, beside core's
 * own reading of the answers. Wraps core's journal for as long as the bench runs.
 */
export function timeJournalAppends(c: RunCore): number[] {
  const samples: number[] = [];
  const journals = c.core.journals;
  const record = journals.record.bind(journals);
  journals.record = async (username, entry) => {
    const start = performance.now();
    try {
      return await record(username, entry);
    } finally {
      samples.push(performance.now() - start);
    }
  };
  return samples;
}

/**
 * The floor: the same calls a run sends for each item, with core's bearer token and User-Id, from
 * a plain fetch at the same concurrency, and nothing else (no snapshot check, no journal, no
 * events), for all the items.
 */
export async function timedPlainClient(apiUrl: string, c: RunCore, seeded: Seeded): Promise<Timed> {
  const token = c.core.session.accessToken();
  const userId = c.core.session.userId();
  const reviewer = c.core.session.view().username;
  if (!token || !reviewer) throw new Error('the plain client needs core signed in');
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (userId) headers['user-id'] = userId;
  const json = { ...headers, 'content-type': 'application/json' };
  const queue = seeded.items.map((item) => item.id);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const read = await fetch(`${apiUrl}/twitter-service/${id}`, { method: 'POST', headers });
      if (!read.ok) throw new Error(`find by id ${id} answered ${read.status}`);
      const item = (await read.json()) as { tweetId: string; twitterUserName: string };
      const write = await fetch(`${apiUrl}/twitter-service/manually-eliminate`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({
          tweetId: item.tweetId,
          twitterUserName: item.twitterUserName,
          keyword: null,
          keywordType: null,
          unwantedUsage: null,
          reviewedBy: reviewer,
        }),
      });
      if (!write.ok) throw new Error(`manually-eliminate ${id} answered ${write.status}`);
      await write.arrayBuffer();
    }
  };
  return timed(async () => {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  });
}
