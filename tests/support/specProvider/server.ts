/**
 * The request listener: reads the body, records the request, answers the auth calls of
 * SPEC.md 7 itself, checks the bearer token of every data route and hands over to its handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthStore } from './auth';
import type { RequestInput } from './body';
import { HttpError, notFound, text, type Reply } from './http';
import { answerOf, matchRoute } from './routes';
import type { ProviderState, SeenRequest } from './types';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function route(
  seen: SeenRequest,
  input: RequestInput,
  state: ProviderState,
  auth: AuthStore,
): Reply {
  const { method, path } = seen;
  if (method === 'POST' && path === '/sign-in') return auth.signIn(input);
  if (method === 'POST' && path === '/refresh') return auth.refresh(input);
  if (method === 'POST' && path === '/dqc-sign-out') {
    return auth.signOut(seen.authorization, seen.idToken);
  }
  const match = matchRoute(method, path);
  if (!match) return notFound(path);
  const caller = auth.authorize(seen.authorization);
  if ('status' in caller) return caller;
  const reply = match.route.handle({ ...input, params: match.params, state, caller });
  return reply ?? answerOf(match.route.answer ?? 'empty');
}

export function createListener(
  state: ProviderState,
  auth: AuthStore,
  seen: SeenRequest[],
  load: { inFlight: number; maxInFlight: number } = { inFlight: 0, maxInFlight: 0 },
  delayMs = 0,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    load.inFlight += 1;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    res.on('close', () => (load.inFlight -= 1));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const request: SeenRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      contentType: header(req, 'content-type'),
      authorization: header(req, 'authorization'),
      userId: header(req, 'user-id'),
      idToken: header(req, 'id-token'),
    };
    seen.push(request);
    const input: RequestInput = {
      params: {},
      query: request.query,
      body,
      contentType: request.contentType,
    };
    let reply: Reply;
    try {
      reply = route(request, input, state, auth);
    } catch (error) {
      if (error instanceof HttpError) reply = error.reply;
      else if (error instanceof URIError) reply = text('Malformed path', 400);
      else reply = text(error instanceof Error ? error.message : String(error), 500);
    }
    res.writeHead(reply.status, reply.headers).end(reply.body);
  };
}
