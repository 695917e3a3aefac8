import type { FastifyInstance, FastifyReply } from 'fastify';
import type { authCalls } from '../../shared/api/auth';
import type { CallResponse } from '../../shared/api/call';
import {
  revokeSession,
  rotateRefreshToken,
  startSession,
  type SessionUser,
} from '../auth/authSessions';
import { throttleKeyOfAddress } from '../auth/addressKey';
import { AttemptLimiter, tryAgainIn } from '../auth/attemptLimiter';
import { isKnownClient, isSignInClient, mayRefresh } from '../auth/oauthClients';
import { decryptPassword } from '../auth/passwordCipher';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '../auth/passwordHash';
import { issueAccessToken, issueIdToken, verifyToken } from '../auth/tokens';
import { findUserByUsername, replacePasswordHash } from '../auth/users';
import type { ServerContext } from '../context';
import { registerCalls, type Implementations } from '../http/serveCalls';
import { sendError } from '../http/validate';
import { SERVED_GROUPS } from './servedGroups';

/** 429 with the wait as Retry-After and in the sentence the login form shows. */
function sendTooMany(reply: FastifyReply, seconds: number, what: string) {
  void reply.header('retry-after', String(seconds));
  return sendError(reply, 429, 'too_many_requests', `${what} ${tryAgainIn(seconds)}`);
}

/**
 * SPEC.md 7, Auth: the token calls, registered from their declarations (src/shared/api/auth.ts,
 * one set of limits) outside the ADMIN check.
 */
export function authEndpoints(ctx: ServerContext) {
  const { config, db, signingKey } = ctx;
  // Failed sign-ins are counted per username (guessing one user's password) and per address
  // (trying many users); refreshes per address. A success never counts against anyone.
  const { maxKeys } = config.throttle;
  const byAddress = { maxKeys, keyOf: throttleKeyOfAddress };
  const failedPerUser = new AttemptLimiter(config.throttle.signInPerUser, { maxKeys });
  const failedPerAddress = new AttemptLimiter(config.throttle.signInPerAddress, byAddress);
  const refreshesPerAddress = new AttemptLimiter(config.throttle.refreshPerAddress, byAddress);
  // An unknown user costs the same time as a wrong password of a known one.
  const dummyHash = timingDummyHash(config.passwordHashCost);

  async function tokensFor(
    user: SessionUser,
    refreshToken: string,
  ): Promise<CallResponse<typeof authCalls.signIn>> {
    return {
      access_token: await issueAccessToken(signingKey, user, config.accessTokenTtlSeconds),
      id_token: await issueIdToken(signingKey, user, config.refreshTokenTtlSeconds),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: config.accessTokenTtlSeconds,
    };
  }

  const implementations: Implementations<typeof authCalls> = {
    signIn: async ({ body, ip }, reply) => {
      if (!isSignInClient(config.clients, body.client_id)) {
        return sendError(reply, 401, 'unauthorized_client', 'Unknown client.');
      }
      const username = body.username.trim().toLowerCase();
      const wait = Math.max(
        failedPerAddress.retryAfterSeconds(ip),
        failedPerUser.retryAfterSeconds(username),
      );
      if (wait > 0) return sendTooMany(reply, wait, 'Too many sign-in attempts.');
      // Counted as failed until it succeeds, so that attempts sent all at once cannot each pass
      // the check above while the password hashes are being computed.
      const at = Date.now();
      failedPerAddress.record(ip, at);
      failedPerUser.record(username, at);
      const password = decryptPassword(body.password, config.passwordKey);
      const user = await findUserByUsername(db, username);
      const valid =
        password !== null && (await verifyPassword(password, user?.password_hash ?? dummyHash));
      if (!user || !valid) {
        return sendError(reply, 401, 'invalid_grant', 'Invalid user credentials.');
      }
      failedPerAddress.release(ip, at);
      failedPerUser.clear(username);
      // A hash made at an older cost is redone now, the one moment the password is at hand.
      if (password !== null && needsRehash(user.password_hash, config.passwordHashCost))
        await replacePasswordHash(
          db,
          user.id,
          await hashPassword(password, config.passwordHashCost),
        );
      const { sessionId, refreshToken } = await startSession(
        db,
        user.id,
        body.client_id,
        config.refreshTokenTtlSeconds,
      );
      const sessionUser: SessionUser = {
        userId: user.id,
        username: user.username,
        roles: user.roles,
        sessionId,
        clientId: body.client_id,
      };
      return tokensFor(sessionUser, refreshToken);
    },

    refresh: {
      // Before the body is validated: a malformed refresh counts against the address too.
      preValidation: async (request, reply) => {
        const wait = refreshesPerAddress.retryAfterSeconds(request.ip);
        if (wait > 0) return sendTooMany(reply, wait, 'Too many requests.');
        refreshesPerAddress.record(request.ip);
      },
      handle: async ({ body }, reply) => {
        if (!isKnownClient(config.clients, body.client_id)) {
          return sendError(reply, 401, 'unauthorized_client', 'Unknown client.');
        }
        const outcome = await rotateRefreshToken(
          db,
          { token: body.refresh_token, clientId: body.client_id },
          {
            refreshTtlSeconds: config.refreshTokenTtlSeconds,
            sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
            graceSeconds: config.refreshGraceSeconds,
            mayRefresh: (issuedTo, presenting) => mayRefresh(config.clients, issuedTo, presenting),
          },
        );
        if (!outcome.ok) {
          if (outcome.sessionId) ctx.sessions.forget(outcome.sessionId);
          const why = {
            unknown: 'The refresh token is not known.',
            // RFC 6749 section 5.2: a grant issued to another client is invalid_grant.
            wrong_client: 'The refresh token was issued to another client.',
            reused: 'The refresh token was already used; the session has been ended.',
            expired: 'The refresh token has expired.',
            revoked: 'The session has been ended.',
            session_expired: 'The session has reached its maximum age; please sign in again.',
          }[outcome.reason];
          return sendError(reply, 400, 'invalid_grant', why);
        }
        return tokensFor(outcome.user, outcome.refreshToken);
      },
    },

    signOut: async ({ headers }, reply) => {
      const idToken = headers['id-token'];
      if (typeof idToken !== 'string' || idToken.length === 0) {
        return sendError(reply, 400, 'invalid_request', 'The Id-Token header is required.');
      }
      const outcome = await verifyToken(signingKey, idToken, 'ID', true);
      if (!outcome.ok)
        return sendError(reply, 400, 'invalid_request', 'The Id-Token is not valid.');
      await revokeSession(db, outcome.token.sessionId);
      ctx.sessions.forget(outcome.token.sessionId);
      void reply.code(204);
      return undefined;
    },
  };

  return async function register(app: FastifyInstance) {
    registerCalls(app, SERVED_GROUPS.auth, { auth: implementations });
  };
}
