/**
 * The bridge calls still waiting for an answer, so the shell can say when one takes long
 * (RELIABILITY.md: a slow server must not look like a frozen screen). Plain module state: every call
 * goes through bridge.ts, whichever screen made it.
 */
const started = new Map<number, number>();
const listeners = new Set<() => void>();
let nextId = 0;

function changed(): void {
  listeners.forEach((listener) => listener());
}

/** Counts the call as pending until it settles, whichever way. */
export function trackCall<T>(call: Promise<T>, now: () => number = Date.now): Promise<T> {
  const id = nextId++;
  started.set(id, now());
  changed();
  const settle = () => {
    started.delete(id);
    changed();
  };
  call.then(settle, settle);
  return call;
}

/** When the oldest call still pending was sent (ms since the epoch); null when none is. */
export function oldestPendingSince(): number | null {
  let oldest: number | null = null;
  for (const at of started.values()) if (oldest === null || at < oldest) oldest = at;
  return oldest;
}

export function subscribePendingCalls(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
