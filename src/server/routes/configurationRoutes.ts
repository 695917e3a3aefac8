import { configurationCalls as c, mismatchCalls as m } from '../../shared/api/configuration';
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
import { implement, type Implementation } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import { accountImplementations } from './accountRoutes';

/**
 * SPEC.md 7: market-currency configurations and the two mismatch queues (configuration service),
 * and the Twitter account calls (twitter-service), which belong to the same screens' issue.
 */
export function configurationAndAccountImplementations(ctx: ServerContext): Implementation[] {
  const { db } = ctx;
  return [
    implement(c.getConfigurations, async ({ query }) => listConfigurations(db, query)),
    implement(c.addConfiguration, async ({ body }, reply) =>
      sendOutcome(reply, await addConfiguration(db, body)),
    ),
    implement(c.updateConfiguration, async ({ body }, reply) =>
      sendOutcome(reply, await updateConfiguration(db, body)),
    ),
    implement(c.deleteConfiguration, async ({ body }, reply) =>
      sendOutcome(reply, await deleteConfiguration(db, body)),
    ),

    implement(m.getMismatchTradingPairs, async ({ query }) => listMismatchTradingPairs(db, query)),
    implement(m.matchMismatchTradingPair, async ({ body }, reply) =>
      sendOutcome(reply, await matchMismatchTradingPair(db, body)),
    ),
    implement(m.deleteMismatchTradingPair, async ({ body }, reply) =>
      sendOutcome(reply, await deleteMismatchTradingPair(db, body)),
    ),
    implement(m.getMismatchExplorerUrls, async () => listMismatchExplorerUrls(db)),
    implement(m.matchMismatchExplorerUrl, async ({ body }, reply) =>
      sendOutcome(reply, await matchMismatchExplorerUrl(db, body)),
    ),
    implement(m.deleteMismatchExplorerUrl, async ({ body }, reply) =>
      sendOutcome(reply, await deleteMismatchExplorerUrl(db, body)),
    ),

    ...accountImplementations(ctx),
  ];
}
