/** Replies of the spec provider, and the error a handler throws to answer with one. */

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

export function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(value) };
}

export function text(body: string, status = 200): Reply {
  return { status, headers: { 'content-type': TEXT_TYPE }, body };
}

/** 200 with no body and no content-type. */
export function empty(status = 200): Reply {
  return { status, headers: {}, body: '' };
}

export function noContent(): Reply {
  return empty(204);
}

/** What a handler throws when the request cannot be answered with success. */
export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`${reply.status} ${reply.body}`);
  }
}

/** A refusal with a short text body, the way this provider words its errors. */
export function fail(status: number, message: string): never {
  throw new HttpError(text(message, status));
}

/** The answer to a path no route knows (shaped like a Spring Boot error). */
export function notFound(path: string): Reply {
  return json({ status: 404, error: 'Not Found', path }, 404);
}

/** 401 without a body, as a resource server answers a missing or dead bearer token. */
export function unauthorized(): Reply {
  return { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: '' };
}

export function forbidden(): Reply {
  return { status: 403, headers: {}, body: '' };
}
