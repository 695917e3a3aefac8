import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the recording server. */
export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent (still percent-encoded). */
  url: string;
  /** The path alone, still percent-encoded. */
  path: string;
  query: Record<string, string>;
  /** The raw body text ('' when none). */
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
  userId: string | undefined;
  idToken: string | undefined;
}

/** What the recording server answers: a status, a body as text, and its content type if any. */
export interface CannedReply {
  status: number;
  body: string;
  contentType?: string;
}

export const jsonReply = (value: unknown, status = 200): CannedReply => ({
  status,
  body: JSON.stringify(value),
  contentType: 'application/json',
});
export const textReply = (body: string, status = 200): CannedReply => ({
  status,
  body,
  contentType: 'text/plain; charset=utf-8',
});
/** A 2xx with no body and no content type (200 or 204). */
export const emptyReply = (status = 200): CannedReply => ({ status, body: '' });

export interface RecordingServer {
  url: string;
  seen: RecordedRequest[];
  close(): Promise<void>;
}

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

/** A loopback HTTP server that records every request and answers with `answer`. */
export async function startRecordingServer(
  answer: (request: RecordedRequest) => CannedReply,
): Promise<RecordingServer> {
  const seen: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: header(req.headers['content-type']),
        authorization: header(req.headers.authorization),
        userId: header(req.headers['user-id']),
        idToken: header(req.headers['id-token']),
      };
      seen.push(request);
      const reply = answer(request);
      const headers = reply.contentType ? { 'content-type': reply.contentType } : {};
      res.writeHead(reply.status, headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
