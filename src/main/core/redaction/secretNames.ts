/**
 * Which names hold secrets, for the log redaction (RELIABILITY.md, "Logs hold no secrets"): object
 * keys, Map keys, header names and form or query fields. One list for the structured walk
 * (./redactValue.ts) and the text rules (./redactText.ts), so both redact the same things.
 */

/**
 * The endings of secret names, compared without case, `-`, `_` or spaces: accessToken, id-token,
 * refresh_token, X-Api-Key, clientSecret, Set-Cookie, Proxy-Authorization, JSESSIONID, …
 */
const SECRET_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'cookie',
  'apikey',
  'privatekey',
  'sessionid',
  // The key that encrypts the password before it is sent (settings.passwordKey). As a key only:
  // the text rules leave `passwordKey: must be 16, 24 or 32 bytes`, the settings check's message.
  'passwordkey',
] as const;

const normalize = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** Names seen before: a log's keys repeat (headers, config fields), so each is judged once. */
const judged = new Map<string, boolean>();
const MAX_JUDGED = 2000;

/** True for a key whose value is a secret, whatever its case or separators. */
export function isSecretName(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    const plain = normalize(name);
    const singular = plain.endsWith('s') ? plain.slice(0, -1) : plain;
    secret = SECRET_ENDINGS.some((ending) => plain.endsWith(ending) || singular.endsWith(ending));
    if (judged.size < MAX_JUDGED) judged.set(name, secret);
  }
  return secret;
}

/**
 * A header name in a flat [name, value, name, value] list (Node's rawHeaders): the credential
 * headers, and any hyphenated name that is a secret name (Id-Token, X-Api-Key, X-Auth-Token).
 */
export function isSecretHeaderName(name: string): boolean {
  return (
    /^(?:proxy-)?authorization$|^(?:set-)?cookie$/i.test(name) ||
    (name.includes('-') && /^[\w-]+$/.test(name) && isSecretName(name))
  );
}

/**
 * The same endings as a regular expression source (use with the `i` flag), for text. It matches
 * the end of a name wherever the name starts (refresh_token, X-Api-Key, Set-Cookie), so a rule
 * needs no costly `[\w-]*` in front of it; what follows the name (a separator) tells it is one.
 */
export const SECRET_NAME_SOURCE = String.raw`(?:password|passwd|passphrase|secret|token|authorization|cookie|api[-_]?key|private[-_]?key|session[-_]?id)s?`;

/**
 * Names that are secret only as a query or form field: an OAuth authorization code and a signed
 * URL's signature. As object keys they are ordinary (an error's `code: 'ECONNREFUSED'`).
 */
export const QUERY_ONLY_NAME_SOURCE = String.raw`(?:code|sig|signature)`;
