import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { contentTypeOf } from '../main/core/contentTypes';

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
      type: contentTypeOf(path),
    };
  } catch {
    return null;
  }
}
