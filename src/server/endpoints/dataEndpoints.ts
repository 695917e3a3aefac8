import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { requireAdmin } from '../http/requireAdmin';
import { registerCalls } from '../http/serveCalls';
import type { ModelJobs } from '../nlp/modelJob';
import { accountImplementations } from './accountEndpoints';
import { auditImplementations } from './auditEndpoints';
import { claimImplementations } from './claimEndpoints';
import { configurationImplementations, mismatchImplementations } from './configurationEndpoints';
import { currencyImplementations } from './currencyEndpoints';
import { insightImplementations } from './insightEndpoints';
import { liveImplementations } from './liveEndpoints';
import { marketImplementations } from './marketEndpoints';
import { reviewImplementations } from './reviewEndpoints';
import { SERVED_GROUPS } from './servedGroups';
import { storyImplementations } from './storyEndpoints';
import { notDuplicateImplementations } from './notDuplicateEndpoints';
import { tagImplementations } from './tagEndpoints';

/**
 * Every data call of SPEC.md 7, registered from its declaration with its group's implementations
 * (a group or call left out does not compile). The ADMIN check is here, once, for all of them,
 * and runs on request, before a body is even read: no token 401, no ADMIN 403. The extensions
 * under /dqc-extensions (src/shared/api/insight.ts) are registered the same way.
 */
export function dataEndpoints(ctx: ServerContext, jobs: ModelJobs) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', requireAdmin(ctx));
    registerCalls(app, SERVED_GROUPS.data, {
      ...reviewImplementations(ctx, jobs),
      currencies: currencyImplementations(ctx),
      markets: marketImplementations(ctx),
      tags: tagImplementations(ctx),
      configurations: configurationImplementations(ctx),
      mismatches: mismatchImplementations(ctx),
      accounts: accountImplementations(ctx),
    });
    // Our extensions beyond SPEC.md 7 (DESIGN.md, Extensions), behind the same ADMIN check.
    registerCalls(app, SERVED_GROUPS.extensions, {
      ...insightImplementations(ctx, jobs),
      ...claimImplementations(ctx),
      live: liveImplementations(app, ctx),
      audit: auditImplementations(ctx),
      ...storyImplementations(ctx),
      ...notDuplicateImplementations(ctx),
    });
  };
}
