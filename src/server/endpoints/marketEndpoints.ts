import type { marketCalls } from '../../shared/api/configuration';
import type { ServerContext } from '../context';
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import {
  hasMarketImage,
  listMarkets,
  listNewMarkets,
  removeFromMarket,
  saveNewMarket,
  updateMarket,
} from '../market/marketRepo';

/**
 * SPEC.md 7, configuration service: the market catalogue and its queue of new markets. Writes
 * answer the market as it is now.
 */
export function marketImplementations(ctx: ServerContext): Implementations<typeof marketCalls> {
  const { db } = ctx;
  return {
    getMarketsIncludes: async ({ params }) => listMarkets(db, params.text),
    updateMarket: async ({ body }, reply) => sendOutcome(reply, await updateMarket(db, body)),
    deleteUnwantedUsageOfMarket: async ({ body }, reply) =>
      sendOutcome(reply, await removeFromMarket(db, 'unwanted_usages', body, body.unwantedUsage)),
    deleteTagOfMarket: async ({ body }, reply) =>
      sendOutcome(reply, await removeFromMarket(db, 'tags', body, body.tag)),
    getNewMarkets: async () => listNewMarkets(db),
    saveNewMarket: async ({ body }, reply) => sendOutcome(reply, await saveNewMarket(db, body)),
    checkMarketImage: async ({ query }) => hasMarketImage(db, query.uniqueName),
  };
}
