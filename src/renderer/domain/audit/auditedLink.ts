import type { AuditSource } from '../../../shared/quality/auditRecord';

/**
 * The link from a Quality figure to Review showing exactly the audited items behind it: Review at
 * `/filter?audited=<source>:<id>,<id>,…`, one source a link (Review shows one filter type at a
 * time). The Quality screen writes it; Review reads it and shows those items, and only those.
 */
export const AUDITED_PARAM = 'audited';

/** Review's path and query for these audited items of one source. */
export function auditedItemsHref(source: AuditSource, ids: readonly number[]): string {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return `/filter?${AUDITED_PARAM}=${source}:${unique.join(',')}`;
}

/** The audited items a Review query names, or null when it names none (or not readably). */
export function auditedItemsOf(
  query: string,
): { source: AuditSource; ids: readonly number[] } | null {
  const raw = new URLSearchParams(query).get(AUDITED_PARAM);
  const match = raw?.match(/^(tweets|news):(\d+(?:,\d+)*)$/);
  if (!match) return null;
  const ids = [...new Set(match[2]!.split(',').map(Number))].filter(Number.isSafeInteger);
  return ids.length ? { source: match[1] as AuditSource, ids } : null;
}
