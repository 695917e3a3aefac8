import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startDemoServer } from '../../../src/main/core/demoServer';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { PROJECT_ROOT } from '../lib/browserConsole';

const NODE_ARGS = ['--import', 'tsx'];

/**
 * The environment the desktop app gives its demo server: this process's, without DATABASE_URL (a
 * benchmark run may name its PostgreSQL server there, which would turn the embedded demo server
 * into a client of it).
 */
export function demoServerEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _databaseUrl, ...rest } = process.env;
  return rest;
}

/** Resolves once the child has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });

export type ServerEntry = 'tsx' | 'bundle';

/** How each host starts it: browser mode runs the source with tsx, the desktop app the bundle. */
const ENTRY_ARGS: Record<ServerEntry, string[]> = {
  tsx: [...NODE_ARGS, 'src/server/cli.ts'],
  bundle: ['out/main/server.js'],
};

export interface DemoServerProcess {
  url: string;
  pid: number;
  /** Stops it (SIGTERM, as the app stops it) and waits until it is gone, since PGlite holds its
   * data folder until then. */
  stop(): Promise<void>;
}

/**
 * The demo server started as its host starts it (browser mode: src/browser/nodeHost.ts, Node with
 * tsx on src/server/cli.ts; the desktop app: the bundle), through core's startDemoServer, which
 * waits for the ready line.
 */
export async function startDemoServerProcess(
  dataDir: string,
  entry: ServerEntry,
): Promise<DemoServerProcess> {
  const spawned: { child?: ChildProcess } = {};
  const server = await startDemoServer(
    (env) => {
      spawned.child = spawn(process.execPath, ENTRY_ARGS[entry], {
        cwd: PROJECT_ROOT,
        env: { ...demoServerEnv(), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return spawned.child;
    },
    { dataDir, passwordKey: DEFAULT_PASSWORD_KEY, timeoutMs: 120_000 },
  );
  const child = spawned.child!;
  return {
    url: server.url,
    pid: child.pid!,
    async stop() {
      server.stop();
      await exited(child);
    },
  };
}

/** The time from spawn to ready, then the server stopped and waited for. */
export async function timeDemoServerStart(
  dataDir: string,
  entry: ServerEntry = 'tsx',
): Promise<number> {
  const start = performance.now();
  const server = await startDemoServerProcess(dataDir, entry);
  const ms = performance.now() - start;
  await server.stop();
  return ms;
}

/** A script of this folder started the same way (Node with tsx): spawn to its first line. */
export function timeScriptLine(script: string, args: string[] = []): Promise<number> {
  return timeFirstLine([...NODE_ARGS, `tests/bench/startup/${script}`, ...args], script);
}

/** Plain Node printing a line: the least any start of the bundled server costs. */
export function timeNodeLine(): Promise<number> {
  return timeFirstLine(['-e', 'console.log("ready")'], 'node -e');
}

function timeFirstLine(args: string[], script: string): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let ms: number | null = null;
    child.stdout.on('data', () => {
      ms ??= performance.now() - start;
    });
    child.once('exit', (code) =>
      ms !== null
        ? resolve(ms)
        : reject(new Error(`${script} exited with ${code} before its line`)),
    );
  });
}
