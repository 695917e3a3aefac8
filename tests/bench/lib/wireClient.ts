import { connect, type Socket } from 'node:net';

/** What the bytes received so far hold: a whole answer (and what follows it), not yet, or a refusal. */
export type WireRead =
  | { kind: 'incomplete' }
  | { kind: 'refused'; reason: string }
  | { kind: 'answer'; status: number; body: Buffer; closes: boolean; rest: Buffer };

/** Reads one HTTP/1.1 answer off the front of `received`. */
export function readWireAnswer(received: Buffer): WireRead {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return { kind: 'incomplete' };
  const head = received.toString('latin1', 0, headEnd);
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1];
  if (length === undefined)
    return {
      kind: 'refused',
      reason: `The answer has no Content-Length: ${head.split('\r\n')[0]}`,
    };
  const end = headEnd + 4 + Number(length);
  if (received.length < end) return { kind: 'incomplete' };
  return {
    kind: 'answer',
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
    body: received.subarray(headEnd + 4, end),
    closes: /\r\nconnection:[ \t]*close\b/i.test(head),
    rest: received.subarray(end),
  };
}

interface Connection {
  socket: Socket;
  received: Buffer;
}

/**
 * An HTTP/1.1 client that adds as little as it can to a call, for timing the server's own cost (the
 * reference server's time per call beyond its SQL: docs/performance.md, How a figure is judged).
 * Load generators such as wrk and autocannon work the same way: one keep-alive connection, each
 * request written as one string, each answer read up to its Content-Length and checked for status
 * 200 but not parsed.
 *
 * Node's own client (httpClient.ts, as core's axios talks to the server) builds a request object,
 * an agent slot and a response stream per call, and the benchmark then parsed the JSON: about
 * 0.1 ms per call at p50 on these machines and about 0.5 ms at p95, with allocations whose
 * collections landed in the API's calls. That is the client's cost, not the server's; the review scenario still reports it beside.
 *
 * One call at a time, as the benchmark makes them. An answer without a Content-Length (a chunked
 * one) is refused with that reason rather than misread; after an answer that says
 * `connection: close`, or a connection the server ended, the next call opens a new one.
 */
export function createWireClient(baseUrl: string, token: string) {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  let current: Connection | null = null;
  let waiting: {
    on: Connection;
    resolve: (body: Buffer) => void;
    reject: (error: Error) => void;
  } | null = null;

  /** Ends a connection: no later call is written to it, and the call waiting on it fails. */
  const drop = (connection: Connection, error: Error) => {
    if (current === connection) current = null;
    connection.socket.destroy();
    if (waiting?.on !== connection) return;
    const call = waiting;
    waiting = null;
    call.reject(error);
  };

  const onData = (connection: Connection, chunk: Buffer) => {
    connection.received =
      connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk]);
    const read = readWireAnswer(connection.received);
    if (read.kind === 'incomplete') return;
    if (read.kind === 'refused') return drop(connection, new Error(read.reason));
    connection.received = read.rest;
    const call = waiting?.on === connection ? waiting : null;
    waiting = null;
    // A server that says it closes the connection gets a new one for the next call.
    if (read.closes && current === connection) current = null;
    if (read.status === 200) call?.resolve(read.body);
    else
      call?.reject(
        new Error(
          `answered ${read.status}: ${read.body.toString('utf8', 0, Math.min(200, read.body.length))}`,
        ),
      );
  };

  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const connection: Connection = {
        socket: connect({ host: url.hostname, port, noDelay: true }, () => resolve(connection)),
        received: Buffer.alloc(0),
      };
      connection.socket.on('data', (chunk: Buffer) => onData(connection, chunk));
      const lost = (error: Error) => {
        drop(connection, error);
        reject(error); // no-op once connected
      };
      connection.socket.on('error', lost);
      connection.socket.on('end', () => lost(new Error('The server closed the connection.')));
      connection.socket.on('close', () => lost(new Error('The connection closed.')));
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
    const connection = current ?? (current = await open());
    const payload = body === undefined ? '' : JSON.stringify(body);
    const request =
      `${method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\n` +
      (body === undefined
        ? method === 'POST'
          ? 'content-length: 0\r\n'
          : ''
        : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
      `\r\n${payload}`;
    const answer = new Promise<Buffer>(
      (resolve, reject) => (waiting = { on: connection, resolve, reject }),
    );
    connection.socket.write(request);
    return answer;
  };

  return {
    post: (path: string, body?: unknown) => send('POST', path, body),
    get: (path: string) => send('GET', path),
    close: () => {
      const connection = current;
      current = null;
      connection?.socket.destroy();
    },
  };
}
export type WireClient = ReturnType<typeof createWireClient>;
