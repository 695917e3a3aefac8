import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP proxy between core and the server whose behaviour can be switched while a test runs
 * (RELIABILITY.md, Figures from the last run: Faults): pass-through, added latency, a 5xx of its
 * own, a connection reset without an answer, or the real answer cut in half.
 */
export type Fault =
  | { kind: 'none' }
  /** The request waits `ms` before it is passed on. */
  | { kind: 'latency'; ms: number }
  /** The proxy answers `status` itself; the server never sees the request. */
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  /** The socket is destroyed without an answer; the server never sees the request. */
  | { kind: 'reset' }
  /** No answer at all, ever: the request is held open until the proxy closes. */
  | { kind: 'hang' }
  /** Held unanswered until the test calls releaseHeld(), then passed on: a slow server on cue. */
  | { kind: 'hold' }
  /**
   * The real answer's status and headers, but only the first half of its body, then a clean end.
   * `content-length` is left out, so that the client reads the cut body itself (a body that
   * stopped short of a declared length would be a transport error, like a reset).
   */
  | { kind: 'cutJson' }
  /**
   * Passed on and answered by the server, but the answer never reaches the client: the socket is
   * destroyed once the server's answer is in (a write that landed and whose answer was lost).
   */
  | { kind: 'dropAnswer' };

export const fault = {
  none: (): Fault => ({ kind: 'none' }),
  latency: (ms: number): Fault => ({ kind: 'latency', ms }),
  status: (status: number, body?: string, contentType?: string): Fault => ({
    kind: 'status',
    status,
    ...(body === undefined ? {} : { body }),
    ...(contentType === undefined ? {} : { contentType }),
  }),
  reset: (): Fault => ({ kind: 'reset' }),
  hang: (): Fault => ({ kind: 'hang' }),
  hold: (): Fault => ({ kind: 'hold' }),
  cutJson: (): Fault => ({ kind: 'cutJson' }),
  dropAnswer: (): Fault => ({ kind: 'dropAnswer' }),
};

/** What a rule looks at: the method and the path without its query. */
export interface ProxiedRequest {
  method: string;
  path: string;
}
export type RequestPredicate = (request: ProxiedRequest) => boolean;

/** The token endpoints of SPEC.md 7 (src/shared/api/auth.ts). */
export const AUTH_PATHS: readonly string[] = ['/sign-in', '/refresh', '/dqc-sign-out'];
/** Every data call, none of the token calls. */
export const dataCalls: RequestPredicate = ({ path }) => !AUTH_PATHS.includes(path);
/** The token refresh only. */
export const refreshCalls: RequestPredicate = ({ path }) => path === '/refresh';

export interface RuleOptions {
  /** Which requests the fault applies to; all when left out. */
  when?: RequestPredicate;
  /** How many requests it applies to before it stops; unlimited when left out. */
  times?: number;
}

interface Rule {
  fault: Fault;
  when: RequestPredicate;
  remaining: number;
}

/** One request as the proxy saw it. */
export interface ProxyRecord extends ProxiedRequest {
  /** The fault applied, 'none' for a pass-through. */
  applied: Fault['kind'];
  /** The status sent to the client, when one was sent. */
  status?: number;
  /** The status the server answered, when the request reached it. */
  upstreamStatus?: number;
  /** The request's body as it was passed on to the server (only then). */
  body?: string;
}

export interface FaultProxy {
  /** The proxy's base URL, e.g. http://127.0.0.1:43210 (hand it to launchConsole). */
  readonly url: string;
  /** Replaces every rule by this one; `fault.none()` restores pass-through for everything. */
  set(fault: Fault, options?: RuleOptions): void;
  /** Adds a rule after the others; the first rule that matches a request (and has times left) wins. */
  add(fault: Fault, options?: RuleOptions): void;
  /** Every request seen so far, oldest first. */
  readonly log: readonly ProxyRecord[];
  /** Passes on every request held by a 'hold' fault, oldest first. */
  releaseHeld(): void;
  /** Requests passed on to the server and not yet answered by it. */
  pendingUpstream(): number;
  close(): Promise<void>;
}

