import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Resolves a URL path inside the renderer folder; null for anything that escapes it. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  const rootWithSep = normalize(root).endsWith(sep) ? normalize(root) : normalize(root) + sep;
  return full.startsWith(rootWithSep) ? full : null;
}

export async function readStatic(
  root: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string } | null> {
  const path = resolveStaticPath(root, urlPath);
  if (!path) return null;
  try {
    return {
      body: await readFile(path),
      type: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
