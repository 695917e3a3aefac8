import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

/** The error a route chunk fails with when it does not arrive in time (SPEC.md 8). */
export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Races a chunk import against a timer, so a stalled download ends in an error, not a blank page. */
export function withTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof Error && error.name === 'ChunkLoadError'
            ? error
            : new ChunkLoadError(String(error)),
        );
      },
    );
  });
}

/** A lazily loaded screen that can be asked to load before it is first drawn. */
export interface PreloadableComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts the chunk's download now; resolves once it can be drawn without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy with a time limit, and a way to load the chunk ahead. Why not plain lazy: a lazy
 * component always suspends on its first draw, even when its chunk is already here, and React 19
 * then holds the revealed screen back for up to 300 ms (its Suspense throttle). A screen whose
 * chunk was preloaded is drawn directly instead, with no fallback and no wait. The choice is made
 * once per mount, so a screen drawn through lazy is never remounted (and its form never reset)
 * when the chunk arrives.
 */
export function lazyWithTimeout<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (pending ??= withTimeout(load, timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again by the next preload.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  function Preloadable(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  Preloadable.preload = () => start().then(() => undefined);
  return Preloadable;
}
