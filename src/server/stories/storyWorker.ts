import type { Database } from '../db/database';
import { groupAllArrivals } from './groupArrivals';

/** The channel migration 19's triggers notify when items are inserted. */
export const STORY_ARRIVALS_CHANNEL = 'story_arrivals';

/**
 * Groups items as they arrive (issue 48): woken by the insert triggers' NOTIFY (any server process
 * on the database hears it), once at start, and again when the listening connection was lost. One
 * pass at a time; a wake-up during a pass runs one more after it. Several processes may run one
 * each: groupArrivals takes an advisory lock per service. Answers its stop, which waits for the
 * pass under way.
 */
export async function startStoryWorker(
  db: Database,
  log: (message: string) => void = (m) => console.warn(m),
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = groupAllArrivals(db)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopped) log(`[server] grouping stories failed: ${(error as Error).message}`);
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
    await stopListening();
    await running;
  };
}
