import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_MESSAGE_BYTES,
  startBrowserMode,
  type BrowserMode,
} from '../../../src/browser/browserMode';
import { resolveStaticPath } from '../../../src/browser/staticFiles';
import type { Core } from '../../../src/main/core/createCore';
import { silentLogger } from '../../../src/main/core/log';
import type { BridgeEvent, WsMessage } from '../../../src/shared/bridge';

let mode: BrowserMode;
let listeners: ((event: BridgeEvent) => void)[];
let dispatch: ReturnType<typeof vi.fn>;
let root: string;
let warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'dqc-renderer-'));
  writeFileSync(join(root, 'index.html'), '<html>app</html>');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'a.js'), 'console.log(1)');
  listeners = [];
  dispatch = vi.fn(async (channel: unknown) => ({
    ok: true,
    data: `answer to ${String(channel)}`,
  }));
  const core = {
    dispatch,
    session: {},
    onEvent: (l: (e: BridgeEvent) => void) => (listeners.push(l), () => undefined),
  } as unknown as Core;
  warn = vi.fn<(...args: unknown[]) => void>();
  mode = await startBrowserMode({
    core,
    rendererDir: root,
    port: 0,
    log: { ...silentLogger, warn },
  });
});
afterEach(async () => {
  await mode.close();
});

function get(
  path: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(path, mode.origin);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function connect(query: string, origin: string | undefined = mode.origin): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${mode.origin.replace('http', 'ws')}/bridge${query}`, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

const secret = () => new URL(mode.url).searchParams.get('secret')!;

function nextMessage(ws: WebSocket): Promise<WsMessage> {
  return new Promise((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(data.toString()) as WsMessage)),
  );
}

describe('browser mode', () => {
  it('closes without waiting for a client that holds a connection mid-request', async () => {
    const { connect: rawConnect } = await import('node:net');
    const { port } = new URL(mode.origin);
    const socket = rawConnect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers started but never finished: the server waits on this request.
    socket.write(`GET / HTTP/1.1\r\nHost: ${new URL(mode.origin).host}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Without closing every connection this would wait for the client (the test would time out).
    await mode.close();
    await socketClosed;
    expect(socket.destroyed).toBe(true);
    // afterEach closes again: closing twice must be harmless.
  });

  it('prints a loopback URL carrying a long secret', () => {
    expect(mode.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]{32}$/);
  });

  it('serves the renderer with a strict CSP and never the secret', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toBe('<html>app</html>');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toContain(secret());
    expect((await get('/assets/a.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('refuses paths outside the renderer folder and foreign Host headers', async () => {
    // The resolver on raw paths: an HTTP client here would resolve `..` before sending, so the
    // requests themselves go over a raw socket in badRequests.test.ts.
    for (const raw of ['/../secret', '/%2e%2e/secret', '/assets/..%2f..%2fsecret', '/a%00.js'])
      expect(resolveStaticPath(root, raw), raw).toBeNull();
    expect(resolveStaticPath(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'));
    expect((await get('/', 'evil.example')).status).toBe(421);
  });

  it('refuses a bridge connection without the secret, with a wrong one, or from another origin', async () => {
    await expect(connect('')).rejects.toThrow(/401/);
    await expect(connect('?secret=wrong')).rejects.toThrow(/401/);
    await expect(connect(`?secret=${secret()}`, 'http://evil.example')).rejects.toThrow(/401/);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('dispatches calls from a client with the secret and pushes events to it', async () => {
    const ws = await connect(`?secret=${secret()}`);
    const answer = nextMessage(ws);
    ws.send(JSON.stringify({ id: 7, channel: 'app.info', payload: null }));
    expect(await answer).toEqual({
      kind: 'response',
      id: 7,
      envelope: { ok: true, data: 'answer to app.info' },
    });
    expect(dispatch).toHaveBeenCalledWith('app.info', null);

    const pushed = nextMessage(ws);
    listeners.forEach((l) => l({ type: 'session.signedOut', reason: 'expired', message: 'bye' }));
    expect(await pushed).toEqual({
      kind: 'event',
      event: { type: 'session.signedOut', reason: 'expired', message: 'bye' },
    });
    ws.close();
  });

  it('answers a malformed message with an error instead of dropping the connection', async () => {
    const ws = await connect(`?secret=${secret()}`);
    const answer = nextMessage(ws);
    ws.send('not json');
    expect(await answer).toMatchObject({
      kind: 'response',
      envelope: { ok: false, error: { code: 'BAD_MESSAGE' } },
    });
    ws.close();
  });
});

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

async function stillServing() {
  expect((await get('/')).status).toBe(200);
  const ws = await connect(`?secret=${secret()}`);
  const answer = nextMessage(ws);
  ws.send(JSON.stringify({ id: 1, channel: 'app.info', payload: null }));
  expect(await answer).toMatchObject({ kind: 'response', id: 1, envelope: { ok: true } });
  ws.close();
}

describe('browser mode under bad input', () => {
  it('closes a connection that sends a frame over the size limit, and keeps serving', async () => {
    const ws = await connect(`?secret=${secret()}`);
    ws.on('error', () => undefined); // the client side may see the reset too
    const code = closed(ws);
    ws.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x61));
    expect(await code).toBe(1009);
    expect(warn).toHaveBeenCalledWith(
      'Closing a bridge connection after:',
      expect.stringMatching(/payload/i),
    );
    expect(dispatch).not.toHaveBeenCalled();
    await stillServing();
  });

  it('closes a connection that breaks the WebSocket protocol, and keeps serving', async () => {
    const ws = await connect(`?secret=${secret()}`);
    ws.on('error', () => undefined);
    const code = closed(ws);
    // A masked text frame with RSV1 set, though no extension was negotiated: a protocol error.
    (ws as unknown as { _socket: import('node:net').Socket })._socket.write(
      Buffer.from([0xc1, 0x80, 1, 2, 3, 4]),
    );
    expect(await code).toBe(1002);
    expect(warn).toHaveBeenCalledWith('Closing a bridge connection after:', expect.any(String));
    await stillServing();
  });

  it('answers a malformed HTTP request with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(Number(new URL(mode.origin).port), '127.0.0.1', () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(warn).toHaveBeenCalledWith('Refused a malformed HTTP request:', expect.any(String));
    await stillServing();
  });
});
