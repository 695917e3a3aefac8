import type { FastifyReply, FastifyRequest } from 'fastify';
import type { newsCalls, tweetCalls } from '../../shared/api/review';
import type { Outcome } from '../../shared/outcome';
import type { ServerContext } from '../context';
import type { CallRequest, Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import { sendError } from '../http/validate';
import { writeOriginOf, type WriteOrigin } from '../insight/historyRecord';
import type { ModelJobs } from '../nlp/modelJob';
import {
  addKeyword,
  deleteKeyword,
  listKeywords,
  removeUnwantedUsage,
  updateKeyword,
} from '../review/keywordsRepo';
import {
  addEliminatedKeyword,
  applyManualChange,
  countItems,
  filterItems,
  findItem,
  markReviewed,
} from '../review/reviewRepo';
import { expectedVersionOf, type ExpectedVersion } from '../review/conditionalWrite';
import { NEWS, TWEETS, type ReviewServiceDef } from '../review/serviceDefs';

type ChangeBody = { keyword?: string | null; unwantedUsage?: string | null };
type TweetCalls = typeof tweetCalls;
type NewsCalls = typeof newsCalls;

/**
 * The handlers of one review service, written once for both (serviceDefs.ts says how they
 * differ): one for every call name, or `tsc` refuses it. Each reads the request of either
 * service's call; what it answers is an item of its service, which the route holds to that call's
 * declared response when it answers (src/server/http/checkResponse.ts).
 */
type ServiceHandlers = {
  [K in keyof TweetCalls & keyof NewsCalls]: (
    request: CallRequest<TweetCalls[K] | NewsCalls[K]>,
    reply: FastifyReply,
  ) => Promise<unknown>;
};

/**
 * A write recorded under the signed-in user, answered through sendOutcome. Every data route has
 * one (requireAdmin): a request without one is refused rather than written under nobody. A
 * decision may name the version it was decided on (If-Match, conditionalWrite.ts): a malformed one
 * is refused with 400, a stale one with 412 and the item as it is now, and nothing is written.
 */
async function attributed<T>(
  request: { user: string | null; headers: FastifyRequest['headers'] },
  reply: FastifyReply,
  write: (origin: WriteOrigin, expected: ExpectedVersion) => Promise<Outcome<T>>,
): Promise<T | FastifyReply> {
  const origin = writeOriginOf(request);
  if (origin === null)
    return sendError(reply, 403, 'forbidden', 'A write needs a signed-in user to record it under.');
  const condition = expectedVersionOf(request.headers);
  if (!condition.ok) return sendError(reply, 400, 'invalid_request', condition.message);
  return sendOutcome(reply, await write(origin, condition.expected));
}

/** SPEC.md 7, "Review and keywords" and nlp-service: the same logic under both services. */
export function reviewImplementations(
  ctx: ServerContext,
  jobs: ModelJobs,
): { tweets: Implementations<TweetCalls>; news: Implementations<NewsCalls> } {
  const { db } = ctx;

  function serviceHandlers<Item, Body extends ChangeBody>(
    def: ReviewServiceDef<Item, Body>,
  ): ServiceHandlers {
    return {
      filter: async ({ body }) => filterItems(db, def, body),
      count: async ({ body }) => countItems(db, def, body),
      findById: async ({ params }, reply) =>
        (await findItem(db, def, params.id)) ??
        sendError(reply, 404, 'not_found', `No ${def.name} item with data id ${params.id}.`),
      // Each write is the signed-in user's (the route refused a body naming anyone else, and the
      // name the body gives is not read): the item's reviewer fields and its history
      // (item-history) name them, with the bulk run it came from when core names one.
      manualChange: async (request, reply) =>
        attributed(request, reply, (origin, expected) =>
          applyManualChange(
            db,
            def,
            request.params.case,
            request.body as unknown as Body,
            origin,
            expected,
          ),
        ),
      addEliminatedKeyword: async (request, reply) =>
        attributed(request, reply, (origin, expected) =>
          addEliminatedKeyword(db, def, request.body as unknown as Body, origin, expected),
        ),
      reviewed: async (request, reply) =>
        attributed(request, reply, (origin, expected) =>
          markReviewed(db, def, request.params.id, origin, expected),
        ),
      createModel: async ({ user }, reply) => {
        const { status, runId, startedAt } = await jobs.start(def.name, user);
        void reply.code(202);
        return { status, service: def.name, startedAt, runId };
      },

      // Keyword lists (the keyword screen and the review screen's suggestions).
      getKeywords: async () => listKeywords(db, def.keywordTable),
      getKeywordsIncludes: async ({ params }) => listKeywords(db, def.keywordTable, params.text),
      addKeyword: async ({ body }, reply) =>
        sendOutcome(reply, await addKeyword(db, def.keywordTable, body.keyword, body.type), 201),
      updateKeyword: async ({ body }, reply) =>
        sendOutcome(
          reply,
          await updateKeyword(db, def.keywordTable, body.id, body.keyword, body.type),
        ),
      deleteKeyword: async ({ params }, reply) =>
        sendOutcome(reply, await deleteKeyword(db, def.keywordTable, params.id)),
      deleteUnwantedUsage: async ({ body }, reply) =>
        sendOutcome(
          reply,
          await removeUnwantedUsage(db, def.keywordTable, body.id, body.unwantedUsage),
        ),
    };
  }

  // The handlers answer their own service's items; the cast only says so to `tsc`.
  return {
    tweets: serviceHandlers(TWEETS) as Implementations<TweetCalls>,
    news: serviceHandlers(NEWS) as Implementations<NewsCalls>,
  };
}
