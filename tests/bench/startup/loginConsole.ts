import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT, startBenchConsole } from '../lib/browserConsole';

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
  const browser = await startBenchConsole(apiUrl, dir);
  return {
    url: browser.url,
    blankUrl: `${browser.origin}/${BLANK_PAGE}`,
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
