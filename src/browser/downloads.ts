import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SaveFilesPort } from '../main/core/desktop/desktopPorts';
import type { Logger } from '../main/core/log';

/** Where a download is fetched: `/downloads/<id>` on browser mode's own loopback origin. */
export const DOWNLOADS_PATH = '/downloads/';
/** A download not fetched within this time is forgotten and its file deleted. */
export const DOWNLOAD_TTL_MS = 10 * 60 * 1000;

interface Offered {
  path: string;
  fileName: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Browser mode's downloads (docs/user-guide.md, A reviewer's shift, Export…): a file core
 * finished is registered under a random 128-bit id and fetched once from `/downloads/<id>`, after
 * which it is forgotten and deleted. The id is the only key, so it is never guessable, never
 * reused and never logged.
 */
export interface Downloads {
  /** The port core offers finished files through. */
  readonly port: SaveFilesPort;
  /** Registers a file; answers the address the page fetches it from. */
  offer(path: string, fileName: string): string;
  /** Answers a request for a download path: true when it was one (whatever the answer). */
  serve(pathname: string, request: IncomingMessage, response: ServerResponse): boolean;
  /** Forgets every download and deletes its file. */
  close(): Promise<void>;
}

/** The Content-Type of a download by its name's extension. */
function typeOf(fileName: string): string {
  if (/\.csv$/i.test(fileName)) return 'text/csv; charset=utf-8';
  if (/\.json$/i.test(fileName)) return 'application/json';
  return 'application/octet-stream';
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): a plain ASCII name for old clients,
 * the exact name percent-encoded (RFC 8187) for the rest.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\w.\- ]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function createDownloads(options: { log?: Logger; ttlMs?: number } = {}): Downloads {
  const offered = new Map<string, Offered>();
  const ttlMs = options.ttlMs ?? DOWNLOAD_TTL_MS;
  const forget = (id: string): Offered | null => {
    const entry = offered.get(id);
    if (!entry) return null;
    offered.delete(id);
    clearTimeout(entry.timer);
    return entry;
  };
  const remove = (path: string) =>
    rm(path, { force: true }).catch((error: unknown) =>
      options.log?.warn(
        'Could not delete a downloaded file:',
        error instanceof Error ? error.message : error,
      ),
    );

  const offer = (path: string, fileName: string): string => {
    const id = randomBytes(16).toString('hex');
    const timer = setTimeout(() => {
      const entry = forget(id);
      if (entry) void remove(entry.path);
    }, ttlMs);
    // An offer nobody fetched must not keep the process alive.
    timer.unref();
    offered.set(id, { path, fileName, timer });
    return `${DOWNLOADS_PATH}${id}`;
  };

  const serve = (pathname: string, request: IncomingMessage, response: ServerResponse) => {
    if (!pathname.startsWith(DOWNLOADS_PATH)) return false;
    const id = pathname.slice(DOWNLOADS_PATH.length);
    const notFound = () =>
      response
        .writeHead(404, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' })
        .end('This download is not available: it was already fetched, or it expired.');
    const known = /^[0-9a-f]{32}$/.test(id) ? offered.get(id) : undefined;
    if (!known) {
      notFound();
      return true;
    }
    const headers = {
      'Content-Type': typeOf(known.fileName),
      'Content-Disposition': contentDisposition(known.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    };
    // HEAD tells what a GET would get without using the download up.
    if (request.method === 'HEAD') {
      response.writeHead(200, headers).end();
      return true;
    }
    // Forgotten before the first byte: a second request gets 404 even while this one streams.
    const entry = forget(id)!;
    stat(entry.path)
      .then((info) => {
        response.writeHead(200, { ...headers, 'Content-Length': info.size });
        const file = createReadStream(entry.path);
        file.on('error', () => response.destroy());
        response.on('close', () => {
          file.destroy();
          void remove(entry.path);
        });
        file.pipe(response);
      })
      .catch(() => {
        notFound();
        void remove(entry.path);
      });
    return true;
  };

  return {
    port: { offerDownload: offer },
    offer,
    serve,
    async close() {
      const entries = [...offered.keys()].map(forget).filter((e): e is Offered => e !== null);
      await Promise.all(entries.map((entry) => remove(entry.path)));
    },
  };
}

let shared: Downloads | null = null;

/**
 * The process's downloads: core (nodeHost.ts) offers files through it and browser mode's server
 * (browserMode.ts) serves them, whichever of the two a caller set up first.
 */
export function processDownloads(): Downloads {
  shared ??= createDownloads();
  return shared;
}
