import { useEffect, useRef } from 'react';

/**
 * Calls `tick` now and then `delayMs` after each answer, while `active`, until it answers false.
 * The next call waits for the previous answer, so a slow server is never asked twice at once;
 * leaving the screen (unmount) or turning `active` off stops it, and a late answer is dropped.
 */
export function usePoll(
  tick: () => Promise<boolean>,
  delayMs: number,
  active: boolean,
  /** Starts the polling again from now when it changes (e.g. a new run to follow). */
  restartKey?: unknown,
): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  }, [tick]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = async () => {
      let again = false;
      try {
        again = await latest.current();
      } catch {
        // A tick that throws stops: it says what went wrong itself.
      }
      if (!stopped && again) timer = setTimeout(() => void run(), delayMs);
    };
    void run();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, delayMs, restartKey]);
}
