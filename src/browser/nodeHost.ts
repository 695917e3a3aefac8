import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore, type Core } from '../main/core/createCore';
import { startDemoServer, type DemoServer } from '../main/core/demoServer';
import type { Logger } from '../main/core/log';
import { chooseSecretStore } from '../main/core/secrets/chooseSecretStore';
import { keytarCandidate } from '../main/core/secrets/keytarSecretStore';
import { processDownloads, type Downloads } from './downloads';
import { apiUrlSourceOf, machineSettingsPath, settingsReport } from '../main/core/settings';

export interface NodeHostOptions {
  env: Record<string, string | undefined>;
  /** null: no settings file (tests). */
  userFile: string | null;
  machineFile: string | null;
  log: Logger;
  version: string;
  projectRoot: string;
  /** Where each user's journal and runs are kept; null keeps them in memory. */
  userDataDir: string | null;
  /** Where exports are written before they are downloaded; the OS temp folder when left out. */
  exportDir?: string | null;
  /** Browser mode's downloads (downloads.ts); the process's own when left out. */
  downloads?: Downloads;
  /** How often core reads the cards on screen again where no event stream tells it; tests shorten it. */
  livePollIntervalMs?: number;
}

export interface NodeHost {
  core: Core;
  /** Where core offers finished exports; browser mode's server serves them. */
  downloads: Downloads;
  demoServer: DemoServer | null;
  stop(): void;
}

export function userConfigDir(env: Record<string, string | undefined>): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'dqc-console');
}

export function defaultHostFiles(env: Record<string, string | undefined>) {
  return {
    userFile: join(userConfigDir(env), 'settings.json'),
    userDataDir: userConfigDir(env),
    machineFile: machineSettingsPath(process.platform),
  };
}

/**
 * core running in plain Node: the same settings, keychain and demo server as the desktop app,
 * with Node's child_process where Electron would use utilityProcess.
 */
export async function createNodeHost(options: NodeHostOptions): Promise<NodeHost> {
  const { log } = options;
  const report = settingsReport({
    env: options.env,
    userFile: options.userFile,
    machineFile: options.machineFile,
    readFile: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
    log,
  });
  const { settings } = report;
  let demoServer: DemoServer | null = null;
  let apiUrl = settings.apiUrl;
  if (!apiUrl) {
    const serverEntry = resolve(options.projectRoot, 'src/server/cli.ts');
    demoServer = await startDemoServer(
      (env) =>
        spawn(process.execPath, ['--import', 'tsx', serverEntry], {
          cwd: options.projectRoot,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      {
        dataDir: options.env.DQC_DATA_DIR || join(userConfigDir(options.env), 'demo-data'),
        passwordKey: settings.passwordKey,
      },
    );
    apiUrl = demoServer.url;
  }
  const downloads = options.downloads ?? processDownloads();
  const secrets = await chooseSecretStore([keytarCandidate(settings.keychainService)], log);
  const core = createCore({
    settings,
    apiUrl,
    demo: demoServer !== null,
    shell: 'browser',
    version: options.version,
    secrets,
    log,
    apiUrlSource: apiUrlSourceOf(report),
    settingSources: report.sourceOf,
    settingsFiles: { user: options.userFile, machine: options.machineFile },
    dataDir: options.userDataDir,
    // Browser mode downloads what it exports: written to a temporary folder, then offered.
    files: downloads.port,
    exportDir: options.exportDir ?? null,
    ...(options.livePollIntervalMs === undefined
      ? {}
      : { livePollIntervalMs: options.livePollIntervalMs }),
  });
  return { core, downloads, demoServer, stop: () => demoServer?.stop() };
}
