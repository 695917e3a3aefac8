import { z } from 'zod';

/**
 * Classifier insight (issue 24): what our reference server offers beyond SPEC.md 7, as
 * extensions the client discovers (DESIGN.md, "Extensions"). `GET /dqc-extensions/capabilities`
 * lists them; core asks once per session, and anything but a readable list means none, so
 * against a provider without them every extension control is absent, never broken.
 */

/** Every extension the client knows, by the name the capabilities list gives it. */
export const EXTENSIONS = ['borderline', 'model-runs', 'keyword-impact', 'item-history'] as const;
export type ExtensionName = (typeof EXTENSIONS)[number];

/** What About & Settings calls each one. */
export const EXTENSION_LABELS: Record<ExtensionName, string> = {
  borderline: 'Borderline first and Ratio between',
  'model-runs': 'Model runs, what they changed, and Why?',
  'keyword-impact': 'Keyword impact before saving',
  'item-history': 'Item history',
};

/** One extension the server offers. Unknown names are kept (About lists them) but drive nothing. */
export interface ServerExtension {
  name: string;
  version: number;
}

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

export const hasExtension = (
  offered: readonly ServerExtension[] | null | undefined,
  name: ExtensionName,
): boolean => (offered ?? []).some((extension) => extension.name === name);

/**
 * The header core puts on a bulk run's writes when the server offers item-history, so that the
 * server's record of the write names the run it came from. Never sent to a provider without it.
 */
export const BULK_RUN_HEADER = 'x-dqc-bulk-run';
