import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request the server finished: its path, its own time, its status and body bytes sent. */
export interface ServedRequest {
  path: string;
  ms: number;
  status: number;
  /** Content-Length as sent (0 for a 304); null when the body was streamed without one. */
  bytes: number | null;
}

/**
 * The server's own time for each request, as the reference server's Node http server sees it:
 * from its 'request' event to the response's 'finish' (the last byte handed to the socket). The
 * listener is prepended, so it starts before Fastify routes the request.
 */
export interface ServerClock {
  /** The times of the requests finished since the last take whose path ends with `pathEnd`. */
  take(pathEnd: string): number[];
  /** The same requests with their status and size (was a reopen answered 304?). */
  takeServed(pathEnd: string): ServedRequest[];
  stop(): void;
}

export function serverClock(server: Server): ServerClock {
  let finished: ServedRequest[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    const start = performance.now();
    const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    response.on('finish', () => {
      const length = response.getHeader('content-length');
      finished.push({
        path,
        ms: performance.now() - start,
        status: response.statusCode,
        bytes: length === undefined ? null : Number(length),
      });
    });
  };
  server.prependListener('request', onRequest);
  const takeServed = (pathEnd: string) => {
    const taken = finished.filter((f) => f.path.endsWith(pathEnd));
    finished = finished.filter((f) => !f.path.endsWith(pathEnd));
    return taken;
  };
  return {
    take: (pathEnd) => takeServed(pathEnd).map((f) => f.ms),
    takeServed,
    stop: () => server.off('request', onRequest),
  };
}
