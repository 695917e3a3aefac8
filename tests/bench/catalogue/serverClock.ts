import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The server's own time for each request, as the reference server's Node http server sees it:
 * from its 'request' event to the response's 'finish' (the last byte handed to the socket). The
 * listener is prepended, so it starts before Fastify routes the request.
 */
export interface ServerClock {
  /** The times of the requests finished since the last take whose path ends with `pathEnd`. */
  take(pathEnd: string): number[];
  stop(): void;
}

export function serverClock(server: Server): ServerClock {
  let finished: { path: string; ms: number }[] = [];
  const onRequest: Parameters<Server['on']>[1] = (request, response) => {
    const start = performance.now();
    const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    response.on('finish', () => finished.push({ path, ms: performance.now() - start }));
  };
  server.prependListener('request', onRequest);
  return {
    take(pathEnd) {
      const taken = finished.filter((f) => f.path.endsWith(pathEnd)).map((f) => f.ms);
      finished = finished.filter((f) => !f.path.endsWith(pathEnd));
      return taken;
    },
    stop: () => server.off('request', onRequest),
  };
}
