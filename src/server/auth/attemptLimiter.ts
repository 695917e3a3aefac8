/**
 * Counts attempts per key (a username, an address) in a sliding window and says how long to
 * wait once the limit is reached. In memory: the reference server is one process, and a restart
 * forgetting the counts only gives an attacker what the window would have anyway.
 *
 * Hand-written rather than @fastify/rate-limit: sign-in counts only failed attempts (the E2E
 * suite signs in hundreds of times from one address), which that plugin, counting requests, does
 * not do.
 *
 * Memory is bounded by a number of keys, and a key that is being limited is never let go to
 * make room: otherwise sending attempts under enough fresh keys (usernames, addresses) would
 * flush a victim's count and buy a new round of guesses.
 */
export interface Limit {
  /** Attempts allowed in the window. */
  limit: number;
  windowSeconds: number;
}

export interface LimiterOptions {
  /** Keys held at most; see #evict for what goes when the table is full. */
  maxKeys?: number;
  /** Turns what the caller passes into the key counted (an address into its /64, say). */
  keyOf?: (key: string) => string;
}

export const DEFAULT_MAX_KEYS = 100_000;

/** Eviction brings the table down to this share of maxKeys, so a flood pays for a scan rarely. */
const EVICT_TO = 0.9;

export class AttemptLimiter {
  /** Each key's attempts in the window (the last `limit` at most), in the order keys last tried. */
  readonly #attempts = new Map<string, number[]>();
  readonly #maxKeys: number;
  readonly #keyOf: (key: string) => string;
  /**
   * While limited keys fill the table: when enough of them are free again for new keys (ms since
   * the epoch). 0 when new keys are admitted.
   */
  #fullUntil = 0;

  constructor(
    private readonly rule: Limit,
    options: LimiterOptions = {},
  ) {
    this.#maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.#keyOf = options.keyOf ?? ((key) => key);
  }

  /** Keys held now. */
  get size(): number {
    return this.#attempts.size;
  }

  /**
   * Whole seconds to wait before the key may try again; 0 when it may now. A key not held yet
   * also waits while limited keys fill the table (see #evict).
   */
  retryAfterSeconds(rawKey: string, now = Date.now()): number {
    const times = this.#attempts.get(this.#keyOf(rawKey));
    const freeAt = times ? this.#limitedUntil(times, now) : this.#roomAt(now);
    return freeAt > now ? Math.max(1, Math.ceil((freeAt - now) / 1000)) : 0;
  }

  /**
   * Counts one attempt of the key. A new key that retryAfterSeconds told to wait (no room) is not
   * stored: callers ask first, and that attempt is refused.
   */
  record(rawKey: string, now = Date.now()): void {
    const key = this.#keyOf(rawKey);
    const held = this.#attempts.get(key);
    if (!held && this.#roomAt(now) > now) return;
    const times = this.#inWindow(held ?? [], now);
    times.push(now);
    // Only the last `limit` attempts decide when the key is free again.
    if (times.length > this.rule.limit) times.splice(0, times.length - this.rule.limit);
    // Moved to the end: the map's order is the order keys last tried.
    this.#attempts.delete(key);
    this.#attempts.set(key, times);
  }

  /** Takes back one attempt counted at `at` (it turned out to succeed). */
  release(rawKey: string, at: number): void {
    const times = this.#attempts.get(this.#keyOf(rawKey));
    const index = times?.lastIndexOf(at) ?? -1;
    if (!times || index < 0) return;
    times.splice(index, 1);
    // The key may be under its limit now, so evictable: look at the table again.
    this.#fullUntil = 0;
  }

  /** Forgets the key's attempts (a user who signed in successfully). */
  clear(rawKey: string): void {
    if (this.#attempts.delete(this.#keyOf(rawKey))) this.#fullUntil = 0;
  }

  /** When the key's attempts in the window fall under the limit; 0 when they are under it. */
  #limitedUntil(times: readonly number[], now: number): number {
    const recent = this.#inWindow(times, now);
    if (recent.length < this.rule.limit) return 0;
    return recent[recent.length - this.rule.limit]! + this.rule.windowSeconds * 1000;
  }

  #inWindow(times: readonly number[], now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    return times.filter((time) => time > since);
  }

  /** When a new key may be stored: 0 (or any time up to now) when it may be now. */
  #roomAt(now: number): number {
    if (this.#fullUntil === 0 && this.#attempts.size < this.#maxKeys) return 0;
    if (now < this.#fullUntil) return this.#fullUntil;
    this.#evict(now);
    return this.#fullUntil;
  }

  /**
   * Makes room when the table is full: keys with no attempt left in the window go first, then
   * keys under their limit, fewest attempts first and, among equals, the one that tried least
   * recently; down to 90% of maxKeys. Limited keys are never evicted.
   *
   * When limited keys alone hold more than that, new keys are refused (told to wait) until enough
   * of them are free. Refusing is the safe side: a key that is not stored is a key that is not
   * counted, so admitting new keys untracked would let the attacker who filled the table guess
   * any other user's password without limit. A refusal only delays a sign-in (or a refresh, which
   * the console retries without ending the session) for at most one window, and keeping the
   * table full costs the attacker `limit` attempts per key for 90% of maxKeys keys every window.
   */
  #evict(now: number): void {
    const target = Math.floor(this.#maxKeys * EVICT_TO);
    const underLimit: { key: string; count: number }[] = [];
    const limitedFreeAt: number[] = [];
    for (const [key, times] of this.#attempts) {
      const recent = this.#inWindow(times, now);
      if (recent.length === 0) this.#attempts.delete(key);
      else if (recent.length < this.rule.limit) underLimit.push({ key, count: recent.length });
      else limitedFreeAt.push(this.#limitedUntil(recent, now));
    }
    // A stable sort: among equal counts, the map's order (least recent first) is kept.
    underLimit.sort((a, b) => a.count - b.count);
    for (const { key } of underLimit) {
      if (this.#attempts.size <= target) break;
      this.#attempts.delete(key);
    }
    const excess = this.#attempts.size - target;
    if (excess <= 0) {
      this.#fullUntil = 0;
      return;
    }
    // Only limited keys are left: new ones wait until `excess` of them are free, so that the
    // next scan makes room for a tenth of the table, not for one key.
    limitedFreeAt.sort((a, b) => a - b);
    this.#fullUntil = limitedFreeAt[excess - 1]!;
  }
}

/** "Try again in N seconds." with N as a word people read. */
export const tryAgainIn = (seconds: number) =>
  `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
