/**
 * `npm run bench -- outbox` (issue 50): replaying 1,000 waiting decisions (BENCH_OUTBOX_WRITES)
 * takes at most 1.25 times what a plain client takes for the same calls at the same concurrency.
 *
 * The reference server runs in a process of its own (runs/serverProcess.ts); core talks to it
 * through a fault proxy, in pass-through except while the decisions are made. Each round:
 * - the figure: with the proxy resetting every data call and the connection model unreachable,
 *   the decisions are made through core's bridge (each flips its tweet) and wait in the outbox,
 *   kept in the user's file; then the proxy passes calls again, the model hears an answer, and the
 *   clock runs until the outbox is empty: each item read (find by id), checked, written and
 *   journalled, the file kept, runConcurrency items at once;
 * - the floor: a plain client (core's API client alone, no outbox, no journal) sends the same calls
 *   for the same tweets, flipping them back: a find by id, then the manual change, at the same
 *   concurrency, through the same proxy.
 * Figure and floor alternate, and so does which goes first (lib/measure.ts's alternate).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiClient } from '../../../src/main/core/api/apiClient';
import { sendCall } from '../../../src/main/core/api/sendCall';
import { callContext } from '../../../src/main/core/bridge/callContext';
import { callLimit } from '../../../src/main/core/audit/callLimit';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { REVIEW_GROUPS } from '../../../src/shared/api';
import { isWaitingAnswer } from '../../../src/shared/outbox';
import { coreFor, signedIn } from '../../support/coreBackends';
import { dataCalls, fault, startFaultProxy } from '../../support/faultProxy';
import { spread, type Figure } from '../lib/figures';
import { alternate } from '../lib/measure';
import { runScenario } from '../lib/scenario';
import { startServerProcess } from '../runs/serverProcess';

const SCENARIO = 'outbox';
const WRITES = Number(process.env.BENCH_OUTBOX_WRITES ?? 1000);
const ROUNDS = 3;
const USERNAME = 'reviewer1';

interface Tweet {
  id: number;
  tweetId: string;
  twitterUserName: string;
  selected: boolean;
  reviewedBy: string | null;
}

const caseOf = (tweet: Tweet) => (tweet.selected ? 'manually-eliminate' : 'manually-select');
const changeOf = (tweet: Tweet) => ({
  case: caseOf(tweet),
  tweetId: tweet.tweetId,
  twitterUserName: tweet.twitterUserName,
  keyword: null,
  keywordType: null,
  unwantedUsage: null,
});

runScenario(SCENARIO, async (notes) => {
  const server = await startServerProcess();
  const proxy = await startFaultProxy(server.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'dqc-bench-outbox-'));
  const core = await signedIn(coreFor(proxy.url, { dataDir }), USERNAME);
  const concurrency = DEFAULT_SETTINGS.runConcurrency;
  try {
    const rows = await server.query<{
      id: number;
      tweet_id: string;
      twitter_user_name: string | null;
      selected: boolean;
      reviewed_by: string | null;
    }>(
      `SELECT id, tweet_id, twitter_user_name, selected, reviewed_by FROM tweets
        WHERE NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post
        ORDER BY id LIMIT ${WRITES}`,
    );
    const tweets: Tweet[] = rows.map((row) => ({
      id: Number(row.id),
      tweetId: row.tweet_id,
      twitterUserName: row.twitter_user_name ?? '',
      selected: row.selected,
      reviewedBy: row.reviewed_by,
    }));
    notes.push(
      `${tweets.length} decisions a round, ${concurrency} at once (runConcurrency), the server in its own process, through a pass-through proxy.`,
    );

    const replay = async () => {
      proxy.set(fault.reset(), { when: dataCalls });
      core.connection.note({ kind: 'noAnswer', ms: 0 });
      core.connection.note({ kind: 'noAnswer', ms: 0 });
      for (const tweet of tweets) {
        const answer = await core.dispatch('review.manualChange', {
          filterType: 'tweets',
          ...changeOf(tweet),
          shown: { id: tweet.id, selected: tweet.selected, reviewedBy: tweet.reviewedBy },
        });
        if (!answer.ok || !isWaitingAnswer(answer.data))
          throw new Error(`a decision did not wait: ${JSON.stringify(answer)}`);
        tweet.selected = !tweet.selected;
      }
      proxy.set(fault.none());
      const started = performance.now();
      core.connection.note({ kind: 'answered', status: 200, ms: 1 });
      while (core.outbox.waitingCount(USERNAME) > 0)
        await new Promise((resolve) => setTimeout(resolve, 1));
      return performance.now() - started;
    };

    const plainClient = createApiClient(proxy.url, core.session);
    const user = callContext(() => USERNAME).user;
    const plain = async () => {
      const started = performance.now();
      const limit = callLimit(concurrency);
      await Promise.all(
        tweets.map((tweet) =>
          limit(async () => {
            await sendCall(plainClient, REVIEW_GROUPS.tweets.findById, { id: tweet.id }, user);
            await sendCall(plainClient, REVIEW_GROUPS.tweets.manualChange, changeOf(tweet), user);
            tweet.selected = !tweet.selected;
          }),
        ),
      );
      return performance.now() - started;
    };

    const samples = await alternate(ROUNDS, replay, plain, 1);
    const figure: Figure = {
      scenario: SCENARIO,
      name: `Replaying ${tweets.length} waiting decisions`,
      unit: 'ms',
      value: spread(samples.figure),
      floor: { name: 'a plain client, the same calls', value: spread(samples.floor) },
      judge: 'p50 ratio',
      target: 1.25,
    };
    return [figure];
  } finally {
    await core.close();
    await proxy.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
