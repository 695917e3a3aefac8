/**
 * The path of a request line's target, only when it is in origin form ("/path?query", RFC 9112
 * 3.2.1): the only form a browser sends to this server. Anything else ("//", "http://x/",
 * "*", an authority, a target with control characters) is null, so the caller answers 400
 * instead of letting `new URL` throw or resolve it against another host.
 */
export function originFormTarget(raw: string | undefined): URL | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // A request line cannot hold these; Node's parser refuses most, this refuses the rest.
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  try {
    // A fixed base: the target's own host can never enter, only its path and query.
    return new URL(raw, 'http://target.invalid');
  } catch {
    return null;
  }
}
