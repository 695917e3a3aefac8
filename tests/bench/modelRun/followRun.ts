/**
 * Presses Model through the reference server's HTTP API, as the Review screen does, and follows
 * the run through the model-runs extension until it ends: what the user would wait for.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fillPath } from '../../../src/shared/api/call';
import { insightCalls } from '../../../src/shared/api/insight';
import { newsCalls, tweetCalls } from '../../../src/shared/api/review';
import { modelRunSchema, type ModelRunView } from '../../../src/shared/responses/insight';

export interface FollowedRun {
  run: ModelRunView;
  /** From sending Model to reading that the run ended, in this process. */
  wallSeconds: number;
  /** The run's own duration, from the server's start and end times. */
  serverSeconds: number;
}

export interface Api {
  baseUrl: string;
  token: string;
}

async function send(
  api: Api,
  method: string,
  path: string,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}` },
  });
  return { status: res.status, json: await res.json() };
}

/** A GET of the API, timed; throws unless it answers 200. */
export async function timedGet(api: Api, path: string): Promise<{ ms: number; json: unknown }> {
  const started = performance.now();
  const { status, json } = await send(api, 'GET', path);
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
  return { ms, json };
}

export async function followRun(
  api: Api,
  service: 'tweets' | 'news',
  log: (line: string) => void,
): Promise<FollowedRun> {
  const started = performance.now();
  const model = (service === 'news' ? newsCalls : tweetCalls).createModel;
  const answer = await send(api, model.method, model.path);
  if (answer.status !== 202) throw new Error(`${model.path} answered ${answer.status}`);
  const { runId } = answer.json as { runId: number };
  const path = fillPath(insightCalls.modelRun.path, { id: runId });
  let lastLog = performance.now();
  for (;;) {
    const run = modelRunSchema.parse((await timedGet(api, path)).json);
    if (run.status !== 'running') {
      const wallSeconds = (performance.now() - started) / 1000;
      const serverSeconds =
        (new Date(run.finishedAt!).getTime() - new Date(run.startedAt).getTime()) / 1000;
      return { run, wallSeconds, serverSeconds };
    }
    if (performance.now() - lastLog > 15_000) {
      log(
        `  run ${runId}: ${run.phase}, ${run.scored.toLocaleString('en')} of ${run.total.toLocaleString('en')} scored, ${run.changed.toLocaleString('en')} changed`,
      );
      lastLog = performance.now();
    }
    // Polling a state, as the Model button does: the run's end is a state, not a time.
    await sleep(250);
  }
}
