import { inspect } from 'node:util';
import { redactText } from './redaction/redactText';

/**
 * Takes secrets out of log lines before they are written (RELIABILITY.md, "Logs hold no
 * secrets"): tokens, passwords (plain or encrypted), Authorization, Cookie, Set-Cookie and
 * Id-Token header values, API keys, client secrets, OAuth codes and the keychain entry. Works on
 * text (./redaction/redactText.ts), after objects are formatted, so it catches a secret wherever it
 * sits: an axios error's config.headers, a form body, a JSON answer, an Error's message.
 */

export { REDACTED, redactText } from './redaction/redactText';

/** How non-text log arguments are formatted: as electron-log's file transport does (depth 5). */
export const LOG_INSPECT_OPTIONS = { depth: 5, breakLength: Infinity } as const;

/**
 * One log call's arguments, redacted. Anything that is not a string is formatted first, so a
 * secret in a nested object or an Error's properties is seen too; the result is all strings.
 */
export function redactLogData(data: readonly unknown[]): string[] {
  return data.map((item) =>
    redactText(typeof item === 'string' ? item : inspect(item, LOG_INSPECT_OPTIONS)),
  );
}
