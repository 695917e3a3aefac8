import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addKeywordBodySchema,
  deleteUnwantedUsageBodySchema,
  MANUAL_CASES,
  reviewFilterBodySchema,
  updateKeywordBodySchema,
} from '../../shared/review';
import type { ServerContext } from '../context';
import { requireAdmin } from '../http/requireAdmin';
import { parseOr400, sendError } from '../http/validate';
import { ModelJobs } from '../nlp/modelJob';
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

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const caseParam = z.object({ case: z.enum(MANUAL_CASES) });
const usernameBody = z
  .string()
  .trim()
  .min(1, 'the body must be the username as a JSON string')
  .max(100);

/** SPEC.md 7, "Review and keywords" and nlp-service: the same routes under both services. */
export function reviewRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const jobs = new ModelJobs(db);

  function serviceRoutes<
    Item,
    Body extends { keyword?: string | null; unwantedUsage?: string | null; reviewedBy: string },
  >(app: FastifyInstance, def: ReviewServiceDef<Item, Body>) {
    const p = def.prefix;
    app.post(`${p}/filter`, async (request, reply) => {
      const filter = parseOr400(reviewFilterBodySchema, request.body ?? {}, reply);
      return filter ? filterItems(db, def, filter) : reply;
    });
    app.post(`${p}/count`, async (request, reply) => {
      const filter = parseOr400(reviewFilterBodySchema, request.body ?? {}, reply);
      return filter ? countItems(db, def, filter) : reply;
    });
    app.post(`${p}${def.findByIdPath}`, async (request, reply) => {
      const params = parseOr400(idParam, request.params, reply);
      if (!params) return reply;
      const item = await findItem(db, def, params.id);
      return (
        item ?? sendError(reply, 404, 'not_found', `No ${def.name} item with data id ${params.id}.`)
      );
    });
    app.put(`${p}/:case`, async (request, reply) => {
      const params = parseOr400(caseParam, request.params, reply);
      const body = params && parseOr400(def.changeBody, request.body, reply);
      if (!params || !body) return reply;
      const outcome = await applyManualChange(db, def, params.case, body);
      if (outcome.ok) return outcome.item;
      return outcome.reason === 'not_found'
        ? sendError(reply, 404, 'not_found', `No ${def.name} item with that id.`)
        : sendError(reply, 400, 'invalid_request', 'keyword: a keyword is required to add one.');
    });
    app.post(`${p}${def.eliminatedKeywordPath}`, async (request, reply) => {
      const body = parseOr400(def.changeBody, request.body, reply);
      if (!body) return reply;
      const outcome = await addEliminatedKeyword(db, def, body);
      if (outcome.ok) return outcome.item;
      return outcome.reason === 'not_found'
        ? sendError(reply, 404, 'not_found', `No ${def.name} item with that id.`)
        : sendError(reply, 400, 'invalid_request', 'keyword: an eliminated keyword is required.');
    });
    app.put(`${p}/:id/reviewed`, async (request, reply) => {
      const params = parseOr400(idParam, request.params, reply);
      const username = params && parseOr400(usernameBody, request.body, reply);
      if (!params || !username) return reply;
      const item = await markReviewed(db, def, params.id, username);
      return (
        item ?? sendError(reply, 404, 'not_found', `No ${def.name} item with data id ${params.id}.`)
      );
    });

    // Keyword lists (the keyword screen and the review screen's suggestions).
    app.get(`${p}/get-keywords`, async () => listKeywords(db, def.keywordTable));
    app.get(`${p}/get-keywords-includes-:text`, async (request) => {
      const { text } = request.params as { text: string };
      return listKeywords(db, def.keywordTable, text);
    });
    app.post(`${p}/add-keyword`, async (request, reply) => {
      const body = parseOr400(addKeywordBodySchema, request.body, reply);
      if (!body) return reply;
      const result = await addKeyword(db, def.keywordTable, body.keyword.toLowerCase(), body.type);
      return result.ok
        ? reply.code(201).send(result.keyword)
        : sendError(reply, 409, 'duplicate', `The keyword "${body.keyword}" already exists.`);
    });
    app.post(`${p}/update-keyword`, async (request, reply) => {
      const body = parseOr400(updateKeywordBodySchema, request.body, reply);
      if (!body) return reply;
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
    });
    app.delete(`${p}/delete-keyword-:id`, async (request, reply) => {
      const params = parseOr400(idParam, request.params, reply);
      if (!params) return reply;
      return (await deleteKeyword(db, def.keywordTable, params.id))
        ? { deleted: params.id }
        : sendError(reply, 404, 'not_found', `No keyword with id ${params.id}.`);
    });
    app.post(`${p}/delete-unwantedUsage`, async (request, reply) => {
      const body = parseOr400(deleteUnwantedUsageBodySchema, request.body, reply);
      if (!body) return reply;
      const keyword = await removeUnwantedUsage(db, def.keywordTable, body.id, body.unwantedUsage);
      return (
        keyword ??
        sendError(
          reply,
          404,
          'not_found',
          `Keyword ${body.id} has no unwanted usage "${body.unwantedUsage}".`,
        )
      );
    });

    app.post(def.modelPath, async (_request, reply) => {
      const { status, run } = jobs.start(def.name);
      return reply.code(202).send({ status, service: def.name, startedAt: run.startedAt });
    });
  }

  return Object.assign(
    async function register(app: FastifyInstance) {
      app.addHook('preHandler', requireAdmin(ctx));
      for (const def of REVIEW_SERVICES)
        serviceRoutes(app, def as ReviewServiceDef<unknown, never>);
    },
    { jobs },
  );
}
