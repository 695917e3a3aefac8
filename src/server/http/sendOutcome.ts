import type { FastifyReply } from 'fastify';
import type { Outcome } from '../db/atomically';
import { sendError } from './validate';

/** A write's answer: what was written, or 404 / 409 with the sentence saying why nothing was. */
export function sendOutcome<T>(reply: FastifyReply, outcome: Outcome<T>) {
  if (outcome.ok) return outcome.value;
  return outcome.reason === 'not_found'
    ? sendError(reply, 404, 'not_found', outcome.what)
    : sendError(reply, 409, 'duplicate', outcome.what);
}
