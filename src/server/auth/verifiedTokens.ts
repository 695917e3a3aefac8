import type { SigningKey } from './signingKeys';
import { verifyToken, type VerifiedToken, type VerifyOutcome } from './tokens';

/**
 * Access tokens this server has already verified, by their exact text, with their expiry. An RS256
 * signature check costs about half a millisecond on these machines, and a client sends the same
 * access token on every call of its lifetime, so every call but the first would pay it again for
 * the same answer (docs/performance.md, The server and the catalogue: the API beyond raw SQL). What
 * the check decides depends only on the token's text and this server's key, except expiry, which is
 * checked on every call; a token that failed is never remembered, so it is checked (and refused)
 * each time. Whether the session is still live is not this cache's business (ActiveSessions).
 */
export class VerifiedTokens {
  readonly #known = new Map<string, { token: VerifiedToken; expiresAt: number }>();

  constructor(
    private readonly key: SigningKey,
    /** Beyond this many, the oldest entry goes (a map keeps insertion order). */
    private readonly maxEntries = 10_000,
  ) {}

  async verifyAccessToken(jwt: string): Promise<VerifyOutcome> {
    const known = this.#known.get(jwt);
    if (known) {
      // As jose decides it: expired once `exp` is at or before the current whole second.
      if (known.expiresAt > Math.floor(Date.now() / 1000))
        return { ok: true, token: known.token, expiresAt: known.expiresAt };
      this.#known.delete(jwt);
      return { ok: false, reason: 'expired' };
    }
    const outcome = await verifyToken(this.key, jwt, 'Bearer');
    if (outcome.ok && outcome.expiresAt !== null) {
      if (this.#known.size >= this.maxEntries) {
        const oldest = this.#known.keys().next();
        if (!oldest.done) this.#known.delete(oldest.value);
      }
      this.#known.set(jwt, { token: outcome.token, expiresAt: outcome.expiresAt });
    }
    return outcome;
  }

  /** How many tokens are remembered (tests). */
  get size(): number {
    return this.#known.size;
  }
}
