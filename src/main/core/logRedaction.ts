import { formatWithOptions } from 'node:util';
import { redactText } from './redaction/redactText';
import { redactValue } from './redaction/redactValue';

/**
 * Takes secrets out of log lines before they are written (RELIABILITY.md, "Logs hold no
 * secrets"): tokens, passwords (plain or encrypted), Authorization, Cookie, Set-Cookie and
 * Id-Token header values, API keys, client secrets, OAuth codes and the keychain entry.
 *
 * Twice over. First on the values, before anything is formatted (./redaction/redactValue.ts):
 * objects, Maps, Sets, arrays, Errors and their causes, fetch Headers and Buffers are copied with
 * every secret key's value replaced and every string redacted in its raw form. Then on the whole
 * formatted line (./redaction/redactText.ts), so whatever printed it, a format string or a
 * string holding a header block, JSON or a URL, the text written is clean.
 */

export { REDACTED, redactText } from './redaction/redactText';

/** How a log call is formatted: as electron-log's file transport does (depth 5), on one line. */
export const LOG_INSPECT_OPTIONS = { depth: 5, breakLength: Infinity } as const;

/**
 * One log call's arguments as the one redacted line they print as (util.format's rules: a first
 * string may hold %s, %o, … for the ones after it). Strings at the top level are redacted with
 * the line, so a format string and the secret it takes are seen together (`password=%s`).
 */
export function redactLogCall(args: readonly unknown[]): string {
  try {
    const copies = args.map((arg) =>
      typeof arg === 'string' ? arg : redactValue(arg, LOG_INSPECT_OPTIONS),
    );
    return redactText(formatWithOptions(LOG_INSPECT_OPTIONS, ...copies));
  } catch (error) {
    // Never the raw values: a line that cannot be redacted is not written.
    const reason = error instanceof Error ? error.name : typeof error;
    return `[a log line was left out: it could not be redacted (${reason})]`;
  }
}
