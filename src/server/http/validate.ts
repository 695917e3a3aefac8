import type { FastifyReply } from 'fastify';

/** The body every 4xx of this server carries: an OAuth-style code and a sentence for people. */
export interface ErrorBody {
  error: string;
  error_description: string;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
  /** More fields beside the two (a 412's `current` item). */
  more: Record<string, unknown> = {},
) {
  const body: ErrorBody = { ...more, error, error_description: description };
  return reply.code(status).send(body);
}
