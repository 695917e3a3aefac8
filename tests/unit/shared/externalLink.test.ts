import { describe, expect, it } from 'vitest';
import {
  MAX_LINK_LENGTH,
  checkExternalLink,
  isListedHost,
  linkHostEntry,
} from '../../../src/shared/externalLink';
import { MESSAGES } from '../../../src/shared/messages';

const hostOf = (raw: string) => {
  const checked = checkExternalLink(raw);
  return checked.ok ? checked.host : `refused: ${checked.reason}`;
};

describe('a link out of the console', () => {
  it('opens only https://, and says why another does not', () => {
    expect(checkExternalLink('https://x.com/reviewer/status/1')).toEqual({
      ok: true,
      href: 'https://x.com/reviewer/status/1',
      host: 'x.com',
    });
    for (const raw of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'file://server/share/x.exe',
      'http://example.com/',
      'ftp://example.com/',
      'ms-settings:',
      'vscode://file/etc/passwd',
      'dqc-console://filter',
      'mailto:someone@example.com',
      'smb://server/share',
      'about:blank',
      'blob:https://x.com/1',
    ])
      expect(checkExternalLink(raw), raw).toEqual({ ok: false, reason: MESSAGES.linkNotHttps });
  });

  it('refuses what is not a web address at all, and what is too long', () => {
    for (const raw of ['', 'x.com/status/1', '//x.com/a', 'https://', 'https:// x.com', '/a/b'])
      expect(checkExternalLink(raw), raw).toEqual({ ok: false, reason: MESSAGES.linkNotUrl });
    const long = `https://x.com/${'a'.repeat(MAX_LINK_LENGTH)}`;
    expect(checkExternalLink(long)).toEqual({ ok: false, reason: MESSAGES.linkTooLong });
  });

  it('names the host the browser will really open', () => {
    // Whatever comes before @ is a user name, not the host.
    expect(hostOf('https://good.com@evil.com/')).toBe('evil.com');
    expect(hostOf('https://x.com:443@evil.com/path')).toBe('evil.com');
    expect(hostOf('https://good.com%40evil.com@evil.net/')).toBe('evil.net');
    // Backslashes are slashes in a web address.
    expect(hostOf('https:\\\\evil.com\\x.com')).toBe('evil.com');
    expect(hostOf('https:evil.com/x')).toBe('evil.com');
    // Case, a trailing dot and a default port do not hide it.
    expect(hostOf('https://EVIL.com./')).toBe('evil.com');
    expect(hostOf('HTTPS://x.COM:443/a')).toBe('x.com');
    expect(hostOf('https://x.com.evil.com/')).toBe('x.com.evil.com');
    expect(hostOf('https://127.1/')).toBe('127.0.0.1');
    expect(hostOf('https://[::1]:8443/')).toBe('[::1]');
  });

  it('shows a look-alike host in another script in its ASCII (xn--) form', () => {
    // A Cyrillic "а" in place of the Latin "a".
    expect(hostOf('https://\u0430pple.com/')).toBe('xn--pple-43d.com');
    expect(hostOf('https://bücher.de/')).toBe('xn--bcher-kva.de');
    // Full-width letters fold to the ASCII host they look like.
    expect(hostOf('https://ｘ.com/')).toBe('x.com');
  });

  it('opens the address as the parser wrote it, never the raw text', () => {
    const checked = checkExternalLink('  https://x.com/a b?q=<1>#"x"\n');
    expect(checked).toEqual({
      ok: true,
      href: 'https://x.com/a%20b?q=%3C1%3E#%22x%22',
      host: 'x.com',
    });
  });
});

describe("IT's list of hosts that open without a confirm", () => {
  it('matches a listed host and its subdomains, nothing that only ends the same', () => {
    const listed = ['x.com', 'twitter.com'];
    expect(isListedHost('x.com', listed)).toBe(true);
    expect(isListedHost('mobile.twitter.com', listed)).toBe(true);
    expect(isListedHost('evilx.com', listed)).toBe(false);
    expect(isListedHost('x.com.evil.com', listed)).toBe(false);
    expect(isListedHost('com', listed)).toBe(false);
    expect(isListedHost('x.com', [])).toBe(false);
  });

  it('takes bare host names, in the form the check gives', () => {
    expect(linkHostEntry('x.com')).toBe('x.com');
    expect(linkHostEntry(' News.Example.COM. ')).toBe('news.example.com');
    expect(linkHostEntry('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses a lone top-level name, a scheme, a port, a path, a wildcard or an address', () => {
    for (const entry of [
      '',
      'com',
      'localhost',
      'https://x.com',
      'x.com:443',
      'x.com/path',
      '*.x.com',
      'user@x.com',
      '127.0.0.1',
      '[::1]',
      'x..com',
      '.x.com',
      'x com',
    ])
      expect(linkHostEntry(entry), entry).toBeNull();
  });
});
