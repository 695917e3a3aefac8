/**
 * PostgreSQL errors that a request's own data causes, as the client error they are. The schemas
 * and the repositories' checks refuse bad input first; this is the net under them, so that a
 * case they miss (a duplicate saved by a concurrent request between check and insert, a value the
 * column cannot hold) is a 4xx that says what happened, never a 500.
 */
export interface ClientError {
  status: 400 | 409;
  error: string;
  description: string;
}

const sqlStateOf = (error: unknown): string | null => {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
};

export function clientErrorOfDatabase(error: unknown): ClientError | null {
  const state = sqlStateOf(error);
  if (state === null) return null;
  if (state === '23505')
    return {
      status: 409,
      error: 'duplicate',
      description: 'A record with the same key already exists; it was saved by another request.',
    };
  if (state === '23503')
    return {
      status: 409,
      error: 'conflict',
      description: 'A record this change refers to was changed or deleted by another request.',
    };
  // Class 22 (data exception: out of range, invalid text, NUL byte) and check violations.
  if (state.startsWith('22') || state === '23514')
    return {
      status: 400,
      error: 'invalid_request',
      description: 'The request holds a value the database cannot store.',
    };
  return null;
}
