import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SIGN_IN_SCOPE } from '../../shared/constants';
import { authCalls } from '../../shared/api/auth';
import type { TokenResponse } from '../../shared/auth';
import {
  revokeSession,
  rotateRefreshToken,
  startSession,
  type SessionUser,
} from '../auth/authSessions';
import { AttemptLimiter, tryAgainIn } from '../auth/attemptLimiter';
import { decryptPassword } from '../auth/passwordCipher';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from '../auth/passwordHash';
import { issueAccessToken, issueIdToken, verifyToken } from '../auth/tokens';
import { findUserByUsername, replacePasswordHash } from '../auth/users';
import type { ServerContext } from '../context';
import { parseOr400, sendError } from '../http/validate';

const signInBody = z.object({
  scope: z.literal(SIGN_IN_SCOPE),
  grant_type: z.literal('password'),
  client_id: z.string().min(1),
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(4096),
});

const refreshBody = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string().min(1),
  refresh_token: z.string().min(1).max(512),
});

/** 429 with the wait as Retry-After and in the sentence the login form shows. */
function sendTooMany(reply: FastifyReply, seconds: number, what: string) {
  void reply.header('retry-after', String(seconds));
  return sendError(reply, 429, 'too_many_requests', `${what} ${tryAgainIn(seconds)}`);
}

export function authRoutes(ctx: ServerContext) {
  const { config, db, signingKey } = ctx;
  // Failed sign-ins are counted per username (guessing one user's password) and per address
  // (trying many users); refreshes per address. A success never counts against anyone.
  const failedPerUser = new AttemptLimiter(config.throttle.signInPerUser);
  const failedPerAddress = new AttemptLimiter(config.throttle.signInPerAddress);
  const refreshesPerAddress = new AttemptLimiter(config.throttle.refreshPerAddress);
  // An unknown user costs the same time as a wrong password of a known one.
  const dummyHash = timingDummyHash(config.passwordHashCost);

  async function tokensFor(user: SessionUser, refreshToken: string) {
    const body: TokenResponse & { token_type: string; expires_in: number } = {
      access_token: await issueAccessToken(signingKey, user, config.accessTokenTtlSeconds),
      id_token: await issueIdToken(signingKey, user, config.refreshTokenTtlSeconds),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: config.accessTokenTtlSeconds,
    };
    return body;
  }

  return async function register(app: FastifyInstance) {
    app.post(authCalls.signIn.path, async (request, reply) => {
      const body = parseOr400(signInBody, request.body, reply);
      if (!body) return reply;
      if (!config.clientIds.includes(body.client_id)) {
        return sendError(reply, 401, 'unauthorized_client', 'Unknown client.');
      }
      const username = body.username.trim().toLowerCase();
      const wait = Math.max(
        failedPerAddress.retryAfterSeconds(request.ip),
        failedPerUser.retryAfterSeconds(username),
      );
      if (wait > 0) return sendTooMany(reply, wait, 'Too many sign-in attempts.');
      // Counted as failed until it succeeds, so that attempts sent all at once cannot each pass
      // the check above while the password hashes are being computed.
      const at = Date.now();
      failedPerAddress.record(request.ip, at);
      failedPerUser.record(username, at);
      const password = decryptPassword(body.password, config.passwordKey);
      const user = await findUserByUsername(db, username);
      const valid =
        password !== null && (await verifyPassword(password, user?.password_hash ?? dummyHash));
      if (!user || !valid) {
        return sendError(reply, 401, 'invalid_grant', 'Invalid user credentials.');
      }
      failedPerAddress.release(request.ip, at);
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
      return reply.code(200).send(await tokensFor(sessionUser, refreshToken));
    });

    app.post(authCalls.refresh.path, async (request, reply) => {
      const wait = refreshesPerAddress.retryAfterSeconds(request.ip);
      if (wait > 0) return sendTooMany(reply, wait, 'Too many requests.');
      refreshesPerAddress.record(request.ip);
      const body = parseOr400(refreshBody, request.body, reply);
      if (!body) return reply;
      if (!config.clientIds.includes(body.client_id)) {
        return sendError(reply, 401, 'unauthorized_client', 'Unknown client.');
      }
      const outcome = await rotateRefreshToken(db, body.refresh_token, {
        refreshTtlSeconds: config.refreshTokenTtlSeconds,
        sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
        graceSeconds: config.refreshGraceSeconds,
      });
      if (!outcome.ok) {
        if (outcome.sessionId) ctx.sessions.forget(outcome.sessionId);
        const why = {
          unknown: 'The refresh token is not known.',
          reused: 'The refresh token was already used; the session has been ended.',
          expired: 'The refresh token has expired.',
          revoked: 'The session has been ended.',
          session_expired: 'The session has reached its maximum age; please sign in again.',
        }[outcome.reason];
        return sendError(reply, 400, 'invalid_grant', why);
      }
      return reply.code(200).send(await tokensFor(outcome.user, outcome.refreshToken));
    });

    app.post(authCalls.signOut.path, async (request, reply) => {
      const idToken = request.headers['id-token'];
      if (typeof idToken !== 'string' || idToken.length === 0) {
        return sendError(reply, 400, 'invalid_request', 'The Id-Token header is required.');
      }
      const outcome = await verifyToken(signingKey, idToken, 'ID', true);
      if (!outcome.ok)
        return sendError(reply, 400, 'invalid_request', 'The Id-Token is not valid.');
      await revokeSession(db, outcome.token.sessionId);
      ctx.sessions.forget(outcome.token.sessionId);
      return reply.code(204).send();
    });
  };
}
