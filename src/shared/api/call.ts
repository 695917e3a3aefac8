import { z } from 'zod';
import { TEXT_BOUND } from '../bodies/fields';

/**
 * One provider call of SPEC.md 7, declared as data. Core's one caller sends it, the bridge channel
 * that carries it is derived from it, and the reference server registers its route from it, so a
 * call's method, path and schemas are written here and nowhere else.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the body travels: a JSON object, a form, nothing, or one JSON string (the reviewed calls
 * send the username that way).
 */
export type BodyKind = 'json' | 'form' | 'none' | 'jsonString';

/** Where core takes a field from instead of the page: SPEC.md 6, the reviewer is the username. */
export type SessionField = 'username';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface ApiCall<
  Params extends AnyObject = AnyObject,
  Query extends AnyObject = AnyObject,
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
  FromSession extends string = never,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** As SPEC.md 7 writes it, parameters in braces: '/twitter-service/{id}/reviewed'. */
  path: string;
  params: Params;
  query: Query;
  bodyKind: BodyKind;
  /** What is sent: an object for json and form, a string for jsonString, z.undefined() for none. */
  body: Body;
  /** Body fields (or, for a jsonString body, the whole body) that core fills from the session. */
  fromSession: { [K in FromSession]: SessionField };
  /** How the client reads the answer (see answers.ts): never stricter than SPEC.md 7 allows. */
  answer: Answer;
  /**
   * What our reference server sends on success (src/shared/responses): its routes are held to it
   * (src/server/http/checkResponse.ts). The client never reads through it: the provider is not
   * our server (DESIGN.md), so `answer` alone says what the client accepts. Error answers have
   * their own shape (src/server/http/validate.ts). Every call of src/shared/api declares one (the
   * server's registration takes no call without it); a call made up in a client test may not.
   */
  response: Response;
  /** What the answer is, for the message when it cannot be read at all. */
  describe: string;
  /** What the call does, where its name and schemas do not say it all (the OpenAPI document). */
  description?: string;
  /**
   * The refusals our server answers beside 400, 401 and 403 (and a conditional write's 412), each
   * with when (the OpenAPI document).
   */
  refusals?: Readonly<Partial<Record<RefusalStatus, string>>>;
}

/** Statuses a declaration may list among its refusals. */
export type RefusalStatus = '403' | '404' | '409' | '412' | '422';

// The parts of a call, as types -----------------------------------------------------------------

export type AnyCall = ApiCall<
  AnyObject,
  AnyObject,
  z.ZodType,
  z.ZodType,
  string,
  z.ZodType | undefined
>;
/** A call our reference server serves: one that declares its response. */
export type ServedCall = AnyCall & { response: z.ZodType };

/**
 * What the page sends of an object schema: its input, except that a field whose input is unknown
 * (a coerced number) takes its output type, so the page is held to what the field means.
 */
type PageFields<O extends z.ZodType> =
  O extends z.ZodObject<infer S> ? (keyof S extends never ? unknown : FieldsOf<O>) : FieldsOf<O>;
type FieldsOf<O extends z.ZodType> = {
  [K in keyof z.input<O>]: unknown extends z.input<O>[K]
    ? z.output<O>[K & keyof z.output<O>]
    : z.input<O>[K];
};

/**
 * What the page sends for a call: its path parameters, query and body fields side by side (they
 * never share a name), less what core fills from the session.
 */
export type CallPayload<C> =
  C extends ApiCall<infer P, infer Q, infer B, z.ZodType, infer F>
    ? PageFields<P> & PageFields<Q> & (B extends AnyObject ? Omit<PageFields<B>, F> : unknown)
    : never;

export type CallAnswer<C> =
  C extends ApiCall<AnyObject, AnyObject, z.ZodType, infer A> ? z.output<A> : never;
