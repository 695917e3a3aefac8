import type { FastifyInstance } from 'fastify';
import { sendError } from './validate';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one would fail in the
 * database. No field of the provider's calls has a use for it, so a request with one anywhere (path
 * parameter, query, body) is refused before validation, naming where it was.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const where = nulPath(value, []);
      if (where !== null)
        return sendError(
          reply,
          400,
          'invalid_request',
          `${where.join('.') || part}: may not contain the NUL character (\\u0000).`,
        );
    }
  });
}

/** The field path of the first NUL in a parsed value (names too), or null when there is none. */
function nulPath(value: unknown, at: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  // Past this depth no schema reads anything, so nothing there reaches the database.
  if (typeof value !== 'object' || value === null || at.length > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return at;
    const found = nulPath(item, [...at, key]);
    if (found !== null) return found;
  }
  return null;
}
