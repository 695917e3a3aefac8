import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WsMessage } from '../shared/bridge';
import { contentSecurityPolicy } from '../shared/csp';
import type { Core } from '../main/core/createCore';
import type { Logger } from '../main/core/log';
import { processDownloads, type Downloads } from './downloads';
import { originFormTarget } from './requestTarget';
import { readStatic } from './staticFiles';

export interface BrowserModeOptions {
  core: Core;
  rendererDir: string;
  port: number;
  log: Logger;
  /** Finished exports to download (downloads.ts); the process's own when left out. */
  downloads?: Downloads;
}

export interface BrowserMode {
  /** The URL to open, secret included. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** The largest bridge message accepted; a bigger frame closes that connection (1009), nothing else. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

function sameSecret(given: string | null, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function securityHeaders(origin: string) {
  const wsOrigin = origin.replace(/^http/, 'ws');
  return {
    'Content-Security-Policy': contentSecurityPolicy([wsOrigin]),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

/** A bridge request off the wire; anything else is dropped with an error answer. */
function parseRequest(raw: string): { id: number; channel: unknown; payload: unknown } | null {
  try {
    const value = JSON.parse(raw) as { id?: unknown; channel?: unknown; payload?: unknown };
    return typeof value.id === 'number' && Number.isInteger(value.id)
      ? { id: value.id, channel: value.channel, payload: value.payload }
      : null;
  } catch {
    return null;
  }
}

/**
 * Browser mode: the renderer served to an ordinary browser on loopback, its bridge a WebSocket
 * to the same core. Only a client presenting this launch's secret, from our own origin and Host,
 * may open the WebSocket; the secret never appears in any response the server sends.
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  const { core, rendererDir, log } = options;
  const downloads = options.downloads ?? processDownloads();
  const secret = randomBytes(24).toString('base64url');
  let origin = '';

  const http = createServer((request, response) => {
    const host = request.headers.host;
    if (`http://${host}` !== origin) {
      response.writeHead(421).end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const target = originFormTarget(request.url);
    if (!target) {
      log.warn('Refused a request whose target is not a plain path.');
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    // A finished export, fetched once by its unguessable id (same host guard as every page).
    if (downloads.serve(target.pathname, request, response)) return;
    readStatic(rendererDir, target.pathname)
      .then((file) => {
        if (!file) {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
          return;
        }
        response.writeHead(200, { 'Content-Type': file.type, ...securityHeaders(origin) });
        response.end(request.method === 'HEAD' ? undefined : file.body);
      })
      .catch((error: unknown) => {
        // Whatever fails here fails this answer only, never the process serving the page.
        log.warn('Could not answer a request:', error instanceof Error ? error.message : error);
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      });
  });
  // A malformed request line or header from a client: answer 400 and drop that socket only.
  http.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    log.warn('Refused a malformed HTTP request:', error.code ?? error.message);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', (error) => log.warn('Bridge server error:', error.message));
  const clients = new Set<WebSocket>();
  const unsubscribe = core.onEvent((event) => {
    const message: WsMessage = { kind: 'event', event };
    const text = JSON.stringify(message);
    clients.forEach((client) => client.send(text));
  });

  http.on('upgrade', (request: IncomingMessage, socket, head) => {
    // A reset during the handshake must not become an uncaught 'error' (ws adds its own later).
    socket.on('error', (error) => log.warn('Bridge socket error:', error.message));
    try {
      acceptBridge(request, socket, head);
    } catch (error) {
      // Nothing a client sends may end the process that serves the page: refuse this one.
      log.warn('Refused a bridge request:', error instanceof Error ? error.message : error);
      socket.destroy();
    }
  });

  function acceptBridge(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = originFormTarget(request.url);
    if (!url) {
      log.warn('Refused a bridge request whose target is not a plain path.');
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const allowed =
      url.pathname === '/bridge' &&
      `http://${request.headers.host}` === origin &&
      request.headers.origin === origin &&
      sameSecret(url.searchParams.get('secret'), secret);
    if (!allowed) {
      log.warn('Refused a bridge connection without the launch secret or from another origin.');
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      // An oversized frame (maxPayload) or a protocol violation: ws emits 'error' and closes the
      // connection (1009 / 1002). Without this listener that 'error' would end the process.
      ws.on('error', (error) => log.warn('Closing a bridge connection after:', error.message));
      ws.on('message', (data) => {
        const request = parseRequest(data.toString());
        if (!request) {
          ws.send(
            JSON.stringify({
              kind: 'response',
              id: -1,
              envelope: {
                ok: false,
                error: {
                  status: 400,
                  code: 'BAD_MESSAGE',
                  message: 'A bridge message must be JSON with a numeric id.',
                },
              },
            }),
          );
          return;
        }
        void core.dispatch(request.channel, request.payload).then((envelope) => {
          const message: WsMessage = { kind: 'response', id: request.id, envelope };
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
        });
      });
    });
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?secret=${secret}`,
    origin,
    async close() {
      unsubscribe();
      clients.forEach((client) => client.terminate());
      wss.close();
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      // An open tab keeps keep-alive connections (and retries the bridge): close() alone would
      // wait for them without end, so a stop or a restart could hang.
      http.closeAllConnections();
      await closed;
    },
  };
}
