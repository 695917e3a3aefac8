import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DeclaredCall } from '../../shared/api';
import {
  routePath,
  type AnyCall,
  type CallBody,
  type CallParams,
  type CallQuery,
} from '../../shared/api/call';
import type { VerifiedToken } from '../auth/tokens';
import { serverLimitBreaches } from './serverLimits';
import { sendError } from './validate';

/** What a route's handler is given: the request's parts as its declaration's schemas read them. */
export interface CallRequest<C extends AnyCall> {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The signed-in ADMIN user (every data route is behind requireAdmin). */
  principal: VerifiedToken;
}

export interface Implementation {
  call: AnyCall;
  handle(request: CallRequest<AnyCall>, reply: FastifyReply): Promise<unknown>;
}

/** The server logic of one declared call. */
export function implement<C extends AnyCall>(
  declared: C,
  handle: (request: CallRequest<C>, reply: FastifyReply) => Promise<unknown>,
): Implementation {
  return { call: declared, handle: handle as Implementation['handle'] };
}

const requestOf = (request: FastifyRequest): CallRequest<AnyCall> => ({
  params: request.params as CallRequest<AnyCall>['params'],
  query: request.query as CallRequest<AnyCall>['query'],
  body: request.body,
  principal: request.principal!,
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

/**
 * Registers a route for every declared call, with the declaration's schemas on it: Fastify checks
 * params, query and body before any handler runs (a bad one is a 400 naming the field). Calls
 * that share a method and path (a new market is saved through /save-new-currency) share one route
 * whose body is either declaration's; the first implementation whose body reads it handles it. A
 * declared call without server logic yet answers 501, after the same checks.
 */
export function registerCalls(
  app: FastifyInstance,
  declared: DeclaredCall[],
  implementations: Implementation[],
): void {
  const routes = new Map<string, DeclaredCall[]>();
  for (const entry of declared) {
    const key = `${entry.call.method} ${routePath(entry.call.path)}`;
    routes.set(key, [...(routes.get(key) ?? []), entry]);
  }
  for (const entries of routes.values()) {
    const first = entries[0]!.call;
    const bodies = entries.map((entry) => entry.call.body);
    app.route({
      method: first.method,
      url: routePath(first.path),
      schema: {
        ...(Object.keys(first.params.shape).length > 0 ? { params: first.params } : {}),
        ...(Object.keys(first.query.shape).length > 0 ? { querystring: first.query } : {}),
        ...(first.bodyKind === 'none'
          ? {}
          : { body: bodies.length > 1 ? eitherBody(bodies) : first.body }),
      },
      // This server's own length limits, on the raw request, before its schema reads it.
      preValidation: async (request, reply) => {
        const breaches = [
          ...serverLimitBreaches(first.params, request.params),
          ...serverLimitBreaches(first.query, request.query),
          ...(first.bodyKind === 'none' ? [] : bodyBreaches(bodies, request.body)),
        ];
        if (breaches.length > 0)
          return sendError(reply, 400, 'invalid_request', breaches.join('; '));
      },
      handler: async (request, reply) => {
        const entry =
          entries.length > 1
            ? entries.find((candidate) => candidate.call.body.safeParse(request.body).success)
            : entries[0];
        const handler = implementations.find((impl) => impl.call === entry?.call);
        if (!handler) {
          return sendError(
            reply,
            501,
            'not_implemented',
            `${request.method} ${routePath(first.path)} is declared but not served by the reference server yet.`,
          );
        }
        return handler.handle(requestOf(request), reply);
      },
    });
  }
}
