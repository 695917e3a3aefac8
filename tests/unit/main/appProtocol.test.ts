import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  nodeAppFiles,
  resolveAppPath,
  type AppProtocolHandler,
} from '../../../src/main/appProtocol';

const CSP = "default-src 'self'; script-src 'self'";

// A built renderer folder, a secret beside it, and symlinks in and out of it.
let base: string;
let root: string;
let handle: AppProtocolHandler;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'dqc-app-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<html>app</html>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {}');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'blob.bin'), 'bytes');
  writeFileSync(join(root, 'assets', 'a b.js'), 'spaced');
  writeFileSync(join(base, 'secret.txt'), 'top secret');
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'escape.js'));
  symlinkSync(base, join(root, 'up'));
  symlinkSync(join(root, 'assets', 'index-abc.js'), join(root, 'alias.js'));
  handle = createAppProtocolHandler({ root, contentSecurityPolicy: CSP });
});

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('app:// protocol: serving', () => {
  it('serves the page at the entry URL and at the bare origin, with the CSP', async () => {
    expect(APP_ENTRY_URL).toBe('app://dqc/index.html');
    for (const url of [APP_ENTRY_URL, 'app://dqc/', 'app://dqc']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toBe('<html>app</html>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('gives each file its content type; unknown ones are opaque bytes', async () => {
    const types = {
      'app://dqc/assets/index-abc.js': 'text/javascript; charset=utf-8',
      'app://dqc/assets/index-abc.css': 'text/css; charset=utf-8',
      'app://dqc/favicon.svg': 'image/svg+xml',
      'app://dqc/assets/blob.bin': 'application/octet-stream',
    };
    for (const [url, type] of Object.entries(types)) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('content-security-policy'), url).toBe(CSP);
    }
  });

  it('ignores the query and the hash (the router lives in the hash)', async () => {
    const response = await get('app://dqc/index.html?v=2#/filter?type=tweet');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html>app</html>');
    expect((await get('app://dqc/assets/index-abc.js?import')).status).toBe(200);
  });

  it('decodes percent-encoded names', async () => {
    const response = await get('app://dqc/assets/a%20b.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('spaced');
  });

  it('follows a symlink that stays inside the folder', async () => {
    const response = await get('app://dqc/alias.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export {}');
  });

  it('answers HEAD without a body, other methods with 405', async () => {
    const head = await get(APP_ENTRY_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get(APP_ENTRY_URL, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('app:// protocol: refusals', () => {
  it('404s a missing file, a folder, and any other page (no history fallback)', async () => {
    for (const url of [
      'app://dqc/missing.js',
      'app://dqc/assets',
      'app://dqc/assets/',
      'app://dqc/filter',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy'), url).toBeNull();
    }
  });

  it('404s another host or scheme', async () => {
    expect((await get('app://evil/index.html')).status).toBe(404);
    expect((await get('app://dqc.evil/index.html')).status).toBe(404);
    expect((await get('file:///index.html')).status).toBe(404);
  });

  it('refuses every way of climbing out of the folder', async () => {
    const attempts = [
      // What the URL parser normalises away still lands inside the folder: not found there.
      ['app://dqc/../secret.txt', 404],
      ['app://dqc/%2e%2e/secret.txt', 404],
      ['app://dqc/assets/%2E%2E/%2E%2E/secret.txt', 404],
      // What survives parsing is refused outright.
      ['app://dqc/..%2fsecret.txt', 403],
      ['app://dqc/..%2Fsecret.txt', 403],
      ['app://dqc/..%5csecret.txt', 403],
      ['app://dqc/..\\secret.txt', 403],
      ['app://dqc/%2fetc%2fpasswd', 403],
      ['app://dqc/C:%5cWindows%5cwin.ini', 403],
      ['app://dqc/index.html%00.js', 403],
      ['app://dqc/%E0%A4%A', 403],
      // Absolute paths end up under the folder.
      ['app://dqc//etc/passwd', 404],
      // Symlinks that lead out of the folder.
      ['app://dqc/assets/escape.js', 403],
      ['app://dqc/up/secret.txt', 403],
    ] as const;
    for (const [url, status] of attempts) {
      const response = await get(url);
      expect(response.status, url).toBe(status);
      expect(await response.text(), url).not.toContain('top secret');
    }
  });

  it('resolves raw paths only below the root', () => {
    expect(resolveAppPath('/r', '/')).toBe(join('/r', 'index.html'));
    expect(resolveAppPath('/r', '/assets/x.js')).toBe(join('/r', 'assets', 'x.js'));
    expect(resolveAppPath('/r', '/a//b')).toBe(join('/r', 'a', 'b'));
    for (const raw of ['/../x', '/a/../../x', '/./x', '/%2e%2e/x', '/%2E%2e/x', '/a%2f..%2f..%2fx'])
      expect(resolveAppPath('/r', raw), raw).toBeNull();
  });

  it('recovers once the root exists even when the missing file was reported before the missing root', async () => {
    // The order a loaded machine can give: the file's lookup fails at once, the root's a turn later.
    let rootThere = false;
    const files = {
      realpath: (path: string) => {
        if (rootThere) return Promise.resolve(path);
        if (path !== '/later') return Promise.reject(new Error('ENOENT'));
        return new Promise<string>((_, reject) => setTimeout(() => reject(new Error('ENOENT'))));
      },
      readFile: () => Promise.resolve(new TextEncoder().encode('now')),
    };
    const handler = createAppProtocolHandler({ root: '/later', contentSecurityPolicy: CSP, files });
    expect((await handler(new Request(APP_ENTRY_URL))).status).toBe(404);
    rootThere = true;
    expect((await handler(new Request(APP_ENTRY_URL))).status).toBe(200);
  });

  it('404s everything when the root folder is missing, and recovers once it exists', async () => {
    const later = join(base, 'later');
    const handler = createAppProtocolHandler({ root: later, contentSecurityPolicy: CSP });
    expect((await handler(new Request(APP_ENTRY_URL))).status).toBe(404);
    mkdirSync(later);
    writeFileSync(join(later, 'index.html'), 'now');
    expect((await handler(new Request(APP_ENTRY_URL))).status).toBe(200);
  });

  it('404s a file that cannot be read', async () => {
    const files = {
      realpath: nodeAppFiles.realpath,
      readFile: vi.fn(async () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      }),
    };
    const handler = createAppProtocolHandler({ root, contentSecurityPolicy: CSP, files });
    expect((await handler(new Request(APP_ENTRY_URL))).status).toBe(404);
    expect(files.readFile).toHaveBeenCalledWith(realpathSync(join(root, 'index.html')));
  });
});

describe('app:// scheme privileges', () => {
  it('are standard, secure and fetch-capable, and neither bypass the CSP nor open CORS', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true });
  });
});

// The real build, where one exists (`npm run build`; CI builds before the E2E step).
const built = resolve(__dirname, '../../../out/renderer');
describe.skipIf(!existsSync(join(built, 'index.html')))(
  'app:// protocol on the built renderer',
  () => {
    it('serves the page and every script, style and icon it refers to, with their types', async () => {
      const handler = createAppProtocolHandler({ root: built, contentSecurityPolicy: CSP });
      const page = await handler(new Request(APP_ENTRY_URL));
      expect(page.status).toBe(200);
      const html = await page.text();
      const refs = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
      expect(refs.some((r) => r.endsWith('.js'))).toBe(true);
      for (const ref of refs) {
        const response = await handler(new Request(new URL(ref, APP_ENTRY_URL).href));
        expect(response.status, ref).toBe(200);
        const type = response.headers.get('content-type');
        if (ref.endsWith('.js')) expect(type, ref).toBe('text/javascript; charset=utf-8');
        if (ref.endsWith('.css')) expect(type, ref).toBe('text/css; charset=utf-8');
        expect(
          Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(built, ref))),
          ref,
        ).toBe(true);
      }
    });
  },
);
