import type { Database } from '../db/database';
import { groupServiceArrivals } from './groupArrivals';

/** The channel migration 19's triggers notify when items are inserted. */
export const STORY_ARRIVALS_CHANNEL = 'story_arrivals';

/** How long a failed pass waits before the next, when no arrival wakes it sooner. */
export const STORY_RETRY_MS = 5_000;

/**
 * Groups items as they arrive (issue 48): woken by the insert triggers' NOTIFY (any server process
 * on the database hears it), once at start, and again when the listening connection was lost. One
 * pass at a time; a wake-up during a pass runs one more after it. A pass that fails (the batch is
 * rolled back, its items stay queued) is logged and tried again after STORY_RETRY_MS. Several
 * processes may run one each: groupArrivals takes an advisory lock per service. Answers its stop,
 * which waits for the pass under way.
 */
export async function startStoryWorker(
  db: Database,
  log: (message: string) => void = (m) => console.warn(m),
  retryMs = STORY_RETRY_MS,
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (retry) clearTimeout(retry);
    retry = null;
    running = groupEach(db, log)
      .then((failed) => {
        if (failed && !stopped) retry = setTimeout(pass, retryMs);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  const stopListening = await db.listen(STORY_ARRIVALS_CHANNEL, { onPayload: pass, onLost: pass });
  pass();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await stopListening();
    await running;
  };
}

/** One pass over each service, a failure in one not stopping the other; says whether one failed. */
async function groupEach(db: Database, log: (message: string) => void): Promise<boolean> {
  let failed = false;
  for (const service of ['tweets', 'news'] as const) {
    try {
      await groupServiceArrivals(db, service);
    } catch (error) {
      failed = true;
      log(`[server] grouping ${service} into stories failed: ${(error as Error).message}`);
    }
  }
  return failed;
}
