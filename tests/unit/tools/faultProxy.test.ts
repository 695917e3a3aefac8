import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dataCalls,
  fault,
  GATEWAY_HTML_503,
  refreshCalls,
  startFaultProxy,
  type FaultProxy,
} from '../../support/faultProxy';

/** The tiny upstream: echoes what it got as JSON, and counts what reached it. */
const BODY = JSON.stringify({
  rows: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `n${i}` })),
});
let upstream: Server;
let upstreamUrl: string;
const reached: string[] = [];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** One request through node:http; rejects with the socket error when there is no answer. */
function send(url: string, path: string, method = 'GET', body?: string): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: Date.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      reached.push(`${req.method} ${req.url}`);
      if (req.url?.startsWith('/echo')) {
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(BODY),
        'x-upstream': 'yes',
      });
      res.end(BODY);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('fault proxy', () => {
  let proxy: FaultProxy;
  afterEach(async () => {
    await proxy.close();
  });
  const start = async () => {
    proxy = await startFaultProxy(upstreamUrl);
    reached.length = 0;
    return proxy;
  };

  it('passes requests through untouched: method, path, query, body, status and headers', async () => {
    await start();
    const answer = await send(proxy.url, '/echo/x?a=1&b=two', 'POST', '{"k":"v"}');
    expect(answer.status).toBe(201);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect(JSON.parse(answer.body)).toEqual({
      method: 'POST',
      url: '/echo/x?a=1&b=two',
      body: '{"k":"v"}',
    });
    const plain = await send(proxy.url, '/list');
    expect(plain.body).toBe(BODY);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(BODY)));
    expect(proxy.log.map((r) => [r.method, r.path, r.applied, r.status])).toEqual([
      ['POST', '/echo/x', 'none', 201],
      ['GET', '/list', 'none', 200],
    ]);
  });

  it('status answers by itself with the status and body given; the server never sees it', async () => {
    await start();
    proxy.set(fault.status(503));
    const empty = await send(proxy.url, '/list');
    expect(empty.status).toBe(503);
    expect(empty.body).toBe('');
    proxy.set(fault.status(502, GATEWAY_HTML_503));
    const html = await send(proxy.url, '/list', 'POST', '{"a":1}');
    expect(html.status).toBe(502);
    expect(html.body).toContain('<title>503 Service Temporarily Unavailable</title>');
    expect(html.headers['content-type']).toBe('text/html');
    expect(reached).toEqual([]);
  });

  it('reset destroys the socket without an answer', async () => {
    await start();
    proxy.set(fault.reset());
    await expect(send(proxy.url, '/list')).rejects.toMatchObject({
      code: expect.stringMatching(/ECONNRESET|socket hang up/) as unknown,
    });
    expect(reached).toEqual([]);
    expect(proxy.log.at(-1)).toMatchObject({ path: '/list', applied: 'reset' });
  });

  it('cutJson sends the real status and headers but only the first half of the body', async () => {
    await start();
    proxy.set(fault.cutJson());
    const answer = await send(proxy.url, '/list');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body).toBe(BODY.slice(0, Math.floor(BODY.length / 2)));
    expect(() => JSON.parse(answer.body) as unknown).toThrow();
    expect(reached).toEqual(['GET /list']);
  });

  it('latency holds each request for the time given, then passes it on', async () => {
    await start();
    proxy.set(fault.latency(400));
    const answer = await send(proxy.url, '/list');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(BODY);
    expect(answer.ms).toBeGreaterThanOrEqual(390);
    proxy.set(fault.none());
    expect((await send(proxy.url, '/list')).ms).toBeLessThan(390);
  });

  it('a predicate limits the fault to the requests it picks (data calls, not the token calls)', async () => {
    await start();
    proxy.set(fault.status(503), { when: dataCalls });
    expect((await send(proxy.url, '/twitter-service/filter', 'POST')).status).toBe(503);
    expect((await send(proxy.url, '/refresh', 'POST')).status).toBe(200);
    expect((await send(proxy.url, '/sign-in', 'POST')).status).toBe(200);
    proxy.set(fault.status(503), { when: refreshCalls });
    expect((await send(proxy.url, '/refresh', 'POST')).status).toBe(503);
    expect((await send(proxy.url, '/twitter-service/filter', 'POST')).status).toBe(200);
  });

  it('times limits a rule to its first requests; add chains rules, the first match wins', async () => {
    await start();
    proxy.set(fault.status(401), { when: dataCalls, times: 1 });
    proxy.add(fault.status(503), { when: refreshCalls });
    expect((await send(proxy.url, '/x')).status).toBe(401);
    expect((await send(proxy.url, '/x')).status).toBe(200);
    expect((await send(proxy.url, '/refresh', 'POST')).status).toBe(503);
    expect((await send(proxy.url, '/refresh', 'POST')).status).toBe(503);
  });

  it('none, set at run time, restores pass-through after every kind of fault', async () => {
    await start();
    for (const f of [fault.status(500), fault.reset(), fault.cutJson(), fault.latency(50)]) {
      proxy.set(f);
      await send(proxy.url, '/list').catch(() => undefined);
      proxy.set(fault.none());
      const answer = await send(proxy.url, '/list');
      expect([f.kind, answer.status, answer.body]).toEqual([f.kind, 200, BODY]);
    }
  });
});
