import type { FastifyReply } from 'fastify';
import { accountCalls as a } from '../../shared/api/accounts';
import {
  addAccount,
  COIN,
  deleteAccount,
  listAccounts,
  MARKET,
  NEWS,
  updateAccount,
  wrongType,
  type Account,
  type AccountKind,
} from '../accounts/accountRepo';
import type { ServerContext } from '../context';
import type { Outcome } from '../db/atomically';
import { implement, type Implementation } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';
import { sendError } from '../http/validate';

/**
 * SPEC.md 7, account calls under /twitter-service. A body whose accountType is not its kind's
 * (a NEWS account sent to add-coin-account) is refused with 400 before anything is written.
 */
export function accountImplementations(ctx: ServerContext): Implementation[] {
  const { db } = ctx;

  async function write<F extends Record<string, unknown>>(
    reply: FastifyReply,
    kind: AccountKind<F>,
    body: Account<F>,
    run: () => Promise<Outcome<Account<F>>>,
  ) {
    const wrong = wrongType(kind, body);
    if (wrong) return sendError(reply, 400, 'invalid_request', wrong);
    return sendOutcome(reply, await run());
  }

  return [
    implement(a.getCoinAccounts, async ({ query }) => listAccounts(db, COIN, query.uniqueName)),
    implement(a.getNewsAccounts, async () => listAccounts(db, NEWS)),
    implement(a.getMarketAccounts, async ({ query }) => listAccounts(db, MARKET, query.uniqueName)),

    implement(a.addCoinAccount, async ({ body }, reply) =>
      write(reply, COIN, body, () => addAccount(db, COIN, body)),
    ),
    implement(a.addNewsAccount, async ({ body }, reply) =>
      write(reply, NEWS, body, () => addAccount(db, NEWS, body)),
    ),
    implement(a.addMarketAccount, async ({ body }, reply) =>
      write(reply, MARKET, body, () => addAccount(db, MARKET, body)),
    ),

    implement(a.updateCoinAccount, async ({ body }, reply) =>
      write(reply, COIN, body, () => updateAccount(db, COIN, body)),
    ),
    implement(a.updateNewsAccount, async ({ body }, reply) =>
      write(reply, NEWS, body, () => updateAccount(db, NEWS, body)),
    ),
    implement(a.updateMarketAccount, async ({ body }, reply) =>
      write(reply, MARKET, body, () => updateAccount(db, MARKET, body)),
    ),

    implement(a.deleteCoinAccount, async ({ body }, reply) =>
      write(reply, COIN, body, () => deleteAccount(db, COIN, body)),
    ),
    implement(a.deleteNewsAccount, async ({ body }, reply) =>
      write(reply, NEWS, body, () => deleteAccount(db, NEWS, body)),
    ),
    implement(a.deleteMarketAccount, async ({ body }, reply) =>
      write(reply, MARKET, body, () => deleteAccount(db, MARKET, body)),
    ),
  ];
}
