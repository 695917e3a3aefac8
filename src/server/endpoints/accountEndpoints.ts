import type { FastifyReply } from 'fastify';
import type { accountCalls } from '../../shared/api/accounts';
import { refusal, type Outcome } from '../../shared/outcome';
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
import type { Implementations } from '../http/serveCalls';
import { sendOutcome } from '../http/sendOutcome';

/**
 * SPEC.md 7, account calls under /twitter-service. A body whose accountType is not its kind's
 * (a NEWS account sent to add-coin-account) is refused with 400 before anything is written.
 */
export function accountImplementations(ctx: ServerContext): Implementations<typeof accountCalls> {
  const { db } = ctx;

  async function write<F extends Record<string, unknown>>(
    reply: FastifyReply,
    kind: AccountKind<F>,
    body: Account<F>,
    run: () => Promise<Outcome<Account<F>>>,
  ) {
    const wrong = wrongType(kind, body);
    return sendOutcome(reply, wrong ? refusal('invalid', wrong) : await run());
  }

  return {
    getCoinAccounts: async ({ query }) => listAccounts(db, COIN, query.uniqueName),
    getNewsAccounts: async () => listAccounts(db, NEWS),
    getMarketAccounts: async ({ query }) => listAccounts(db, MARKET, query.uniqueName),

    addCoinAccount: async ({ body }, reply) =>
      write(reply, COIN, body, () => addAccount(db, COIN, body)),
    addNewsAccount: async ({ body }, reply) =>
      write(reply, NEWS, body, () => addAccount(db, NEWS, body)),
    addMarketAccount: async ({ body }, reply) =>
      write(reply, MARKET, body, () => addAccount(db, MARKET, body)),

    updateCoinAccount: async ({ body }, reply) =>
      write(reply, COIN, body, () => updateAccount(db, COIN, body)),
    updateNewsAccount: async ({ body }, reply) =>
      write(reply, NEWS, body, () => updateAccount(db, NEWS, body)),
    updateMarketAccount: async ({ body }, reply) =>
      write(reply, MARKET, body, () => updateAccount(db, MARKET, body)),

    deleteCoinAccount: async ({ body }, reply) =>
      write(reply, COIN, body, () => deleteAccount(db, COIN, body)),
    deleteNewsAccount: async ({ body }, reply) =>
      write(reply, NEWS, body, () => deleteAccount(db, NEWS, body)),
    deleteMarketAccount: async ({ body }, reply) =>
      write(reply, MARKET, body, () => deleteAccount(db, MARKET, body)),
  };
}
