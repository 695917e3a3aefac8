import type { Queryable } from '../db/database';
import { isSessionActive } from './authSessions';

/**
 * Remembers for a few seconds that a session is live, so that a data call does not pay a
 * database round trip for it every time. Every revocation this server makes (sign-out, refresh
 * token reuse, ending a user's sessions) forgets the session at once, so a revoked session is
 * refused on its next call; only a revocation made by another server process waits out the TTL.
 */
export class ActiveSessions {
  readonly #liveUntil = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeSeconds: number,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  async isActive(sessionId: string): Promise<boolean> {
    const until = this.#liveUntil.get(sessionId);
    if (until !== undefined && until > Date.now()) return true;
    const active = await isSessionActive(this.db, sessionId, this.maxAgeSeconds);
    if (active) {
      if (this.#liveUntil.size >= this.maxEntries) this.#liveUntil.clear();
      this.#liveUntil.set(sessionId, Date.now() + this.ttlMs);
    } else {
      this.#liveUntil.delete(sessionId);
    }
    return active;
  }

  forget(sessionId: string): void {
    this.#liveUntil.delete(sessionId);
  }

  forgetAll(): void {
    this.#liveUntil.clear();
  }
}
