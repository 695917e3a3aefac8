import {
  SIGNED_OUT,
  type SessionView,
  type SignInPayload,
  type SignOutReason,
  type TokenAnswer,
} from '../../../shared/auth';
import { tokenAnswer } from '../../../shared/api/auth';
import type { BridgeEvent } from '../../../shared/bridge';
import { SIGN_IN_SCOPE } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { BridgeFailure } from '../bridgeFailure';
import type { Logger } from '../log';
import { encryptPassword } from '../passwordCipher';
import type { SecretStore } from '../secrets/secretStore';
import { KeychainSession } from './keychainSession';
import { isRefusedForRole, readAccessClaims } from './roles';
import { ServerSignOuts } from './serverSignOuts';
import { throttledMessage, type TokenEndpoints } from './tokenEndpoints';

export interface SessionDeps {
  endpoints: TokenEndpoints;
  secrets: SecretStore;
  /** Keychain account of the refresh token; one per API host. */
  secretAccount: string;
  passwordKey: string;
  signInClientId: string;
  refreshClientId: string;
  log: Logger;
  emit(event: BridgeEvent): void;
}

interface Held {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  username: string;
  /** The token's subject; null when it has none (then no User-Id header is sent). */
  userId: string | null;
  roles: string[];
}

/** Thrown by refreshAccessToken; the session has already been signed out when `signedOut`. */
export class RefreshFailed extends BridgeFailure {
  constructor(
    readonly signedOut: boolean,
    status: number,
    message: string,
  ) {
    super(status, 'SESSION_ENDED', message);
  }
}

const REASON_MESSAGES: Record<SignOutReason, string | null> = {
  user: null,
  expired: MESSAGES.sessionExpired,
  revoked: MESSAGES.sessionRevoked,
};

/**
 * The session of SPEC.md 4, kept in the trusted process. Access and id tokens live only here, in
 * memory; the refresh token also goes to the secret store so a restart can restore the session.
 */
export class SessionManager {
  #held: Held | null = null;
  #refreshing: Promise<string> | null = null;
  #restoring: Promise<void> | null = null;
  /**
   * Bumped by every sign-out. A sign-in or refresh whose answer arrives after a sign-out it did
   * not see is thrown away: the user's sign-out wins over anything already in flight.
   */
  #epoch = 0;
  /** Set after sleep, lock or a network change: the next call refreshes the token first. */
  #stale = false;
  readonly #keychain: KeychainSession;
  readonly #serverSignOuts: ServerSignOuts;

  constructor(private readonly deps: SessionDeps) {
    this.#keychain = new KeychainSession(deps.secrets, deps.secretAccount, deps.log);
    this.#serverSignOuts = new ServerSignOuts(deps.endpoints, deps.log);
  }

  view(): SessionView {
    const held = this.#held;
    return held
      ? { signedIn: true, username: held.username, userId: held.userId, roles: held.roles }
      : SIGNED_OUT;
  }

