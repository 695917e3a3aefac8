import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { DATA_CALLS } from '../../shared/api';
import type { ServerContext } from '../context';
import { requireAdmin } from '../http/requireAdmin';
import { registerCalls } from '../http/serveCalls';
import type { ModelJobs } from '../nlp/modelJob';
import { configurationAndAccountImplementations } from './configurationRoutes';
import { currencyImplementations } from './currencyRoutes';
import { marketAndTagImplementations } from './marketRoutes';
import { reviewImplementations } from './reviewRoutes';

/**
 * Every data call of SPEC.md 7, registered from its declaration. The ADMIN check is here, once,
 * for all of them, and runs on request, before a body is even read: no token 401, no ADMIN 403.
 */
export function dataRoutes(ctx: ServerContext, jobs: ModelJobs) {
  return async function register(app: FastifyInstance) {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRequest', requireAdmin(ctx));
    registerCalls(app, DATA_CALLS, [
      ...configurationAndAccountImplementations(ctx),
      ...reviewImplementations(ctx, jobs),
      ...currencyImplementations(ctx),
      ...marketAndTagImplementations(ctx),
    ]);
  };
}
