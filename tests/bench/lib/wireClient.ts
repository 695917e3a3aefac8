import { connect, type Socket } from 'node:net';

/**
 * An HTTP/1.1 client that adds as little as it can to a call, for timing the server's own cost
 * (issue 25, item 5: the reference server's time per call beyond its SQL). Load generators such as
 * wrk and autocannon work the same way: one keep-alive connection, each request written as one
 * string, each answer read up to its Content-Length and checked for status 200 but not parsed.
 *
 * Node's own client (httpClient.ts, as core's axios talks to the server) builds a request object,
 * an agent slot and a response stream per call, and the benchmark then parsed the JSON: about
 * 0.1 ms per call on these machines, and allocations whose collections landed in the API's calls.
 * That is the client's cost, not the server's; the review scenario still reports it beside.
 *
 * One call at a time, as the benchmark makes them. An answer without a Content-Length (a chunked
 * one) is refused with that reason rather than misread.
 */
export function createWireClient(baseUrl: string, token: string) {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  let socket: Socket | null = null;
  let waiting: { resolve: (body: Buffer) => void; reject: (error: Error) => void } | null = null;
  let received: Buffer = Buffer.alloc(0);

  const settle = (outcome: { body: Buffer } | { error: Error }) => {
    const call = waiting;
    waiting = null;
    if (!call) return;
    if ('body' in outcome) call.resolve(outcome.body);
    else call.reject(outcome.error);
  };

  /** Reads one whole answer off `received`, if it has arrived. */
  const readAnswer = () => {
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      received = Buffer.alloc(0);
      socket?.destroy();
      socket = null;
      return settle({
        error: new Error(`The answer has no Content-Length: ${head.split('\r\n')[0]}`),
      });
    }
    const end = headEnd + 4 + Number(length);
    if (received.length < end) return;
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
    const body = received.subarray(headEnd + 4, end);
    received = received.subarray(end);
    if (status === 200) settle({ body });
    else
      settle({
        error: new Error(
          `answered ${status}: ${body.toString('utf8', 0, Math.min(200, body.length))}`,
        ),
      });
  };

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const opened = connect({ host: url.hostname, port, noDelay: true }, () => resolve(opened));
      opened.on('data', (chunk: Buffer) => {
        received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
        readAnswer();
      });
      const lost = (error: Error) => {
        if (socket === opened) socket = null;
        received = Buffer.alloc(0);
        settle({ error });
        reject(error);
      };
      opened.on('error', lost);
      opened.on('close', () => lost(new Error('The server closed the connection.')));
    });

  let busy = false;
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Buffer> => {
    if (busy) throw new Error('The wire client makes one call at a time.');
    busy = true;
    try {
      return await sendOne(method, path, body);
    } finally {
      busy = false;
    }
  };

  const sendOne = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    socket ??= await open();
    const payload = body === undefined ? '' : JSON.stringify(body);
    const request =
      `${method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\n` +
      (body === undefined
        ? method === 'POST'
          ? 'content-length: 0\r\n'
          : ''
        : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
      `\r\n${payload}`;
    const answer = new Promise<Buffer>((resolve, reject) => (waiting = { resolve, reject }));
    socket.write(request);
    return answer;
  };

  return {
    post: (path: string, body?: unknown) => send('POST', path, body),
    get: (path: string) => send('GET', path),
    close: () => {
      socket?.destroy();
      socket = null;
    },
  };
}
export type WireClient = ReturnType<typeof createWireClient>;
