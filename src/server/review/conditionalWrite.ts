import { readIfMatch } from '../../shared/conflict';

/** The version a write names: null writes whatever the item's version. */
export type ExpectedVersion = number | null;

/**
 * The version a decision's If-Match names (the conditional-writes extension, src/shared/conflict.ts):
 * none without the header, so a client that never sends it (every SPEC.md 7 client) writes as
 * before. A value that is not one version in quotes (or '*') is refused before anything is read.
 */
export function expectedVersionOf(
  headers: Record<string, string | string[] | undefined>,
): { ok: true; expected: ExpectedVersion } | { ok: false; message: string } {
  const header = headers['if-match'];
  if (header === undefined) return { ok: true, expected: null };
  const read = typeof header === 'string' ? readIfMatch(header) : null;
  if (read === null)
    return {
      ok: false,
      message: `If-Match: expected one item version in quotes, as the item's answer gives it ("12"), or *; got ${JSON.stringify(String(header).slice(0, 40))}.`,
    };
  return { ok: true, expected: read.version };
}
