import { z } from 'zod';
import type { ServerExtension } from './insight';

/** One entry of the capabilities list of the extensions (insight.ts), as the client reads it. */
const extensionEntry = z.object({
  name: z.string().trim().min(1).max(100),
  version: z.number().int().min(0).max(1_000_000),
});

/**
 * The capabilities answer as the client reads it: `{ extensions: [{ name, version }] }`. Entries
 * that cannot be read are left out; an answer that is not that shape at all is no extensions.
 */
export function readCapabilities(value: unknown): ServerExtension[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const list = (value as { extensions?: unknown }).extensions;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: ServerExtension[] = [];
  for (const entry of list.slice(0, 100)) {
    const read = extensionEntry.safeParse(entry);
    if (!read.success || seen.has(read.data.name)) continue;
    seen.add(read.data.name);
    out.push(read.data);
  }
  return out;
}
