import { QUERY_ONLY_NAME_SOURCE, SECRET_NAME_SOURCE } from './secretNames';

/**
 * The text rules of the log redaction (RELIABILITY.md, "Logs hold no secrets"). They run on every
 * string inside a logged value, and again on the whole formatted line as the safety net, so they
 * recognise a secret by the text around it however it was printed: a raw header block, a form
 * body, a URL, JSON (plain or escaped inside a string), or util.inspect's rendering of an object,
 * a Map (`'refreshToken' => '…'`) or a header array (`'set-cookie': [ '…' ]`).
 */

export const REDACTED = '[redacted]';

const NAME = SECRET_NAME_SOURCE;
/** `key: value`, `key=value`, `'key' => value` (a Map entry) and `key%3Dvalue` (URL-encoded). */
const SEP = String.raw`\s*(?:=>|[:=]|%3[dD])\s*`;
/** An opening quote as printed: ', ", ` or an escaped \" (JSON inside a string), \\\" and so on. */
const QUOTE = String.raw`\\*["'\x60]`;
/** The value a rule replaces was already redacted, or is no secret (null, true, …). */
const NOT_A_VALUE = String.raw`(?!\[redacted\]|(?:null|undefined|true|false)\b)`;
/** Where an unquoted value ends: space, a separator, a quote, a closing bracket or an escape. */
const UNQUOTED_VALUE = String.raw`[^\s&,;'"\x60)}\]\\]+`;

const RULES: readonly (readonly [RegExp, string])[] = [
  // Credentials in a URL: scheme://user:password@host.
  [/(\b[a-z][\w+.-]*:\/\/[^\s:@/'"\x60]+:)[^\s@/'"\x60]+@/gi, `$1${REDACTED}@`],
  // A JWT anywhere (access and id tokens; refresh tokens where the server issues JWTs).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  // A bearer credential, in a header line, an inspected object or prose.
  [/\b(Bearer)\s+(?!\[redacted\])[\w\-.~+/]+=*/gi, `$1 ${REDACTED}`],
  // A whole Authorization or Cookie header line (any scheme; every cookie up to the line's end),
  // raw or as inspect prints a string holding it (the line then ends at an escaped \r\n).
  [
    /(\b(?:proxy-)?authorization|\b(?:set-)?cookie)(\s*:\s*)(?![\s"'\x60[{]|\[redacted\]|Bearer \[redacted\])[^\r\n'"\x60\\]+/gi,
    `$1$2${REDACTED}`,
  ],
  // A secret key's array: `'set-cookie': [ 'SESSION=…', … ]`, `"set-cookie":["…"]`, a Map's `=> [ … ]`.
  [
    new RegExp(String.raw`(${NAME}(?:${QUOTE})?${SEP})\[(?!redacted\])[^\]]*\]`, 'gi'),
    `$1${REDACTED}`,
  ],
  // A secret key's quoted value: key: 'v', "key":"v", 'Id-Token': "v", \"key\":\"v\", 'key' => 'v'.
  // The value ends at the same quote, not escaped further (\' inside '…' does not end it).
  [
    new RegExp(String.raw`(${NAME}(?:${QUOTE})?${SEP})(\\*)(["'\x60])(?:.*?)(?<!\\)\2\3`, 'gi'),
    `$1$2$3${REDACTED}$2$3`,
  ],
  // A header name and its value side by side in a flat list (Node's rawHeaders).
  [
    new RegExp(
      String.raw`((["'\x60])(?:(?:proxy-)?authorization|(?:set-)?cookie|[\w-]*-${NAME})\2\s*,\s*)(["'\x60])(?:\\.|(?!\3).)*\3`,
      'gi',
    ),
    `$1$3${REDACTED}$3`,
  ],
  // key=value (form bodies, query strings), `Key: value` (header lines), unquoted or left
  // unterminated (a string inspect cut short).
  [
    new RegExp(
      String.raw`(${NAME}${SEP})(${QUOTE})?(?![\[{]|Bearer\s)${NOT_A_VALUE}${UNQUOTED_VALUE}`,
      'gi',
    ),
    `$1$2${REDACTED}`,
  ],
  // Query and form fields secret only there: ?code=…, &sig=…, #code=…, or first in a body. In a
  // URL, # ends the value too (the fragment's own fields are redacted above).
  [
    new RegExp(
      String.raw`((?:^|[?&#'"\x60]|%3[fF]|%26|%23)${QUERY_ONLY_NAME_SOURCE}(?:=|%3[dD]))${NOT_A_VALUE}[^\s&#,;'"\x60)}\]\\]+`,
      'gi',
    ),
    `$1${REDACTED}`,
  ],
];

/** Every rule needs one of these: most strings (header values, paths, words) have none. */
const MIGHT_HOLD_A_SECRET = new RegExp(String.raw`@|eyJ|bearer|${NAME}|code|sig`, 'i');

/** The text with every secret the rules recognise replaced by [redacted]; idempotent. */
export function redactText(text: string): string {
  if (!MIGHT_HOLD_A_SECRET.test(text)) return text;
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
