import type { FastifyReply } from 'fastify';
import type { EXTENSION_GROUPS } from '../../shared/api';
import { readAnswers } from '../audit/answersRead';
import type { AuditOutcome } from '../audit/auditRefusal';
import { readDisagreements } from '../audit/disagreementsRead';
import { drawTeamSample } from '../audit/drawSample';
import { nextAuditItem } from '../audit/nextItem';
import { readProgress } from '../audit/progressRead';
import { recordAnswer } from '../audit/answerItem';
import { settleDisagreement } from '../audit/settleItem';
import type { ServerContext } from '../context';
import type { Implementations } from '../http/serveCalls';
import { sendError } from '../http/validate';

type Group = (typeof EXTENSION_GROUPS)['audit'];

const utcMs = (value: string) => Date.parse(value.endsWith('Z') ? value : `${value}Z`);

/**
 * The team audit extension (src/shared/api/audit.ts). Who draws, answers and settles is always the
 * token's user (requireAdmin read it); no body names one. Registered from the declarations like
 * every extension.
 */
export function auditImplementations(ctx: ServerContext): Implementations<Group> {
  const { db } = ctx;

  /** The caller, whom every data route has (requireAdmin); a request without one is refused. */
  const callerOf = (user: string | null, reply: FastifyReply): string | null => {
    if (user) return user;
    void sendError(reply, 403, 'forbidden', 'The audit needs a signed-in user to record it under.');
    return null;
  };

  const respond = <T>(reply: FastifyReply, outcome: AuditOutcome<T>) =>
    outcome.ok
      ? outcome.value
      : sendError(
          reply,
          outcome.status,
          outcome.error,
          outcome.what,
          outcome.current === undefined ? {} : { current: outcome.current },
        );

  return {
    draw: async ({ body, user }, reply) => {
      const caller = callerOf(user, reply);
      if (caller === null) return reply;
      const outcome = await drawTeamSample(db, {
        from: body.from ? utcMs(body.from) : null,
        to: body.to ? utcMs(body.to) : null,
        size: body.size,
        doubleShare: body.doubleShare,
        drawnBy: caller,
      });
      return respond(reply, outcome);
    },
    next: async ({ user }, reply) => {
      const caller = callerOf(user, reply);
      return caller === null ? reply : nextAuditItem(db, caller);
    },
    answer: async ({ body, user }, reply) => {
      const caller = callerOf(user, reply);
      if (caller === null) return reply;
      return respond(
        reply,
        await recordAnswer(db, caller, body.sampleItemId, body.answer === 'keep'),
      );
    },
    answers: async ({ query }, reply) => respond(reply, await readAnswers(db, query)),
    progress: async () => readProgress(db),
    disagreements: async () => readDisagreements(db),
    settle: async ({ body, user }, reply) => {
      const caller = callerOf(user, reply);
      if (caller === null) return reply;
      return respond(
        reply,
        await settleDisagreement(
          db,
          caller,
          body.sampleItemId,
          body.decision === 'keep',
          body.version,
        ),
      );
    },
  };
}
