import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { contentTypeOf } from './core/contentTypes';

/**
 * The packaged renderer's own scheme. The release fuses turn `grantFileProtocolExtraPrivileges`
 * off, so `file://` pages behave as in a browser, where module scripts do not load; a privileged
 * standard scheme gives the page a real origin (app://dqc) instead. No `electron` import here, so
 * the handler is tested in plain Node (tests/unit/main/appProtocol.test.ts).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'dqc';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * What registerSchemesAsPrivileged grants the scheme, and no more:
 * - standard: relative URLs resolve and the page has an origin of its own (so 'self' in the CSP
 *   and the sender check mean app://dqc);
 * - secure: treated like https (no mixed-content downgrade);
 * - supportFetchAPI: module scripts are fetched in CORS mode, which needs it.
 * Deliberately not bypassCSP (the CSP must apply) nor corsEnabled (that would let other origins
 * read the app's files).
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
} as const;

/** The two file operations the handler needs; injected so tests can fake failures. */
export interface AppFiles {
  /** The path with every symlink resolved; rejects when it does not exist. */
  realpath(path: string): Promise<string>;
  /** The file's bytes; rejects when missing or a directory. */
  readFile(path: string): Promise<Uint8Array>;
}

/** Node's fs; in Electron it also reads inside app.asar (Electron patches fs.promises). */
export const nodeAppFiles: AppFiles = {
  realpath: (path) => realpath(path),
  readFile: (path) => readFile(path),
};

/** A path under the root, or null when the URL tries to leave it (answered 403). */
export type ResolvedAppPath = string | null;

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * Maps a URL path (still percent-encoded, as in `URL.pathname`) to a file under `root`. Each
 * segment is decoded on its own, and a segment that decodes to `.`/`..` or holds a separator, a
 * NUL or a colon (a Windows drive or stream) is refused: nothing is ever joined that could climb
 * out of the folder, whatever the URL parser in front did or did not normalise.
 */
export function resolveAppPath(root: string, pathname: string): ResolvedAppPath {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  // The page's router works on the hash (HashRouter), so the only page is index.html and there
  // is no history fallback: an unknown path is a 404, never the page.
  if (segments.length === 0) segments.push('index.html');
  const path = join(root, ...segments);
  return isInside(root, path) ? path : null;
}

export interface AppProtocolOptions {
  /** The built renderer folder (out/renderer); nothing outside it is ever served. */
  root: string;
  /** Sent on every response, so the policy holds even if the page's meta tag were removed. */
  contentSecurityPolicy: string;
  files?: AppFiles;
}

export type AppProtocolHandler = (request: Request) => Promise<Response>;

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...extra },
  });

/** The protocol.handle handler for app://dqc: files of `root` only, GET and HEAD only. */
export function createAppProtocolHandler(options: AppProtocolOptions): AppProtocolHandler {
  const files = options.files ?? nodeAppFiles;
  // Resolved on first use (and again after a failure): symlinks in the install path itself,
  // such as /usr/bin -> /usr/lib/..., must not make every file look like it escapes.
  let realRoot: Promise<string> | null = null;
  const rootReal = () => {
    realRoot ??= files.realpath(options.root).catch((error: unknown) => {
      realRoot = null;
      throw error;
    });
    return realRoot;
  };

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST)
      return plain(404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });

    // URL.pathname has neither query nor hash: `index.html?x#/filter` serves index.html.
    const path = resolveAppPath(options.root, url.pathname);
    if (path === null) return plain(403, 'Forbidden');

    let body: Uint8Array;
    try {
      // The root first: read side by side, a missing file could answer before a missing root had
      // cleared its cached failure, and the next request would meet that stale failure.
      const root = await rootReal();
      const real = await files.realpath(path);
      // A symlink inside the folder that points out of it is refused like `..`.
      if (!isInside(root, real)) return plain(403, 'Forbidden');
      body = await files.readFile(real);
    } catch {
      return plain(404, 'Not found');
    }
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': contentTypeOf(path),
        'Content-Security-Policy': options.contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        // Files change only with an update of the app; revalidating costs nothing locally.
        'Cache-Control': 'no-cache',
      },
    });
  };
}
