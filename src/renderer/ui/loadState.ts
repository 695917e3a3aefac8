import { atom, useAtom, type PrimitiveAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { errorText } from './errorText';

/**
 * The load status of one call (SPEC.md 4, Reference data): loading, success or failed. A failed
 * call empties the list and keeps the error message.
 */
export type LoadState<T> =
  | { status: 'loading'; data: T }
  | { status: 'success'; data: T }
  | { status: 'failed'; data: T; message: string };

/** An atom for one call's state, starting in 'loading' with the empty value. */
export const loadAtom = <T>(empty: T) => atom<LoadState<T>>({ status: 'loading', data: empty });

/**
 * Runs `fetch` now and whenever it changes, into the given atom. While a call runs the previous
 * data stays on screen; an answer that arrives after a newer call started is dropped, so a quick
 * second filter never shows the first one's rows.
 */
export function useLoad<T>(
  state: PrimitiveAtom<LoadState<T>>,
  empty: T,
  fetch: () => Promise<T>,
): [LoadState<T>, () => Promise<void>] {
  const [value, setValue] = useAtom(state);
  const latest = useRef(0);
  const emptyRef = useRef(empty);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setValue((previous) => ({ status: 'loading', data: previous.data }));
    try {
      const data = await fetch();
      if (ticket === latest.current) setValue({ status: 'success', data });
    } catch (error) {
      if (ticket === latest.current)
        setValue({ status: 'failed', data: emptyRef.current, message: errorText(error) });
    }
  }, [fetch, setValue]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [value, reload];
}

/** One status for a list fed by two calls: failed if either failed, loading while either runs. */
export function combinedLoad(...states: LoadState<unknown>[]): {
  status: LoadState<unknown>['status'];
  message?: string;
} {
  const failed = states.find((s) => s.status === 'failed');
  if (failed?.status === 'failed') return { status: 'failed', message: failed.message };
  return { status: states.some((s) => s.status === 'loading') ? 'loading' : 'success' };
}