/** An nginx-like gateway page: what a reverse proxy in front of the provider answers on a 503. */
export const GATEWAY_HTML_503 = [
  '<html>',
  '<head><title>503 Service Temporarily Unavailable</title></head>',
  '<body>',
  '<center><h1>503 Service Temporarily Unavailable</h1></center>',
  '<hr><center>nginx</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function forwardHeaders(headers: IncomingHttpHeaders, drop: readonly string[] = []) {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || drop.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the proxy on a free loopback port, in pass-through until a fault is set. */
export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  let rules: Rule[] = [];
  const log: ProxyRecord[] = [];
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];
  let pendingUpstream = 0;

  const ruleFor = (request: ProxiedRequest): Rule | undefined => {
    const rule = rules.find((r) => r.remaining > 0 && r.when(request));
    if (rule) rule.remaining -= 1;
    return rule;
  };

  /**
   * Passes the request on; `cut` sends only the first half of the answer's body, `drop` none of it
   * (the socket is destroyed once the server has answered).
   */
  const pass = (
    req: IncomingMessage,
    res: ServerResponse,
    record: ProxyRecord,
    cut: boolean,
    drop = false,
  ) => {
    pendingUpstream += 1;
    let settled = false;
    const settle = () => {
      if (!settled) pendingUpstream -= 1;
      settled = true;
    };
    const outbound = httpRequest(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...forwardHeaders(req.headers), host: upstream.host },
      },
      (answer) => {
        settle();
        record.upstreamStatus = answer.statusCode;
        if (drop) {
          answer.resume();
          req.socket.destroy();
          return;
        }
        record.status = answer.statusCode;
        if (!cut) {
          res.writeHead(answer.statusCode ?? 502, forwardHeaders(answer.headers));
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(
            answer.statusCode ?? 502,
            forwardHeaders(answer.headers, ['content-length']),
          );
          res.end(body.subarray(0, Math.floor(body.length / 2)));
        });
      },
    );
    outbound.on('error', () => {
      settle();
      // The server is gone: the client sees what a gateway would say.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway');
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => (record.body = Buffer.concat(chunks).toString('utf8')));
    req.pipe(outbound);
  };

  const server = createServer((req, res) => {
    const request: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
    };
    const rule = ruleFor(request);
    const chosen: Fault = rule?.fault ?? { kind: 'none' };
    const record: ProxyRecord = { ...request, applied: chosen.kind };
    log.push(record);
    switch (chosen.kind) {
      case 'none':
        pass(req, res, record, false);
        return;
      case 'cutJson':
        pass(req, res, record, true);
        return;
      case 'dropAnswer':
        pass(req, res, record, false, true);
        return;
      case 'latency':
        void sleep(chosen.ms).then(() => {
          if (!req.socket.destroyed) pass(req, res, record, false);
        });
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'hang':
        // Read and hold: close() destroys the socket with the others.
        req.resume();
        return;
      case 'hold':
        held.push(() => {
          if (!req.socket.destroyed) pass(req, res, record, false);
        });
        return;
      case 'status': {
        record.status = chosen.status;
        // Read the request to its end first, as a gateway would, so the client is not cut off.
        req.resume();
        req.on('end', () => {
          const body = chosen.body ?? '';
          res.writeHead(chosen.status, {
            'content-type': chosen.contentType ?? 'text/html',
            'content-length': Buffer.byteLength(body),
          });
          res.end(body);
        });
        return;
      }
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const ruleOf = (f: Fault, options: RuleOptions = {}): Rule => ({
    fault: f,
    when: options.when ?? (() => true),
    remaining: options.times ?? Number.POSITIVE_INFINITY,
  });

  return {
    url: `http://127.0.0.1:${port}`,
    set(f, options) {
      rules = [ruleOf(f, options)];
    },
    add(f, options) {
      rules.push(ruleOf(f, options));
    },
    log,
    pendingUpstream: () => pendingUpstream,
    releaseHeld() {
      held.splice(0).forEach((release) => release());
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
