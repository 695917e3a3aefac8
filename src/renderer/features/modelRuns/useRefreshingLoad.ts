import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../ui/errorText';

/** How often a screen showing a running model run reads it again. */
export const REFRESH_MS = 1500;

/** The last answer (null before the first), and how the latest call went. */
export type RefreshingLoad<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'success'; data: T }
  | { status: 'failed'; data: null; message: string };

/**
 * Calls `fetch` now and whenever it changes; while `refreshing(answer)` holds (a run is still
 * running) it reads again every REFRESH_MS, quietly: the table stays as it is until the answer,
 * so the rows do not flash a spinner each time, and a refresh that fails keeps what is shown (the
 * next one tries again). An answer that arrives after a newer call started, or after the screen
 * was left, is dropped. `refreshing` must keep its identity (a module-level function).
 */
export function useRefreshingLoad<T>(
  fetch: () => Promise<T>,
  refreshing: (data: T) => boolean,
): [RefreshingLoad<T>, () => void] {
  const [load, setLoad] = useState<RefreshingLoad<T>>({ status: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = async (quiet: boolean) => {
      try {
        const data = await fetch();
        if (!live) return;
        setLoad({ status: 'success', data });
        if (refreshing(data)) timer = setTimeout(() => void read(true), REFRESH_MS);
      } catch (error) {
        if (!live) return;
        if (quiet) timer = setTimeout(() => void read(true), REFRESH_MS);
        else setLoad({ status: 'failed', data: null, message: errorText(error) });
      }
    };
    void read(false);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [fetch, refreshing, attempt]);

  // A new call (other filters, Try Again) shows its spinner over what was there.
  const [asked, setAsked] = useState({ fetch, attempt });
  if (asked.fetch !== fetch || asked.attempt !== attempt) {
    setAsked({ fetch, attempt });
    setLoad((previous) => ({ status: 'loading', data: previous.data }));
  }

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [load, retry];
}
