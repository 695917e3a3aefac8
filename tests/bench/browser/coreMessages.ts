/**
 * The messages between a benchmark and the core child process (coreChild.ts): core runs apart from
 * the bench process, which holds the reference server and Playwright, so that core's resident
 * memory is its own and a busy bench process does not delay core's event loop.
 */
export type CoreRequest = { id: number; kind: 'memory' | 'credentials' };

export interface CoreMemory {
  /** Resident set size after a full garbage collection, in bytes. */
  rss: number;
  heapUsed: number;
  /** V8's heap as committed (what it holds of pages, used or not): its young space grows with load. */
  heapTotal: number;
  /** Memory outside V8's heap that JavaScript objects hold (buffers, array buffers). */
  external: number;
  /** V8's new space (young generation) as sized: what heapTotal holds of it. */
  newSpace: number;
}

/** What core holds after the page signed in: the floor of the bridge figures sends the same. */
export interface CoreCredentials {
  accessToken: string | null;
  userId: string | null;
}

export type CoreMessage =
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'answer'; id: number; memory: CoreMemory }
  | { kind: 'answer'; id: number; credentials: CoreCredentials };
