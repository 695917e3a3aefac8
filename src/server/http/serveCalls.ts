import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  routePath,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResponse,
  type ServedCall,
} from '../../shared/api/call';
import { responseProblem } from './checkResponse';
import { serverLimitBreaches } from './serverLimits';
import { attributionRefusal } from './signedInUser';
import { sendError } from './validate';

/** What a route's handler is given: the request's parts as its declaration's schemas read them. */
export interface CallRequest<C extends ServedCall> {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  /** Where the request came from (the token calls are throttled per address). */
  ip: string;
  headers: FastifyRequest['headers'];
  /** The signed-in user of a data call (requireAdmin read the token); null on the token calls. */
  user: string | null;
}

/**
 * The server logic of one declared call: what its declaration's `response` takes, or the reply
 * once it has sent an error (sendError, sendOutcome).
 */
export type Handler<C extends ServedCall> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallResponse<C> | FastifyReply>;

/**
 * A handler, or a handler with a hook of its own that runs before the request is validated (the
 * refresh throttle counts even a malformed request).
 */
export type Implementation<C extends ServedCall> =
  Handler<C> | { preValidation: preValidationAsyncHookHandler; handle: Handler<C> };

/** A group's server logic: one implementation for each declared call, or `tsc` refuses it. */
export type Implementations<G extends Record<string, ServedCall>> = {
  [K in keyof G]: Implementation<G[K]>;
};

/** Declaration groups by name, as src/shared/api/index.ts lists them. */
export type CallGroups = Record<string, Record<string, ServedCall>>;

/** The server logic of every group: a group left out is a compile error too. */
export type GroupImplementations<S extends CallGroups> = { [G in keyof S]: Implementations<S[G]> };

interface Served {
  call: ServedCall;
  handle: Handler<ServedCall>;
  preValidation?: preValidationAsyncHookHandler;
}

function servedOf(call: ServedCall, implementation: Implementation<ServedCall>): Served {
  return typeof implementation === 'function'
    ? { call, handle: implementation }
    : { call, handle: implementation.handle, preValidation: implementation.preValidation };
}

const requestOf = (request: FastifyRequest): CallRequest<ServedCall> => ({
  params: request.params as CallRequest<ServedCall>['params'],
  query: request.query as CallRequest<ServedCall>['query'],
  body: request.body,
  ip: request.ip,
  headers: request.headers,
  user: request.principal?.username ?? null,
});

/**
 * The body of a route two calls share: the first that reads it wins; when none does, the refusal
 * names the fields of the nearest one (a union's own message would only say "Invalid input").
 */
function eitherBody(bodies: z.ZodType[]): z.ZodType {
  return z.unknown().transform((value, ctx) => {
    const sent = typeof value === 'object' && value !== null ? Object.keys(value) : [];
    let nearest: { issues: z.core.$ZodIssue[]; known: number } = { issues: [], known: -1 };
    for (const body of bodies) {
      const read = body.safeParse(value);
      if (read.success) return read.data as unknown;
      // The nearest body is the one that knows most of the fields sent.
      const fields = body instanceof z.ZodObject ? Object.keys(body.shape) : [];
      const known = sent.filter((key) => fields.includes(key)).length;
      if (known > nearest.known) nearest = { issues: read.error.issues, known };
    }
    for (const issue of nearest.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
    return z.NEVER;
  });
}

/** A body two calls share is within limits when it is within either one's. */
function bodyBreaches(bodies: z.ZodType[], body: unknown): string[] {
  let first: string[] | null = null;
  for (const schema of bodies) {
    const breaches = serverLimitBreaches(schema, body);
    if (breaches.length === 0) return [];
    first ??= breaches;
  }
  return first ?? [];
}

/** The calls of every group with their implementations, by route (method and path). */
function routesOf<S extends CallGroups>(
  groups: S,
  implementations: GroupImplementations<S>,
): Served[][] {
  const routes = new Map<string, Served[]>();
  for (const [group, calls] of Object.entries(groups)) {
    const served = implementations[group] as Record<string, Implementation<ServedCall>>;
    for (const [name, call] of Object.entries(calls)) {
      const key = `${call.method} ${routePath(call.path)}`;
      routes.set(key, [...(routes.get(key) ?? []), servedOf(call, served[name]!)]);
    }
  }
  return [...routes.values()];
}

/**
 * Registers a route for every declared call of `groups`, with the declaration's schemas on it:
 * Fastify checks params, query and body before any handler runs (a bad one is a 400 naming the
 * field), and what the handler answers is checked against the declared response before it is
 * sent (checkResponse.ts). Calls that share a method and path (a new market is saved through
 * /save-new-currency) share one route whose body is either declaration's; the first call whose
 * body reads it handles it. A body that names a user other than the token's where the declaration
 * fills the name from the session is refused with 403 before any handler runs (signedInUser.ts).
 */
export function registerCalls<S extends CallGroups>(
  app: FastifyInstance,
  groups: S,
  implementations: GroupImplementations<S>,
): void {
  app.setValidatorCompiler(validatorCompiler);
  for (const entries of routesOf(groups, implementations)) {
    const first = entries[0]!.call;
    const url = routePath(first.path);
    const bodies = entries.map((entry) => entry.call.body);
    // This server's own length limits, on the raw request, before its schema reads it.
    const withinLimits: preValidationAsyncHookHandler = async (request, reply) => {
      const breaches = [
        ...serverLimitBreaches(first.params, request.params),
        ...serverLimitBreaches(first.query, request.query),
        ...(first.bodyKind === 'none' ? [] : bodyBreaches(bodies, request.body)),
      ];
      if (breaches.length > 0) return sendError(reply, 400, 'invalid_request', breaches.join('; '));
    };
    app.route({
      method: first.method,
      url,
      schema: {
        ...(Object.keys(first.params.shape).length > 0 ? { params: first.params } : {}),
        ...(Object.keys(first.query.shape).length > 0 ? { querystring: first.query } : {}),
        ...(first.bodyKind === 'none'
          ? {}
          : { body: bodies.length > 1 ? eitherBody(bodies) : first.body }),
      },
      preValidation: [
        ...entries.flatMap((entry) => (entry.preValidation ? [entry.preValidation] : [])),
        withinLimits,
      ],
      handler: async (request, reply) => {
        const entry =
          entries.length > 1
            ? entries.find((candidate) => candidate.call.body.safeParse(request.body).success)
            : entries[0];
        // The route's schema took the body, so one of the calls reads it.
        if (!entry) throw new Error(`${first.method} ${url}: no declared call reads the body.`);
        // A write is the signed-in user's: a body naming someone else is refused (signedInUser.ts).
        const refused = attributionRefusal(
          entry.call,
          request.body,
          request.principal?.username ?? null,
        );
        if (refused !== null) return sendError(reply, 403, 'forbidden', refused);
        const answer = await entry.handle(requestOf(request), reply);
        // A handler that answered itself returns the reply, which awaiting turns into what the
        // reply resolves to once sent (never the reply itself): the reply says it was answered. An
        // answer streamed and then cut off (catalogueStream.ts) is not ended, but it is answered.
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        const problem = responseProblem(entry.call.response, answer);
        if (problem !== null)
          throw new Error(
            `${first.method} ${url} answered outside its declared response: ${problem}`,
          );
        return reply.send(answer);
      },
    });
  }
}
