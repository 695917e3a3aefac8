import { atom } from 'jotai';

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

/** One status for a list fed by two calls: failed if either failed, loading while either runs. */
export function combinedLoad(...states: LoadState<unknown>[]): {
  status: LoadState<unknown>['status'];
  message?: string;
} {
  const failed = states.find((s) => s.status === 'failed');
  if (failed?.status === 'failed') return { status: 'failed', message: failed.message };
  return { status: states.some((s) => s.status === 'loading') ? 'loading' : 'success' };
}
