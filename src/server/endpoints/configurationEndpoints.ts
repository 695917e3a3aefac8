import type { configurationCalls, mismatchCalls } from '../../shared/api/configuration';
import {
  addConfiguration,
  deleteConfiguration,
  listConfigurations,
  updateConfiguration,
} from '../configuration/configurationRepo';
import {
  deleteMismatchExplorerUrl,
  deleteMismatchTradingPair,
  listMismatchExplorerUrls,
  listMismatchTradingPairs,
  matchMismatchExplorerUrl,
  matchMismatchTradingPair,
} from '../configuration/mismatchRepo';
import type { ServerContext } from '../context';
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';

/** SPEC.md 7, configuration service: the market-currency configurations. */
export function configurationImplementations(
  ctx: ServerContext,
): Implementations<typeof configurationCalls> {
  const { db } = ctx;
  return {
    getConfigurations: async ({ query }) => listConfigurations(db, query),
    addConfiguration: async ({ body }, reply) =>
      sendOutcome(reply, await addConfiguration(db, body)),
    updateConfiguration: async ({ body }, reply) =>
      sendOutcome(reply, await updateConfiguration(db, body)),
    deleteConfiguration: async ({ body }, reply) =>
      sendOutcome(reply, await deleteConfiguration(db, body)),
  };
}

/** SPEC.md 7, configuration service: the two mismatch queues. */
export function mismatchImplementations(ctx: ServerContext): Implementations<typeof mismatchCalls> {
  const { db } = ctx;
  return {
    getMismatchTradingPairs: async ({ query }) => listMismatchTradingPairs(db, query),
    matchMismatchTradingPair: async ({ body }, reply) =>
      sendOutcome(reply, await matchMismatchTradingPair(db, body)),
    deleteMismatchTradingPair: async ({ body }, reply) =>
      sendOutcome(reply, await deleteMismatchTradingPair(db, body)),
    getMismatchExplorerUrls: async () => listMismatchExplorerUrls(db),
    matchMismatchExplorerUrl: async ({ body }, reply) =>
      sendOutcome(reply, await matchMismatchExplorerUrl(db, body)),
    deleteMismatchExplorerUrl: async ({ body }, reply) =>
      sendOutcome(reply, await deleteMismatchExplorerUrl(db, body)),
  };
}
