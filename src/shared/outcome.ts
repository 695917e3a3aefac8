/**
 * What a write gives, on the server and wherever the client wants the same shape: its value, or
 * why nothing was written. Every repository write of the reference server returns one, and every
 * write route answers through one helper (src/server/http/sendOutcome.ts), which turns each
 * reason into its status and error code.
 */

/**
 * Why nothing was written: the request cannot be done (400), names nothing (404), clashes (409),
 * or names a version the item no longer has (412, If-Match: src/shared/conflict.ts).
 */
export type RefusalReason = 'invalid' | 'not_found' | 'duplicate' | 'stale';

/** A refused write, with the sentence that says why (shown as the error's description). */
export interface Refusal {
  ok: false;
  reason: RefusalReason;
  what: string;
  /** A stale write's item as it is now, sent beside the sentence. */
  current?: unknown;
}

export type Outcome<T> = { ok: true; value: T } | Refusal;

export const written = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const refusal = (reason: RefusalReason, what: string): Refusal => ({
  ok: false,
  reason,
  what,
});

/** A write refused because the item moved on from the version it named; `current` is the item. */
export const stale = (what: string, current: unknown): Refusal => ({
  ok: false,
  reason: 'stale',
  what,
  current,
});
