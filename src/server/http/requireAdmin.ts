import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '../../shared/constants';
import type { VerifiedToken } from '../auth/tokens';
import { VerifiedTokens } from '../auth/verifiedTokens';
import type { ServerContext } from '../context';
import { sendError } from './validate';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: VerifiedToken;
  }
}

/**
 * preHandler for every data route: a valid, unexpired access token of a live session (401
 * otherwise) that carries the ADMIN role (403 otherwise). A token's signature is checked once, not
 * on every call it comes with (verifiedTokens.ts); its expiry and its session on every call.
 */
export function requireAdmin(ctx: ServerContext) {
  const tokens = new VerifiedTokens(ctx.signingKey);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1])
      return sendError(reply, 401, 'unauthorized', 'A bearer access token is required.');
    const outcome = await tokens.verifyAccessToken(match[1]);
    if (!outcome.ok) {
      return sendError(
        reply,
        401,
        'invalid_token',
        outcome.reason === 'expired'
          ? 'The access token has expired.'
          : 'The access token is not valid.',
      );
    }
    if (!(await ctx.sessions.isActive(outcome.token.sessionId))) {
      return sendError(reply, 401, 'invalid_token', 'The session of this token has ended.');
    }
    if (!outcome.token.roles.includes(ADMIN_ROLE)) {
      return sendError(reply, 403, 'forbidden', 'The ADMIN role is required.');
    }
    request.principal = outcome.token;
  };
}
