import { useAtom, type PrimitiveAtom } from 'jotai';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { errorText } from '../errorText';
import type { LoadState } from '../loadState';

/**
 * One call of a list into its atom (loadState.ts): when enabled, runs `fetch` now and whenever it
 * changes, keeps the previous data while a call runs, and drops an answer that arrives after a
 * newer call started, so a quick second filter never shows the first one's rows. When `enabled`
 * is false nothing runs and the atom is never written, so the calls of another paging kind cost
 * the list no render.
 */
export function useLoadIf<T>(
  enabled: boolean,
  state: PrimitiveAtom<LoadState<T>>,
  empty: T,
  fetch: () => Promise<T>,
): [LoadState<T>, () => Promise<void>] {
  const [value, setValue] = useAtom(state);
  const latest = useRef(0);
  const emptyRef = useRef(empty);
  const reload = useCallback(async () => {
    if (!enabled) return;
    const ticket = ++latest.current;
    setValue((previous) => ({ status: 'loading', data: previous.data }));
    try {
      const data = await fetch();
      if (ticket === latest.current) setValue({ status: 'success', data });
    } catch (error) {
      if (ticket === latest.current)
        setValue({ status: 'failed', data: emptyRef.current, message: errorText(error) });
    }
  }, [enabled, fetch, setValue]);
  // Sent as the list is committed, before the browser lays out and paints the screen: a screen
  // opened from the menu is a transition, whose plain effects wait for that paint (60-100 ms on
  // this machine class for the catalogue with the last visit's rows; docs/performance.md, Review
  // and the lists: the call leaves at once).
  useLayoutEffect(() => {
    void reload();
  }, [reload]);
  return [value, reload];
}
