import { inspect } from 'node:util';

/**
 * Takes secrets out of log lines before they are written (issue 14): access, id and refresh
 * tokens, passwords (plain or encrypted), Authorization / Id-Token header values and the keychain
 * entry. Works on text, after objects are formatted, so it catches a secret wherever it sits: an
 * axios error's config.headers, a form body, a JSON answer, an Error's message.
 */

export const REDACTED = '[redacted]';

/** Key names whose values are secret: …password, …token (access_token, idToken, Id-Token, …), … */
const KEY = String.raw`[\w-]*(?:password|passwd|secret|token|authorization|cookie)`;

const RULES: [RegExp, string][] = [
  // A JWT anywhere (access and id tokens; refresh tokens where the server issues JWTs).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  // A bearer credential, in a header line or an inspected object.
  [/\b(Bearer)\s+[\w\-.~+/]+=*/gi, `$1 ${REDACTED}`],
  // key: 'value', "key":"value", 'Id-Token': "value", \"key\":\"value\" (quoted values).
  [
    new RegExp(String.raw`((\\?["'\x60]?)${KEY}\2\s*[:=]\s*)(\\?["'\x60])(.*?)\3`, 'gi'),
    `$1$3${REDACTED}$3`,
  ],
  // key=value (form bodies, query strings) and `Key: value` (header lines), unquoted.
  [
    new RegExp(String.raw`(${KEY}\s*[:=]\s*)(?!\[redacted\]|Bearer\s)[^\s&,;'"\x60)}\]]+`, 'gi'),
    `$1${REDACTED}`,
  ],
];

export function redactText(text: string): string {
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

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