export type CallParams<C> = C extends ApiCall<infer P> ? z.output<P> : never;
export type CallQuery<C> = C extends ApiCall<AnyObject, infer Q> ? z.output<Q> : never;
export type CallBody<C> = C extends ApiCall<AnyObject, AnyObject, infer B> ? z.output<B> : never;
/** What our server's handler of the call gives on success, as its response schema takes it. */
export type CallResponse<C> = C extends { response: infer R extends z.ZodType }
  ? z.input<R>
  : never;

// Declaring a call ------------------------------------------------------------------------------

const none = z.object({});
type None = typeof none;

export function call<
  Answer extends z.ZodType,
  Params extends AnyObject = None,
  Query extends AnyObject = None,
  Body extends z.ZodType = z.ZodUndefined,
  FromSession extends string = never,
  Response extends z.ZodType | undefined = undefined,
>(declaration: {
  method: HttpMethod;
  path: string;
  params?: Params;
  query?: Query;
  bodyKind?: BodyKind;
  body?: Body;
  fromSession?: { [K in FromSession]: SessionField };
  answer: Answer;
  response?: Response;
  describe: string;
  description?: string;
  refusals?: Readonly<Partial<Record<RefusalStatus, string>>>;
}): ApiCall<Params, Query, Body, Answer, FromSession, Response> {
  const bodyKind = declaration.bodyKind ?? (declaration.body ? 'json' : 'none');
  const declared: ApiCall<Params, Query, Body, Answer, FromSession, Response> = {
    method: declaration.method,
    path: declaration.path,
    params: declaration.params ?? (none as unknown as Params),
    query: declaration.query ?? (none as unknown as Query),
    bodyKind,
    body: declaration.body ?? (z.undefined() as unknown as Body),
    fromSession: declaration.fromSession ?? ({} as { [K in FromSession]: SessionField }),
    answer: declaration.answer,
    response: declaration.response as Response,
    describe: declaration.describe,
    ...(declaration.description === undefined ? {} : { description: declaration.description }),
    ...(declaration.refusals === undefined ? {} : { refusals: declaration.refusals }),
  };
  assertPathMatchesParams(declared);
  return declared;
}

/** The names in braces of a path template. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

function assertPathMatchesParams(declared: { path: string; params: AnyObject }) {
  const inPath = pathParamNames(declared.path).sort();
  const inSchema = Object.keys(declared.params.shape).sort();
  if (inPath.join() !== inSchema.join())
    throw new Error(
      `${declared.path}: path parameters ${inPath.join()} but schema ${inSchema.join()}`,
    );
}

/** The path with its parameters filled in, each encoded as one path segment part. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The same template in Fastify's syntax: '{id}' becomes ':id'. */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The bridge payload schema of a call: parameters, query and body fields in one object. A field
 * filled from the session (the keys of `fromSession`: a body field, or `body` when the whole body
 * is the name) is core's to fill: the page's types leave it out, and where a page names one
 * anyway it is read as a text only so that core can refuse a name that is not the signed-in
 * user's (src/main/core/api/signedInName.ts) instead of dropping it unseen.
 */
export function payloadSchemaOf(declared: AnyCall): z.ZodType {
  let merged: AnyObject = declared.params.extend(declared.query.shape);
  const sessionKeys = Object.keys(declared.fromSession);
  if (declared.body instanceof z.ZodObject) {
    const fromSession = Object.fromEntries(sessionKeys.map((key) => [key, true as const]));
    merged = merged.extend((declared.body as AnyObject).omit(fromSession).shape);
  }
  return merged.extend(
    Object.fromEntries(sessionKeys.map((key) => [key, z.string().max(TEXT_BOUND).optional()])),
  );
}

/** Splits a parsed payload back into the parts of the request, less what the session fills. */
export function splitPayload(
  declared: AnyCall,
  payload: Record<string, unknown>,
): {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
} {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (Object.hasOwn(declared.fromSession, key)) continue;
    if (key in declared.params.shape) params[key] = value;
    else if (key in declared.query.shape) query[key] = value;
    else body[key] = value;
  }
  return { params, query, body };
}
