import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CONFIGURATION_SERVICE,
  currencyTagBodySchema,
  currencyUnwantedUsageBodySchema,
  imageCheckQuerySchema,
  newCurrencyQuerySchema,
  newVersionBodySchema,
  saveNewCurrencyBodySchema,
  updateCurrencyBodySchema,
} from '../../shared/currency';
import type { ServerContext } from '../context';
import {
  countNewCurrencies,
  listNewCurrencies,
  listNewVersions,
  mergeNewVersion,
  saveNewCurrency,
  saveNewVersionAsNew,
  type QueueOutcome,
} from '../currency/currencyQueues';
import {
  hasCurrencyImage,
  listCurrencies,
  removeFromCurrency,
  updateCurrency,
} from '../currency/currencyRepo';
import { requireAdmin } from '../http/requireAdmin';
import { parseOr400, sendError } from '../http/validate';

/** The reply for a queue move: the catalogue currency, or why nothing was written. */
function sendOutcome(
  reply: FastifyReply,
  outcome: QueueOutcome,
  body: { currencyId: number; uniqueName: string },
  queue: string,
) {
  if (outcome.ok) return outcome.currency;
  switch (outcome.reason) {
    case 'not_found':
      return sendError(reply, 404, 'not_found', `No ${queue} with currency id ${body.currencyId}.`);
    case 'duplicate':
      return sendError(
        reply,
        409,
        'duplicate',
        outcome.field === 'uniqueName'
          ? `A currency with unique name "${body.uniqueName}" is already in the catalogue.`
          : `A currency with currency id ${body.currencyId} is already in the catalogue.`,
      );
    case 'wrong_old_version':
      return sendError(
        reply,
        400,
        'invalid_request',
        `oldVersionCurrency: the old version of currency ${body.currencyId} is "${outcome.expected}".`,
      );
  }
}

/** SPEC.md 7, configuration service: the currency catalogue and its two queues. */
export function currencyRoutes(ctx: ServerContext) {
  const { db } = ctx;
  const p = CONFIGURATION_SERVICE;
  return async function register(app: FastifyInstance) {
    app.addHook('preHandler', requireAdmin(ctx));

    app.get(`${p}/get-currencies`, async () => listCurrencies(db));
    app.get(`${p}/get-currencies-includes-:text`, async (request) =>
      listCurrencies(db, (request.params as { text: string }).text),
    );
    app.post(`${p}/update-currency`, async (request, reply) => {
      const body = parseOr400(updateCurrencyBodySchema, request.body, reply);
      if (!body) return reply;
      return (
        (await updateCurrency(db, body)) ??
        sendError(reply, 404, 'not_found', `No currency with unique name "${body.uniqueName}".`)
      );
    });
    app.delete(`${p}/delete-unwanted-usage-of-currency`, async (request, reply) => {
      const body = parseOr400(currencyUnwantedUsageBodySchema, request.body, reply);
      if (!body) return reply;
      return (
        (await removeFromCurrency(db, 'unwanted_usages', body.uniqueName, body.unwantedUsage)) ??
        sendError(
          reply,
          404,
          'not_found',
          `Currency "${body.uniqueName}" has no unwanted usage "${body.unwantedUsage}".`,
        )
      );
    });
    app.delete(`${p}/delete-tag-of-currency`, async (request, reply) => {
      const body = parseOr400(currencyTagBodySchema, request.body, reply);
      if (!body) return reply;
      return (
        (await removeFromCurrency(db, 'tags', body.uniqueName, body.tag)) ??
        sendError(
          reply,
          404,
          'not_found',
          `Currency "${body.uniqueName}" has no tag "${body.tag}".`,
        )
      );
    });
    app.get(`${p}/check-currency-image`, async (request, reply) => {
      const query = parseOr400(imageCheckQuerySchema, request.query, reply);
      return query ? hasCurrencyImage(db, query.uniqueName) : reply;
    });

    app.get(`${p}/get-new-currencies`, async (request, reply) => {
      const query = parseOr400(newCurrencyQuerySchema, request.query ?? {}, reply);
      return query ? listNewCurrencies(db, query) : reply;
    });
    app.get(`${p}/find-new-currencies-filter-count`, async (request, reply) => {
      const query = parseOr400(newCurrencyQuerySchema, request.query ?? {}, reply);
      return query ? countNewCurrencies(db, query) : reply;
    });
    app.post(`${p}/save-new-currency`, async (request, reply) => {
      const body = parseOr400(saveNewCurrencyBodySchema, request.body, reply);
      if (!body) return reply;
      return sendOutcome(reply, await saveNewCurrency(db, body), body, 'new currency');
    });

    app.get(`${p}/get-new-version-currencies`, async (request, reply) => {
      const query = parseOr400(newCurrencyQuerySchema, request.query ?? {}, reply);
      return query ? listNewVersions(db, query) : reply;
    });
    app.post(`${p}/save-new-version-currency-as-new-currency`, async (request, reply) => {
      const body = parseOr400(newVersionBodySchema, request.body, reply);
      if (!body) return reply;
      return sendOutcome(reply, await saveNewVersionAsNew(db, body), body, 'new version');
    });
    app.post(`${p}/merge-new-version-currency-with-old-currency`, async (request, reply) => {
      const body = parseOr400(newVersionBodySchema, request.body, reply);
      if (!body) return reply;
      return sendOutcome(reply, await mergeNewVersion(db, body), body, 'new version');
    });
  };
}
