import type { FastifyReply } from 'fastify';
import type { Outcome, RefusalReason } from '../../shared/outcome';
import { sendError } from './validate';

/** The status and error code of each reason a write is refused for. */
const REFUSED: Record<RefusalReason, { status: 400 | 404 | 409 | 412; error: string }> = {
  invalid: { status: 400, error: 'invalid_request' },
  not_found: { status: 404, error: 'not_found' },
  duplicate: { status: 409, error: 'duplicate' },
  stale: { status: 412, error: 'precondition_failed' },
};

/**
 * Every write's answer: what was written (with `status` when it is not 200, e.g. 201 for a new
 * keyword), or the refusal's status with the sentence saying why nothing was.
 */
export function sendOutcome<T>(
  reply: FastifyReply,
  outcome: Outcome<T>,
  status?: number,
): T | FastifyReply {
  if (outcome.ok) {
    if (status !== undefined) void reply.code(status);
    return outcome.value;
  }
  const refused = REFUSED[outcome.reason];
  // A stale write (412) carries the item as it is now, so the client need not read it again.
  const current = outcome.current === undefined ? {} : { current: outcome.current };
  return sendError(reply, refused.status, refused.error, outcome.what, current);
}
