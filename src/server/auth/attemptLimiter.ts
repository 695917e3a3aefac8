/**
 * Counts attempts per key (a username, an address) in a sliding window and says how long to
 * wait once the limit is reached. In memory: the reference server is one process, and a restart
 * forgetting the counts only gives an attacker what the window would have anyway.
 *
 * Hand-written rather than @fastify/rate-limit: sign-in counts only failed attempts (the E2E
 * suite signs in hundreds of times from one address), which that plugin, counting requests, does
 * not do.
 */
export interface Limit {
  /** Attempts allowed in the window. */
  limit: number;
  windowSeconds: number;
}

export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();

  constructor(
    private readonly rule: Limit,
    private readonly maxKeys = 100_000,
  ) {}

  /** Whole seconds to wait before the key may try again; 0 when it may now. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const times = this.#recent(key, now);
    if (times.length < this.rule.limit) return 0;
    const freeAt = times[times.length - this.rule.limit]! + this.rule.windowSeconds * 1000;
    return Math.max(1, Math.ceil((freeAt - now) / 1000));
  }

  /** Counts one attempt of the key. */
  record(key: string, now = Date.now()): void {
    const times = this.#recent(key, now);
    times.push(now);
    // Only the last `limit` attempts decide when the key is free again.
    if (times.length > this.rule.limit) times.splice(0, times.length - this.rule.limit);
    this.#attempts.delete(key);
    this.#attempts.set(key, times);
    if (this.#attempts.size > this.maxKeys) this.#evict(now);
  }

  /** Takes back one attempt counted at `at` (it turned out to succeed). */
  release(key: string, at: number): void {
    const times = this.#attempts.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  /** Forgets the key's attempts (a user who signed in successfully). */
  clear(key: string): void {
    this.#attempts.delete(key);
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    return (this.#attempts.get(key) ?? []).filter((time) => time > since);
  }

  /** Keeps memory bounded under a flood of keys: expired ones first, then the least recent. */
  #evict(now: number): void {
    for (const key of [...this.#attempts.keys()])
      if (this.#recent(key, now).length === 0) this.#attempts.delete(key);
    // Down to 90%, so that a flood pays for this scan once in many attempts, not on each one.
    for (const key of this.#attempts.keys()) {
      if (this.#attempts.size <= this.maxKeys * 0.9) break;
      this.#attempts.delete(key);
    }
  }
}

/** "Try again in N seconds." with N as a word people read. */
export const tryAgainIn = (seconds: number) =>
  `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
