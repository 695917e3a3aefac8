import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

export function lazyWithTimeout<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load, timeoutMs));
}
