import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROLE } from '../../shared/constants';
import { verifyToken, type VerifiedToken } from '../auth/tokens';
import type { ServerContext } from '../context';
import { sendError } from './validate';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: VerifiedToken;
  }
}

/**
 * preHandler for every data route: a valid, unexpired access token of a live session (401
 * otherwise) that carries the ADMIN role (403 otherwise).
 */
export function requireAdmin(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1])
      return sendError(reply, 401, 'unauthorized', 'A bearer access token is required.');
    const outcome = await verifyToken(ctx.signingKey, match[1], 'Bearer');
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