  /**
   * The machine slept, was locked or changed networks (RELIABILITY.md): the access token may have
   * expired meanwhile, so the next call refreshes it before it is sent, rather than meeting a 401.
   */
  markStale(): void {
    if (this.#held) this.#stale = true;
  }

  isStale(): boolean {
    return this.#stale && this.#held !== null;
  }

  /** The spec's isLogged flag. */
  isLogged(): boolean {
    return this.#held !== null;
  }

  accessToken(): string | null {
    return this.#held?.accessToken ?? null;
  }

  userId(): string | null {
    return this.#held?.userId ?? null;
  }

  async signIn(payload: SignInPayload): Promise<SessionView> {
    const { endpoints, log } = this.deps;
    const epoch = this.#epoch;
    const username = payload.username.trim().toLowerCase();
    const password = encryptPassword(payload.password, this.deps.passwordKey);
    let answer;
    try {
      answer = await endpoints.signIn({
        username,
        password,
        clientId: this.deps.signInClientId,
        scope: SIGN_IN_SCOPE,
      });
    } catch (error) {
      log.warn('Sign-in request failed:', error instanceof Error ? error.message : error);
      throw new BridgeFailure(0, 'UNREACHABLE', MESSAGES.signInUnreachable);
    }
    // Throttled (SPEC.md 8, RELIABILITY.md): say how long to wait, rather than a misleading "Don't Match".
    if (answer.status === 429)
      throw new BridgeFailure(429, 'TOO_MANY_REQUESTS', throttledMessage(answer, 'signIn'));
    if (answer.status !== 200)
      throw new BridgeFailure(answer.status, 'DONT_MATCH', MESSAGES.dontMatch);
    const tokens = tokenAnswer.safeParse(answer.data);
    const claims = tokens.success ? readAccessClaims(tokens.data.access_token) : null;
    if (!tokens.success || !claims) {
      log.warn('Sign-in answer could not be read.');
      throw new BridgeFailure(502, 'BAD_ANSWER', MESSAGES.signInBadAnswer);
    }
    if (isRefusedForRole(claims)) {
      // Nothing is kept; the server-side session this sign-in opened is ended too.
      this.#serverSignOuts.send({
        accessToken: tokens.data.access_token,
        idToken: tokens.data.id_token,
      });
      throw new BridgeFailure(403, 'NOT_ADMIN', MESSAGES.notAdmin);
    }
    if (epoch !== this.#epoch) {
      // Signed out while the answer was on its way: that sign-out stands.
      this.#serverSignOuts.send({
        accessToken: tokens.data.access_token,
        idToken: tokens.data.id_token,
      });
      throw new BridgeFailure(401, 'SIGNED_OUT', MESSAGES.notSignedIn);
    }
    // SPEC.md 6: the reviewer is the username as typed (trimmed, lower-cased), not a claim.
    await this.#hold(tokens.data, username);
    this.deps.emit({ type: 'session.changed', session: this.view() });
    return this.view();
  }

  /**
   * Ends the local session at once (memory, keychain, the renderer's event), whatever the server
   * does: SPEC.md 4 says a failed sign-out call is only logged and local sign-out still happens,
   * so the call to the provider goes on behind it, bounded by its own timeout (tokenEndpoints),
   * and its outcome is only logged. A provider that never answers cannot keep a user signed in.
   */
  async signOut(reason: SignOutReason = 'user'): Promise<SessionView> {
    const held = this.#held;
    this.#held = null;
    this.#stale = false;
    this.#epoch += 1;
    // A refresh already in flight is left to fail on its own; the next one starts afresh.
    this.#refreshing = null;
    // The keychain entry goes first, so that nothing an in-flight refresh does can bring it back
    // (its answer is dropped, see #epoch), and a crash during the server call keeps nothing.
    const removed = this.#keychain.remove();
    if (held) this.#serverSignOuts.send(held);
    await removed;
    this.deps.emit({ type: 'session.signedOut', reason, message: REASON_MESSAGES[reason] });
    return this.view();
  }

  /** The provider's sign-out calls still under way (tests and shutdown may wait for them). */
  serverSignOutsSettled(): Promise<void> {
    return this.#serverSignOuts.settled();
  }

  /** One refresh at a time: concurrent callers share the one in flight. */
  refreshAccessToken(): Promise<string> {
    if (this.#refreshing) return this.#refreshing;
    const refreshing = this.#refresh().finally(() => {
      if (this.#refreshing === refreshing) this.#refreshing = null;
    });
    this.#refreshing = refreshing;
    return refreshing;
  }

  /**
   * Startup (SPEC.md 2, Protected routes): a stored refresh token but no access token means one
   * refresh before anything renders. A failure is logged and the login screen shows.
   */
  restore(): Promise<void> {
    this.#restoring ??= (async () => {
      if (this.#held) return;
      let stored: string | null = null;
      try {
        stored = await this.#keychain.peek();
      } catch (error) {
        this.deps.log.warn('Could not read the stored session:', error);
      }
      if (!stored) return;
      try {
        await this.refreshAccessToken();
      } catch (error) {
        this.deps.log.warn(
          'Restoring the session failed:',
          error instanceof Error ? error.message : error,
        );
      }
    })();
    return this.#restoring;
  }

  async #refresh(): Promise<string> {
    const epoch = this.#epoch;
    const stored = this.#held ? null : await this.#keychain.read();
    const refreshToken = this.#held?.refreshToken ?? stored?.refreshToken;
    if (!refreshToken) throw new RefreshFailed(false, 401, MESSAGES.notSignedIn);
    let answer;
    try {
      answer = await this.deps.endpoints.refresh({
        refreshToken,
        clientId: this.deps.refreshClientId,
      });
    } catch (error) {
      // No answer at all: the refresh token may still be good, so the session is kept.
      this.deps.log.warn(
        'Token refresh could not reach the server:',
        error instanceof Error ? error.message : error,
      );
      throw new RefreshFailed(false, 0, MESSAGES.signInUnreachable);
    }
    // The user signed out while this refresh was in flight: its tokens are not kept.
    if (epoch !== this.#epoch) throw new RefreshFailed(true, 401, MESSAGES.notSignedIn);

    if (answer.status === 400 || answer.status === 401) {
      // Only the token endpoint's refusal ends the session (RELIABILITY.md): the refresh token is
      // expired, revoked or already used.
      const invalidGrant = (answer.data as { error?: unknown } | null)?.error === 'invalid_grant';
      const reason: SignOutReason = invalidGrant ? 'revoked' : 'expired';
      this.deps.log.warn(`Token refresh refused with status ${answer.status}; signing out.`);
      await this.signOut(reason);
      throw new RefreshFailed(true, 401, REASON_MESSAGES[reason] ?? MESSAGES.sessionExpired);
    }
    const tokens = answer.status === 200 ? tokenAnswer.safeParse(answer.data) : null;
    const claims = tokens?.success ? readAccessClaims(tokens.data.access_token) : null;
    if (!tokens?.success || !claims) {
      // 5xx, 429, a proxy's error page, an unreadable 200: the server is having trouble, not
      // the session. That one call fails with a sentence; the next one tries again.
      this.deps.log.warn(`Token refresh answered ${answer.status}; the session is kept.`);
      const message =
        answer.status === 429
          ? throttledMessage(answer, 'refresh')
          : answer.status === 200
            ? MESSAGES.signInBadAnswer
            : MESSAGES.refreshUnavailable(answer.status);
      throw new RefreshFailed(false, answer.status === 200 ? 502 : answer.status, message);
    }
    const wasSignedIn = this.#held !== null;
    const username = this.#held?.username || stored?.username || claims.preferred_username || '';
    await this.#hold(tokens.data, username);
    if (!wasSignedIn) this.deps.emit({ type: 'session.changed', session: this.view() });
    return tokens.data.access_token;
  }

  async #hold(tokens: TokenAnswer, username: string): Promise<void> {
    const claims = readAccessClaims(tokens.access_token);
    this.#stale = false;
    this.#held = {
      accessToken: tokens.access_token,
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token,
      username,
      userId: claims?.sub ?? null,
      roles: claims?.realm_access?.roles ?? [],
    };
    // Rotated: the stored one is always the newest (keychainSession.ts).
    await this.#keychain.write({ refreshToken: tokens.refresh_token, username });
  }
}
