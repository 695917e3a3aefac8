/**
 * Requests of the declared calls of SPEC.md 7, built from their declarations (src/shared/api): a
 * test names the call ('currencies.updateCurrency') and gives its parts, and the method, the path
 * and how the body travels come from the one place a call's path is written (DESIGN.md, Contract).
 */
import type { InjectOptions } from 'fastify';
import {
  AUTH_CALLS,
  DATA_CALLS,
  PROVIDER_GROUPS,
  REVIEW_GROUPS,
  type DeclaredCall,
} from '../../src/shared/api';
import type { authCalls } from '../../src/shared/api/auth';
import { fillPath, type AnyCall } from '../../src/shared/api/call';

type Groups = typeof REVIEW_GROUPS & typeof PROVIDER_GROUPS & { auth: typeof authCalls };

/** Every declared call by its id, group.name: 'tweets.filter', 'auth.signIn'. */
export type CallId = {
  [G in keyof Groups & string]: `${G}.${keyof Groups[G] & string}`;
}[keyof Groups & string];

const DECLARED = new Map<string, AnyCall>(
  [...DATA_CALLS, ...AUTH_CALLS].map((entry) => [entry.id, entry.call]),
);

/** A call by its id, or an entry of DATA_CALLS or AUTH_CALLS (a suite walking them all). */
export type CallRef = CallId | DeclaredCall;

/** The declaration of a call. */
export function declared(ref: CallRef): AnyCall {
  const id = typeof ref === 'string' ? ref : ref.id;
  const found = DECLARED.get(id);
  if (!found) throw new Error(`no declared call ${id}`);
  return found;
}

/**
 * The parts of one request. Loosely typed on purpose: the suites send what a call refuses too
 * (a wrong type, a missing field, a path parameter out of range).
 */
export interface CallParts {
  /** Path parameters, each %-encoded as one segment part. */
  params?: Record<string, string | number>;
  /**
   * Path parameters put in as written, for a path no client would build (a %-escape that is not
   * UTF-8, a lone surrogate's bytes).
   */
  rawParams?: Record<string, string>;
  /** Query fields in order; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * The body, as the call's bodyKind sends it: a form's fields (or a form string) as a form, an
   * object or list as JSON; any other value (a string for the JSON-string calls, null) as its
   * JSON text.
   */
  body?: unknown;
  /** A JSON body sent byte for byte (malformed JSON, poisoned keys, a bare `null`). */
  rawBody?: string;
  /** Headers over the signed-in user's (an Authorization of the test's own). */
  headers?: Record<string, string>;
}

/** The concrete URL of a declared call: its path with the parameters filled, then the query. */
export function urlOf(id: CallRef, parts: Pick<CallParts, 'params' | 'rawParams' | 'query'> = {}) {
  const template = declared(id).path;
  const raw = parts.rawParams ?? {};
  const filled = fillPath(
    template.replace(/\{(\w+)\}/g, (whole, name: string) => raw[name] ?? whole),
    parts.params ?? {},
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query ?? {}))
    if (value !== undefined) query.append(name, String(value));
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

/** The inject options of one request of a declared call (no Authorization unless given). */
export function requestOf(id: CallRef, parts: CallParts = {}): InjectOptions {
  const call = declared(id);
  const options: InjectOptions = { method: call.method, url: urlOf(id, parts) };
  let headers: Record<string, string> = {};
  if (parts.rawBody !== undefined) {
    headers = JSON_TYPE;
    options.payload = parts.rawBody;
  } else if (parts.body !== undefined) {
    if (call.bodyKind === 'form') {
      headers = FORM_TYPE;
      // A string is a form already (signInForm's); an object is its fields.
      options.payload =
        typeof parts.body === 'string'
          ? parts.body
          : new URLSearchParams(parts.body as Record<string, string>).toString();
    } else if (typeof parts.body === 'object' && parts.body !== null) {
      // light-my-request writes an object as JSON, as the suites sent it before the harness.
      options.payload = parts.body as Record<string, unknown>;
    } else {
      headers = JSON_TYPE;
      options.payload = JSON.stringify(parts.body);
    }
  }
  options.headers = { ...headers, ...(parts.headers ?? {}) };
  return options;
}
