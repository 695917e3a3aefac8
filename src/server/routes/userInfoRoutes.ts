import type { FastifyInstance } from 'fastify';
import type { UserInfo } from '../../shared/auth';
import type { ServerContext } from '../context';
import { requireAdmin } from '../http/requireAdmin';

/** OpenID Connect style userinfo: who the bearer of this access token is. */
export function userInfoRoutes(ctx: ServerContext) {
  return async function register(app: FastifyInstance) {
    app.get('/userinfo', { preHandler: requireAdmin(ctx) }, async (request) => {
      const principal = request.principal!;
      const body: UserInfo = {
        sub: principal.userId,
        preferred_username: principal.username,
        roles: principal.roles,
      };
      return body;
    });
  };
}
