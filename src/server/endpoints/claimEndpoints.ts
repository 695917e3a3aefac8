import type { FastifyReply } from 'fastify';
import type { EXTENSION_GROUPS } from '../../shared/api';
import {
  claimItems,
  holdersOf,
  releaseAllClaims,
  releaseClaims,
  renewClaims,
  reviewingNow,
  type ClaimOutcome,
} from '../claims/claimRepo';
import type { Service } from '../claims/claimSql';
import { nextQueuePage } from '../claims/queuePage';
import type { ServerContext } from '../context';
import type { GroupImplementations, Implementations } from '../http/serveCalls';
import { sendError } from '../http/validate';
import { NEWS, TWEETS, type ReviewServiceDef } from '../review/serviceDefs';

type Groups = Pick<typeof EXTENSION_GROUPS, 'claims' | 'claimsTweets' | 'claimsNews'>;

/**
 * The claims extension (DESIGN.md, Several people at once): a work queue whose items are leased to
 * the signed-in user. The holder is always the token's user (requireAdmin read it); no body names
 * one. Registered from the declarations (src/shared/api/claims.ts) like every extension.
 */
export function claimImplementations(ctx: ServerContext): GroupImplementations<Groups> {
  const { db } = ctx;

  /** The caller, whom every data route has (requireAdmin); a request without one is refused. */
  const holderOf = (user: string | null, reply: FastifyReply): string | null => {
    if (user) return user;
    void sendError(reply, 403, 'forbidden', 'A claim needs a signed-in user to hold it.');
    return null;
  };

  const answer = <T>(reply: FastifyReply, outcome: ClaimOutcome<T>) =>
    outcome.ok ? outcome.value : sendError(reply, outcome.status, outcome.error, outcome.what);

  function serviceHandlers<Item, Body>(
    def: ReviewServiceDef<Item, Body>,
  ): Implementations<Groups['claimsTweets']> {
    const service: Service = def.name;
    return {
      queue: async ({ body, user }, reply) => {
        const holder = holderOf(user, reply);
        return holder === null ? reply : nextQueuePage(db, def, body, holder);
      },
      claim: async ({ body, user }, reply) => {
        const holder = holderOf(user, reply);
        if (holder === null) return reply;
        const outcome = await claimItems(db, service, holder, body.ids);
        return outcome.ok ? { claims: outcome.value } : answer(reply, outcome);
      },
      renew: async ({ body, user }, reply) => {
        const holder = holderOf(user, reply);
        if (holder === null) return reply;
        const outcome = await renewClaims(db, service, holder, body.ids);
        return outcome.ok ? { claims: outcome.value } : answer(reply, outcome);
      },
      release: async ({ body, user }, reply) => {
        const holder = holderOf(user, reply);
        if (holder === null) return reply;
        return { released: await releaseClaims(db, service, holder, body.ids) };
      },
      holders: async ({ body }) => ({ claims: await holdersOf(db, service, body.ids) }),
    } as Implementations<Groups['claimsTweets']>;
  }

  return {
    claims: {
      reviewingNow: async () => ({ reviewers: await reviewingNow(db) }),
      releaseMine: async ({ user }, reply) => {
        const holder = holderOf(user, reply);
        if (holder === null) return reply;
        return { released: await releaseAllClaims(db, holder) };
      },
    },
    claimsTweets: serviceHandlers(TWEETS),
    // The handlers answer their own service's items; the cast only says so to `tsc`.
    claimsNews: serviceHandlers(NEWS) as unknown as Implementations<Groups['claimsNews']>,
  };
}
