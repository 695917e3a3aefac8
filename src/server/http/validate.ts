import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** The body every 4xx of this server carries: an OAuth-style code and a sentence for people. */
export interface ErrorBody {
  error: string;
  error_description: string;
}

export function sendError(reply: FastifyReply, status: number, error: string, description: string) {
  const body: ErrorBody = { error, error_description: description };
  return reply.code(status).send(body);
}

/** Parses input with a shared zod schema; on failure answers 400 naming the offending fields. */
export function parseOr400<T>(
  schema: z.ZodType<T>,
  input: unknown,
  reply: FastifyReply,
): T | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
  void sendError(reply, 400, 'invalid_request', detail);
  return undefined;
}
