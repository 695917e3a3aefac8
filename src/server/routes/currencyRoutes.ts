import type { currencyCalls } from '../../shared/api/configuration';
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
  hasCurrencyImage,
  listCurrencies,
  removeFromCurrency,
  updateCurrency,
} from '../currency/currencyRepo';
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';

/** SPEC.md 7, configuration service: the currency catalogue and its two queues. */
export function currencyImplementations(ctx: ServerContext): Implementations<typeof currencyCalls> {
  const { db } = ctx;
  return {
    getCurrencies: async () => listCurrencies(db),
    getCurrenciesIncludes: async ({ params }) => listCurrencies(db, params.text),
    updateCurrency: async ({ body }, reply) => sendOutcome(reply, await updateCurrency(db, body)),
    deleteUnwantedUsageOfCurrency: async ({ body }, reply) =>
      sendOutcome(
        reply,
        await removeFromCurrency(db, 'unwanted_usages', body.uniqueName, body.unwantedUsage),
      ),
    deleteTagOfCurrency: async ({ body }, reply) =>
      sendOutcome(reply, await removeFromCurrency(db, 'tags', body.uniqueName, body.tag)),
    checkCurrencyImage: async ({ query }) => hasCurrencyImage(db, query.uniqueName),

    getNewCurrencies: async ({ query }) => listNewCurrencies(db, query),
    countNewCurrencies: async ({ query }) => countNewCurrencies(db, query),
    saveNewCurrency: async ({ body }, reply) => sendOutcome(reply, await saveNewCurrency(db, body)),

    getNewVersionCurrencies: async ({ query }) => listNewVersions(db, query),
    saveNewVersionAsNewCurrency: async ({ body }, reply) =>
      sendOutcome(reply, await saveNewVersionAsNew(db, body)),
    mergeNewVersionWithOldCurrency: async ({ body }, reply) =>
      sendOutcome(reply, await mergeNewVersion(db, body)),
  };
}
