import type { EXTENSION_GROUPS } from '../../shared/api';
import type { ServerContext } from '../context';
import type { GroupImplementations, Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import { OFFERED_EXTENSIONS } from '../insight/capabilities';
import { insightCountItems, insightFilterItems } from '../insight/insightFilter';
import { historyOf } from '../insight/itemHistory';
import { keywordImpact } from '../insight/keywordImpact';
import { findModelRun, listModelRunChanges, listModelRuns, whyOf } from '../insight/modelRuns';
import type { ModelJobs } from '../nlp/modelJob';
import { NEWS, TWEETS, type ReviewServiceDef } from '../review/serviceDefs';

/** The insight groups; the claims and live groups are claimEndpoints.ts's and liveEndpoints.ts's. */
type Groups = Pick<typeof EXTENSION_GROUPS, 'insight' | 'insightTweets' | 'insightNews'>;

/**
 * Our extensions beyond SPEC.md 7 (DESIGN.md, Extensions): classifier insight that
 * SPEC.md 7's calls cannot give. Registered from their declarations like every call, under
 * /dqc-extensions, and listed by the capabilities call so that clients discover them.
 */
export function insightImplementations(
  ctx: ServerContext,
  _jobs: ModelJobs,
): GroupImplementations<Groups> {
  const { db } = ctx;

  function serviceHandlers<Item, Body>(
    def: ReviewServiceDef<Item, Body>,
  ): Implementations<Groups['insightTweets']> {
    return {
      filter: async ({ body }) =>
        (await insightFilterItems(db, def, body)) as Awaited<ReturnType<typeof insightFilterItems>>,
      count: async ({ body }) => insightCountItems(db, def, body),
      why: async ({ params }, reply) => sendOutcome(reply, await whyOf(db, def.name, params.id)),
      history: async ({ params }, reply) =>
        sendOutcome(reply, await historyOf(db, def.name, params.id)),
    } as Implementations<Groups['insightTweets']>;
  }

  return {
    insight: {
      capabilities: async () => ({ extensions: [...OFFERED_EXTENSIONS] }),
      keywordImpact: async ({ body }) => keywordImpact(db, body.keyword),
      modelRuns: async ({ query }) => listModelRuns(db, query),
      modelRun: async ({ params }, reply) => sendOutcome(reply, await findModelRun(db, params.id)),
      modelRunChanges: async ({ params, query }, reply) =>
        sendOutcome(reply, await listModelRunChanges(db, params.id, query)),
    },
    insightTweets: serviceHandlers(TWEETS),
    // The handlers answer their own service's items; the cast only says so to `tsc`.
    insightNews: serviceHandlers(NEWS) as unknown as Implementations<Groups['insightNews']>,
  };
}
