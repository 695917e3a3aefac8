import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWireClient, readWireAnswer, type WireClient } from '../../bench/lib/wireClient';

/** What the server saw of each request: method, path, the headers that matter, the body. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: string;
}

let server: Server | null = null;
let client: WireClient | null = null;
afterEach(async () => {
  client?.close();
  client = null;
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = null;
});

const readBody = (request: IncomingMessage) =>
  new Promise<string>((done) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => done(text));
  });

/** A local server whose answer to each request is `answer`'s; returns the wire client on it. */
async function serve(
  answer: (seen: Seen, response: import('node:http').ServerResponse) => void,
  seen: Seen[] = [],
) {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const entry: Seen = {
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        body,
      };
      seen.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  client = createWireClient(`http://127.0.0.1:${port}`, 'the-token');
  return client;
}

const json = (response: import('node:http').ServerResponse, status: number, text: string) => {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};

describe('the wire client (the benchmark API figures)', () => {
  it('sends the token and a JSON body, and gives back the answer as sent', async () => {
    const seen: Seen[] = [];
    const wire = await serve(
      (entry, response) => json(response, 200, `{"echo":${entry.body}}`),
      seen,
    );
    const answer = await wire.post('/twitter-service/filter', {
      keyword: 'bitcoin',
      startIndex: 20,
    });
    expect(answer.toString('utf8')).toBe('{"echo":{"keyword":"bitcoin","startIndex":20}}');
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/twitter-service/filter',
        authorization: 'Bearer the-token',
        contentType: 'application/json',
        contentLength: String(Buffer.byteLength('{"keyword":"bitcoin","startIndex":20}')),
        body: '{"keyword":"bitcoin","startIndex":20}',
      },
    ]);
  });

  it('sends a POST without a body with length 0, and a GET with none', async () => {
    const seen: Seen[] = [];
    const wire = await serve((_entry, response) => json(response, 200, '[]'), seen);
    await wire.post('/news-service/find-by-id/7');
    await wire.get('/twitter-service/get-keywords');
    expect(seen.map((s) => [s.method, s.url, s.contentLength, s.body])).toEqual([
      ['POST', '/news-service/find-by-id/7', '0', ''],
      ['GET', '/twitter-service/get-keywords', undefined, ''],
    ]);
  });

  it('makes call after call on one connection, each answer whole and its own', async () => {
    const connections = new Set<unknown>();
    const wire = await serve((entry, response) => {
      connections.add(response.socket);
      json(response, 200, JSON.stringify({ n: JSON.parse(entry.body).n, pad: 'x'.repeat(70_000) }));
    });
    for (let n = 0; n < 5; n++) {
      const answer = JSON.parse((await wire.post('/f', { n })).toString('utf8')) as { n: number };
      expect(answer.n).toBe(n);
    }
    expect(connections.size).toBe(1);
  });

  it('reads an answer that arrives in pieces', async () => {
    const wire = await serve((_entry, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 9 });
      response.flushHeaders();
      response.write('[1,2,');
      setImmediate(() => response.end('3,4]'));
    });
    expect((await wire.post('/f', {})).toString('utf8')).toBe('[1,2,3,4]');
  });

  it('refuses an answer that is not 200, naming its status and body', async () => {
    const wire = await serve((_entry, response) =>
      json(response, 401, '{"error":"invalid_token"}'),
    );
    await expect(wire.post('/f', {})).rejects.toThrow('answered 401: {"error":"invalid_token"}');
  });

  it('refuses an answer without a Content-Length rather than misread it', async () => {
    const wire = await serve((_entry, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // chunked
      response.end('[]');
    });
    await expect(wire.post('/f', {})).rejects.toThrow('The answer has no Content-Length');
  });

  it('opens a new connection for the call after an answer that closes its own', async () => {
    const connections = new Set<unknown>();
    let calls = 0;
    const wire = await serve((_entry, response) => {
      calls += 1;
      connections.add(response.socket);
      if (calls === 1) response.setHeader('connection', 'close');
      json(response, 200, String(calls));
    });
    expect((await wire.post('/f', {})).toString('utf8')).toBe('1');
    // At once, before the close can have reached the client: the call must not go to that socket.
    expect((await wire.post('/f', {})).toString('utf8')).toBe('2');
    expect(connections.size).toBe(2);
  });

  it('makes one call at a time', async () => {
    const wire = await serve((_entry, response) => json(response, 200, '[]'));
    const first = wire.post('/f', {});
    await expect(wire.post('/g', {})).rejects.toThrow('one call at a time');
    await expect(first).resolves.toBeInstanceOf(Buffer);
  });
});

describe('reading an answer off the wire', () => {
  const answer =
    'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 7\r\n\r\n[1,2,3]';

  it('waits while the head or the body is cut anywhere, and reads it whole once all is there', () => {
    const bytes = Buffer.from(answer, 'latin1');
    for (let cut = 0; cut < bytes.length; cut++)
      expect(readWireAnswer(bytes.subarray(0, cut)).kind).toBe('incomplete');
    expect(readWireAnswer(bytes)).toEqual({
      kind: 'answer',
      status: 200,
      body: Buffer.from('[1,2,3]'),
      closes: false,
      rest: Buffer.alloc(0),
    });
  });

  it('keeps what follows an answer for the next one, and reads a close and a status', () => {
    const two = Buffer.from(
      'HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}' + answer,
      'latin1',
    );
    const first = readWireAnswer(two);
    expect(first).toMatchObject({ kind: 'answer', status: 401, closes: true });
    if (first.kind !== 'answer') throw new Error('no answer');
    expect(first.body.toString()).toBe('{}');
    expect(readWireAnswer(first.rest)).toMatchObject({ kind: 'answer', status: 200 });
  });

  it('refuses a head without a Content-Length', () => {
    expect(
      readWireAnswer(Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n[]')),
    ).toEqual({ kind: 'refused', reason: 'The answer has no Content-Length: HTTP/1.1 200 OK' });
  });
});
