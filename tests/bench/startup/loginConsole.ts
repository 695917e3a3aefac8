import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBrowserMode } from '../../../src/browser/browserMode';
import { createCore } from '../../../src/main/core/createCore';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { PROJECT_ROOT } from '../lib/browserConsole';

export const BLANK_PAGE = 'bench-blank.html';

export interface LoginConsole {
  /** The console's address, secret included, as the user opens it. */
  url: string;
  /** A blank page from the same server: the floor of opening the console. */
  blankUrl: string;
  close(): Promise<void>;
}

/**
 * Browser mode as lib/browserConsole.ts starts it, but serving a copy of the built renderer (its
 * files linked, not copied) with one more file: a blank page, so that the floor is a page served
 * by the same server, with the same headers, opened the same way.
 */
export async function startLoginConsole(apiUrl: string): Promise<LoginConsole> {
  const built = resolve(PROJECT_ROOT, 'out/renderer');
  const dir = mkdtempSync(join(tmpdir(), 'dqc-bench-renderer-'));
  for (const entry of readdirSync(built)) symlinkSync(join(built, entry), join(dir, entry));
  writeFileSync(
    join(dir, BLANK_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Blank</title></head><body><p id="blank">Blank</p></body></html>\n',
  );
  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl,
    demo: false,
    shell: 'browser',
    version: 'bench',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
  });
  const browser = await startBrowserMode({ core, rendererDir: dir, port: 0, log: silentLogger });
  return {
    url: browser.url,
    blankUrl: `${browser.origin}/${BLANK_PAGE}`,
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
