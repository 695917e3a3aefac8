import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../src/main/core/createCore';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings';
import type { BridgeChannel, PayloadOf, ResultOf } from '../../src/shared/bridge';
import type { RunView } from '../../src/shared/runs';
import { screenFilter } from './screenFilter';
import { callerOf, coreFor, signedIn } from './coreBackends';
import { followEvents } from './coreEvents';
import type { SpecProvider } from './specProvider';
import type { Tweet } from './specProvider/types';

/**
 * Bulk runs against the spec provider stand-in (SPEC.md 7 only): a core with its own user-data
 * folder, the provider's tweets grown by a batch that one keyword filter finds, and waits that
 * follow the run's own events (never a fixed time).
 */

export const BULK_KEYWORD = 'bulkspam';

/** Adds `count` kept tweets with the keyword; every `leftOutEvery`-th is eliminated by similarity. */
export function addBulkTweets(
  provider: SpecProvider,
  count: number,
  leftOutEvery = 0,
  keyword = BULK_KEYWORD,
): Tweet[] {
  const added: Tweet[] = Array.from({ length: count }, (_, i) => {
    const leftOut = leftOutEvery > 0 && i % leftOutEvery === 0;
    return {
      id: 50_000 + i,
      twitterUserName: 'spam_bot',
      tweetId: String(9_100_000_000 + i),
      message: `free coins ${keyword} #${i}`,
      tweetTime: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
      detectTime: new Date(Date.UTC(2024, 0, 1, 0, 1, i)).toISOString(),
      nlpDecisionRatio: 0.7,
      detectedKeyword: [keyword],
      unwantedUsage: [],
      reviewedBy: null,
      eliminatedKeyword: null,
      eliminatedBySimilarity: leftOut,
      eliminatedByQuotedPost: false,
      selected: !leftOut,
      manuallyChanged: false,
      accountName: 'spam_bot',
      lang: 'en',
    };
  });
  provider.state.tweets.push(...added);
  return added;
}

export const bulkFilter = screenFilter({ keyword: BULK_KEYWORD });

export interface RunCore {
  core: Core;
  dataDir: string;
  runs: RunView[];
  call<C extends BridgeChannel>(channel: C, payload?: PayloadOf<C>): Promise<ResultOf<C>>;
  /** Resolves with the run once `done(run)` holds, from its events. */
  waitFor(id: string, done: (run: RunView) => boolean): Promise<RunView>;
}

export async function runCore(
  provider: SpecProvider,
  options: { dataDir?: string; concurrency?: number; username?: string } = {},
): Promise<RunCore> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dqc-runs-'));
  const core = coreFor(provider.url, {
    settings: { ...DEFAULT_SETTINGS, runConcurrency: options.concurrency ?? 4 },
    dataDir,
  });
  await signedIn(core, options.username ?? 'reviewer1');
  const runs = followEvents<RunView>(core, (event) =>
    event.type === 'runs.changed' ? { id: event.run.id, value: event.run } : null,
  );
  const call = callerOf(core);
  return {
    core,
    dataDir,
    get runs() {
      return [...runs.latest.values()];
    },
    call,
    waitFor: (id, done) => {
      const reached = runs.waitFor(id, done);
      // The state may already hold: ask for it (the answer is the run as it is now).
      call('runs.list').then(
        (listed) => {
          const run = listed.find((r) => r.id === id);
          if (run) runs.offer(id, run);
        },
        // Signed out: the run's events still tell.
        () => undefined,
      );
      return reached;
    },
  };
}

/** The manual changes the provider received, by tweetId. */
export function writesAt(provider: SpecProvider, path: string): string[] {
  return provider.seen
    .filter((r) => r.method === 'PUT' && r.path === path)
    .map((r) => String((JSON.parse(r.body) as { tweetId: string }).tweetId));
}
