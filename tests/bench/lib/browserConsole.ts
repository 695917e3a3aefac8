import { resolve } from 'node:path';
import { startBrowserMode } from '../../../src/browser/browserMode';
import { createCore, type Core } from '../../../src/main/core/createCore';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';

export const PROJECT_ROOT = resolve(__dirname, '../../..');

export interface BenchConsole {
  /** The page's address: the built renderer served by browser mode. */
  url: string;
  core: Core;
  close(): Promise<void>;
}

/**
 * The real core as a benchmark runs it: talking to `apiUrl`, with a memory keychain; silent unless
 * a scenario asks for core's log (to lay a slow action beside a token refresh, say).
 */
export function createBenchCore(apiUrl: string, log: Logger = silentLogger): Core {
  return createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl,
    demo: false,
    shell: 'browser',
    version: 'bench',
    secrets: createMemorySecretStore(),
    log,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
  });
}

/**
 * The console in browser mode in this process: the real core (with a memory keychain, so that a
 * benchmark leaves nothing in the developer's) on the built renderer (or `rendererDir`).
 */
export async function startBenchConsole(
  apiUrl: string,
  rendererDir = resolve(PROJECT_ROOT, 'out/renderer'),
  log: Logger = silentLogger,
): Promise<BenchConsole & { origin: string }> {
  const core = createBenchCore(apiUrl, log);
  const browser = await startBrowserMode({ core, rendererDir, port: 0, log });
  return { url: browser.url, origin: browser.origin, core, close: () => browser.close() };
}
