import { Agent, request } from 'node:http';

/**
 * Node's own HTTP client with keep-alive, as core's (axios on Node http) talks to the server: the
 * API figure is the server's answer over loopback, without core's reading of it.
 */
export function createHttpClient(baseUrl: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<unknown>((resolvePromise, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolvePromise(JSON.parse(Buffer.concat(chunks).toString('utf8')))
              : reject(new Error(`${method} ${path} answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    post: (path: string, body?: unknown) => send('POST', path, body),
    get: (path: string) => send('GET', path),
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof createHttpClient>;
