import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../../../src/browser/browserMode';
import {
  contentDisposition,
  createDownloads,
  type Downloads,
} from '../../../src/browser/downloads';
import { createCore, type Core } from '../../../src/main/core/createCore';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import type { ExportView } from '../../../src/shared/export';
import { signedIn } from '../../support/coreBackends';
import { startSpecProvider, type SpecProvider } from '../../support/specProvider';

/**
 * Browser mode's downloads (docs/user-guide.md, A reviewer's shift, Export…): a finished file is
 * fetched once from its unguessable address on the loopback origin, as an attachment of the right
 * type, then forgotten and deleted; an unknown, used or expired address is 404, and the server's
 * guards still hold.
 */

let mode: BrowserMode | null = null;
let downloads: Downloads;
let folder: string;

const fakeCore = {
  dispatch: vi.fn(),
  session: {},
  onEvent: () => () => undefined,
} as unknown as Core;

async function serve(core: Core = fakeCore, ttlMs?: number) {
  downloads = createDownloads(ttlMs === undefined ? {} : { ttlMs });
  mode = await startBrowserMode({
    core,
    rendererDir: folder,
    port: 0,
    log: silentLogger,
    downloads,
  });
  return mode;
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'dqc-downloads-'));
  writeFileSync(join(folder, 'index.html'), '<html>app</html>');
});
afterEach(async () => {
  await mode?.close();
  await downloads?.close();
  mode = null;
});

function fetchRaw(
  path: string,
  options: { method?: string; host?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  const url = new URL(path, mode!.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.host ? { host: options.host } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function offered(name: string, contents: string) {
  const path = join(folder, `file-${name}`);
  writeFileSync(path, contents);
  return { path, url: downloads.offer(path, name) };
}

describe('a download in browser mode', () => {
  it('is served once as an attachment of its type, then forgotten and deleted', async () => {
    await serve();
    const { path, url } = offered('review-tweets-2026-11-24.csv', '\uFEFFA,B\r\n1,2\r\n');
    expect(url).toMatch(/^\/downloads\/[0-9a-f]{32}$/);

    const first = await fetchRaw(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="review-tweets-2026-11-24.csv"; filename*=UTF-8''review-tweets-2026-11-24.csv`,
    );
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.toString('utf8')).toBe('\uFEFFA,B\r\n1,2\r\n');
    await vi.waitFor(() => expect(existsSync(path)).toBe(false));

    const again = await fetchRaw(url);
    expect(again.status).toBe(404);
  });

  it('serves JSON as application/json, and HEAD does not use the download up', async () => {
    await serve();
    const { url } = offered('views.json', '[]\n');
    const head = await fetchRaw(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json');
    const get = await fetchRaw(url);
    expect(get.status).toBe(200);
    expect(get.body.toString()).toBe('[]\n');
  });

  it('answers 404 to an address it never gave, and keeps the server guards', async () => {
    await serve();
    const { url } = offered('a.csv', 'x');
    expect((await fetchRaw('/downloads/0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await fetchRaw('/downloads/%2e%2e%2findex.html')).status).toBe(404);
    expect((await fetchRaw(`${url}x`)).status).toBe(404);
    // Another Host: refused before any download is looked at, and the offer still stands.
    expect((await fetchRaw(url, { host: 'evil.example' })).status).toBe(421);
    expect((await fetchRaw(url, { method: 'POST' })).status).toBe(405);
    expect((await fetchRaw(url)).status).toBe(200);
  });

  it('forgets a download nobody fetched once it expires, and deletes its file', async () => {
    await serve(fakeCore, 50);
    const { path, url } = offered('late.csv', 'x');
    await vi.waitFor(() => expect(existsSync(path)).toBe(false), { timeout: 10_000 });
    expect((await fetchRaw(url)).status).toBe(404);
  });

  it('names a file with other characters in both forms', () => {
    expect(contentDisposition("Bitcoin's €.csv")).toBe(
      `attachment; filename="Bitcoin_s _.csv"; filename*=UTF-8''Bitcoin%27s%20%E2%82%AC.csv`,
    );
  });
});

describe("core's export through browser mode", () => {
  let provider: SpecProvider | null = null;
  afterEach(async () => {
    await provider?.close();
    provider = null;
  });

  it('offers the finished export and the page downloads it', async () => {
    provider = await startSpecProvider();
    const exportDir = mkdtempSync(join(tmpdir(), 'dqc-downloads-exports-'));
    const ownDownloads = createDownloads();
    const core = createCore({
      settings: DEFAULT_SETTINGS,
      apiUrl: provider.url,
      demo: false,
      shell: 'browser',
      version: 't',
      secrets: createMemorySecretStore(),
      log: silentLogger,
      apiUrlSource: 'environment',
      settingsFiles: { user: null, machine: null },
      files: ownDownloads.port,
      exportDir,
    });
    await signedIn(core, 'reviewer1');
    const finished = new Promise<ExportView>((resolve) =>
      core.onEvent((event) => {
        if (event.type === 'export.changed' && event.export.status !== 'running')
          resolve(event.export);
      }),
    );
    downloads = ownDownloads;
    mode = await startBrowserMode({
      core,
      rendererDir: folder,
      port: 0,
      log: silentLogger,
      downloads,
    });
    const started = await core.dispatch('export.start', {
      source: { kind: 'rows', rows: [{ name: '=cmd', rank: 1 }] },
      format: 'csv',
      columns: null,
      fileName: 'currencies',
    });
    expect(started.ok).toBe(true);
    const done = await finished;
    expect(done).toMatchObject({ status: 'done', savedTo: null });
    const file = await fetchRaw(done.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`filename="${done.fileName}"`);
    expect(parse(file.body.toString('utf8'), { bom: true })).toEqual([
      ['name', 'rank'],
      ["'=cmd", '1'],
    ]);
    await vi.waitFor(() => expect(readdirSync(exportDir)).toEqual([]));
    await core.journals.closeAll();
  });
});
