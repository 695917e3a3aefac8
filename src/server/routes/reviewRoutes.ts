import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../context';
import { implement, type Implementation } from '../http/serveCalls';
import { sendError } from '../http/validate';
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
import { REVIEW_SERVICES, type ReviewServiceDef } from '../review/serviceDefs';

type ChangeBody = { keyword?: string | null; unwantedUsage?: string | null; reviewedBy: string };

/** SPEC.md 7, "Review and keywords" and nlp-service: the same logic under both services. */
export function reviewImplementations(ctx: ServerContext, jobs: ModelJobs): Implementation[] {
  const { db } = ctx;

  function serviceImplementations<Item, Body extends ChangeBody>(
    def: ReviewServiceDef<Item, Body>,
  ): Implementation[] {
    const c = def.calls;
    const noItem = (reply: FastifyReply, id?: number) =>
      sendError(
        reply,
        404,
        'not_found',
        id === undefined
          ? `No ${def.name} item with that id.`
          : `No ${def.name} item with data id ${id}.`,
      );
    return [
      implement(c.filter, async ({ body }) => filterItems(db, def, body)),
      implement(c.count, async ({ body }) => countItems(db, def, body)),
      implement(
        c.findById,
        async ({ params }, reply) =>
          (await findItem(db, def, params.id)) ?? noItem(reply, params.id),
      ),
      implement(c.manualChange, async ({ params, body }, reply) => {
        const outcome = await applyManualChange(db, def, params.case, body as unknown as Body);
        if (outcome.ok) return outcome.item;
        return outcome.reason === 'not_found'
          ? noItem(reply)
          : sendError(reply, 400, 'invalid_request', 'keyword: a keyword is required to add one.');
      }),
      implement(c.addEliminatedKeyword, async ({ body }, reply) => {
        const outcome = await addEliminatedKeyword(db, def, body as unknown as Body);
        if (outcome.ok) return outcome.item;
        return outcome.reason === 'not_found'
          ? noItem(reply)
          : sendError(reply, 400, 'invalid_request', 'keyword: an eliminated keyword is required.');
      }),
      implement(
        c.reviewed,
        async ({ params, body }, reply) =>
          (await markReviewed(db, def, params.id, body)) ?? noItem(reply, params.id),
      ),
      implement(c.createModel, async (_request, reply) => {
        const { status, run } = jobs.start(def.name);
        return reply.code(202).send({ status, service: def.name, startedAt: run.startedAt });
      }),

      // Keyword lists (the keyword screen and the review screen's suggestions).
      implement(c.getKeywords, async () => listKeywords(db, def.keywordTable)),
      implement(c.getKeywordsIncludes, async ({ params }) =>
        listKeywords(db, def.keywordTable, params.text),
      ),
      implement(c.addKeyword, async ({ body }, reply) => {
        const result = await addKeyword(
          db,
          def.keywordTable,
          body.keyword.toLowerCase(),
          body.type,
        );
        return result.ok
          ? reply.code(201).send(result.keyword)
          : sendError(reply, 409, 'duplicate', `The keyword "${body.keyword}" already exists.`);
      }),
      implement(c.updateKeyword, async ({ body }, reply) => {
        const result = await updateKeyword(
          db,
          def.keywordTable,
          body.id,
          body.keyword.toLowerCase(),
          body.type,
        );
        if (result.ok) return result.keyword;
        return result.reason === 'duplicate'
          ? sendError(reply, 409, 'duplicate', `The keyword "${body.keyword}" already exists.`)
          : sendError(reply, 404, 'not_found', `No keyword with id ${body.id}.`);
      }),
      implement(c.deleteKeyword, async ({ params }, reply) =>
        (await deleteKeyword(db, def.keywordTable, params.id))
          ? { deleted: params.id }
          : sendError(reply, 404, 'not_found', `No keyword with id ${params.id}.`),
      ),
      implement(c.deleteUnwantedUsage, async ({ body }, reply) => {
        const keyword = await removeUnwantedUsage(
          db,
          def.keywordTable,
          body.id,
          body.unwantedUsage,
        );
        return (
          keyword ??
          sendError(
            reply,
            404,
            'not_found',
            `Keyword ${body.id} has no unwanted usage "${body.unwantedUsage}".`,
          )
        );
      }),
    ];
  }

  return REVIEW_SERVICES.flatMap((def) =>
    serviceImplementations(def as ReviewServiceDef<unknown, ChangeBody>),
  );
}
