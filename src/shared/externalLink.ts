import { MESSAGES } from './messages';

/**
 * Links out of the console (RELIABILITY.md, checklist 15). A link in a tweet or a news item is the
 * provider's data, not ours: it leaves the console only as an https:// web address, only after the
 * user has seen the host it goes to (or IT has listed that host), and only through the
 * app.openExternal channel, which checks it again. The renderer, core and the Electron glue all
 * use this one check.
 */

/** Longer than any real link, and than Windows' URL limit; a bound on what crosses the bridge. */
export const MAX_LINK_LENGTH = 4096;

export interface ExternalLink {
  /** The address as the URL parser wrote it out: what is opened, and shown in full. */
  href: string;
  /**
   * The host it really goes to, in ASCII: `https://good.com@evil.com` is evil.com, and a look-alike
   * in another script shows as its xn-- form, so the confirm names what the browser will open.
   */
  host: string;
}

export type LinkCheck = ({ ok: true } & ExternalLink) | { ok: false; reason: string };

/**
 * https:// only: javascript:, data:, file:, custom schemes (which start local programs) and plain
 * http:// (which anyone on the way can rewrite) never open.
 */
export function checkExternalLink(raw: string): LinkCheck {
  if (raw.length > MAX_LINK_LENGTH) return { ok: false, reason: MESSAGES.linkTooLong };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: MESSAGES.linkNotUrl };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: MESSAGES.linkNotHttps };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return { ok: false, reason: MESSAGES.linkNotUrl };
  return { ok: true, href: url.href, host };
}

/** A listed host matches itself and its subdomains (x.com: x.com, www.x.com; not evilx.com). */
export function isListedHost(host: string, listed: readonly string[]): boolean {
  return listed.some((entry) => host === entry || host.endsWith(`.${entry}`));
}

/**
 * One entry of IT's `linkHosts` as a host name in the form checkExternalLink gives (lower case,
 * ASCII), or null when it is not a bare host name of at least two labels: no scheme, port, path,
 * wildcard or address, and never a lone top-level name such as `com`, which would list every host
 * under it.
 */
export function linkHostEntry(entry: string): string | null {
  const text = entry.trim().toLowerCase().replace(/\.$/, '');
  if (!text || /[\s/\\:@*?#[\]]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(`https://${text}/`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  // The parser turns 127.1 into 127.0.0.1: an address, not a name.
  if (/^\d+(\.\d+){3}$/.test(host)) return null;
  return host;
}
