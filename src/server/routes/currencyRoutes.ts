import type { FastifyReply } from 'fastify';
import { currencyCalls as c } from '../../shared/api/configuration';
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
import { implement, type Implementation } from '../http/serveCalls';
import { sendError } from '../http/validate';

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
export function currencyImplementations(ctx: ServerContext): Implementation[] {
  const { db } = ctx;
  return [
    implement(c.getCurrencies, async () => listCurrencies(db)),
    implement(c.getCurrenciesIncludes, async ({ params }) => listCurrencies(db, params.text)),
    implement(
      c.updateCurrency,
      async ({ body }, reply) =>
        (await updateCurrency(db, body)) ??
        sendError(reply, 404, 'not_found', `No currency with unique name "${body.uniqueName}".`),
    ),
    implement(
      c.deleteUnwantedUsageOfCurrency,
      async ({ body }, reply) =>
        (await removeFromCurrency(db, 'unwanted_usages', body.uniqueName, body.unwantedUsage)) ??
        sendError(
          reply,
          404,
          'not_found',
          `Currency "${body.uniqueName}" has no unwanted usage "${body.unwantedUsage}".`,
        ),
    ),
    implement(
      c.deleteTagOfCurrency,
      async ({ body }, reply) =>
        (await removeFromCurrency(db, 'tags', body.uniqueName, body.tag)) ??
        sendError(
          reply,
          404,
          'not_found',
          `Currency "${body.uniqueName}" has no tag "${body.tag}".`,
        ),
    ),
    implement(c.checkCurrencyImage, async ({ query }) => hasCurrencyImage(db, query.uniqueName)),

    implement(c.getNewCurrencies, async ({ query }) => listNewCurrencies(db, query)),
    implement(c.countNewCurrencies, async ({ query }) => countNewCurrencies(db, query)),
    implement(c.saveNewCurrency, async ({ body }, reply) =>
      sendOutcome(reply, await saveNewCurrency(db, body), body, 'new currency'),
    ),

    implement(c.getNewVersionCurrencies, async ({ query }) => listNewVersions(db, query)),
    implement(c.saveNewVersionAsNewCurrency, async ({ body }, reply) =>
      sendOutcome(reply, await saveNewVersionAsNew(db, body), body, 'new version'),
    ),
    implement(c.mergeNewVersionWithOldCurrency, async ({ body }, reply) =>
      sendOutcome(reply, await mergeNewVersion(db, body), body, 'new version'),
    ),
  ];
}
