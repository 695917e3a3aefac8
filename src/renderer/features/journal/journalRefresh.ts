import { useEffect, useRef } from 'react';
import { onBridgeEvent } from '../../bridge/bridge';

/** The least time between two reads caused by new entries. */
export const JOURNAL_REFRESH_MS = 1000;

/**
 * Calls `refresh` when a write is journalled, at most once a second: the first entry at once, the
 * ones after it in one read when the second is up (a run journals many entries a second).
 */
export function useJournalRefresh(refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fire = () => {
      timer = null;
      last = Date.now();
      latest.current();
    };
    const unsubscribe = onBridgeEvent((event) => {
      if (event.type !== 'journal.appended' || timer) return;
      const wait = last + JOURNAL_REFRESH_MS - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
