import { currencyCalls } from '../../shared/api/configuration';
import type { ServerContext } from '../context';
import {
  countNewCurrencies,
  listNewCurrencies,
  listNewVersions,
  mergeNewVersion,
  saveNewCurrency,
  saveNewVersionAsNew,
} from '../currency/currencyQueues';
import {
  eachCatalogueBatch,
  hasCurrencyImage,
  listCurrencies,
  removeFromCurrency,
  updateCurrency,
} from '../currency/currencyRepo';
import { sendCatalogue } from '../currency/catalogueAnswer';
import { sendWholeCatalogue } from '../currency/catalogueStream';
import { catalogueChanged } from '../currency/catalogueVersion';
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';

/** SPEC.md 7, configuration service: the currency catalogue and its two queues. */
export function currencyImplementations(ctx: ServerContext): Implementations<typeof currencyCalls> {
  const { db } = ctx;
  // Every write here may change the catalogue's answer: its version moves on once the write is
  // done, refused or failed alike (catalogueVersion.ts), and the next read builds it again.
  const changing =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        catalogueChanged(db);
      }
    };
  return {
    // With an ETag (304 when unchanged) and gzip when asked (catalogueAnswer.ts;
    // docs/performance.md, The server and the catalogue).
    getCurrencies: async (request, reply) =>
      sendWholeCatalogue(request, reply, db, {
        response: currencyCalls.getCurrencies.response,
        read: (take) => eachCatalogueBatch(db, take),
      }),
    getCurrenciesIncludes: async (request, reply) =>
      sendCatalogue(request, reply, db, {
        response: currencyCalls.getCurrenciesIncludes.response,
        build: () => listCurrencies(db, request.params.text),
      }),
    updateCurrency: changing(async ({ body }, reply) =>
      sendOutcome(reply, await updateCurrency(db, body)),
    ),
    deleteUnwantedUsageOfCurrency: changing(async ({ body }, reply) =>
      sendOutcome(
        reply,
        await removeFromCurrency(db, 'unwanted_usages', body.uniqueName, body.unwantedUsage),
      ),
    ),
    deleteTagOfCurrency: changing(async ({ body }, reply) =>
      sendOutcome(reply, await removeFromCurrency(db, 'tags', body.uniqueName, body.tag)),
    ),
    checkCurrencyImage: async ({ query }) => hasCurrencyImage(db, query.uniqueName),

    getNewCurrencies: async ({ query }) => listNewCurrencies(db, query),
    countNewCurrencies: async ({ query }) => countNewCurrencies(db, query),
    saveNewCurrency: changing(async ({ body }, reply) =>
      sendOutcome(reply, await saveNewCurrency(db, body)),
    ),

    getNewVersionCurrencies: async ({ query }) => listNewVersions(db, query),
    saveNewVersionAsNewCurrency: changing(async ({ body }, reply) =>
      sendOutcome(reply, await saveNewVersionAsNew(db, body)),
    ),
    mergeNewVersionWithOldCurrency: changing(async ({ body }, reply) =>
      sendOutcome(reply, await mergeNewVersion(db, body)),
    ),
  };
}
