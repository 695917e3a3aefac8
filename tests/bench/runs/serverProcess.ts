import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../lib/browserConsole';
import type { ServerMessage } from './serverMessages';

export interface ServerProcess {
  url: string;
  /** SQL run on the server's database, in the server's process. */
  query<Row extends object>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/**
 * Starts serverChild.ts in its own Node process (tsx) and waits until the server listens. Closing
 * disconnects the channel, which the child takes as its cue to stop.
 */
export async function startServerProcess(): Promise<ServerProcess> {
  const child = fork(resolve(__dirname, 'serverChild.ts'), [], {
    cwd: PROJECT_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (message: ServerMessage) => void>();
  let nextId = 1;
  const url = await new Promise<string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`the server exited with code ${code} before it was ready`)),
    );
    child.on('message', (message: ServerMessage) => {
      if (message.kind === 'ready') done(message.url);
      else if (message.kind === 'failed')
        fail(new Error(`the server could not start: ${message.reason}`));
      else waiting.get(message.id)?.(message);
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    query<Row extends object>(sql: string, params: unknown[] = []) {
      return new Promise<Row[]>((done, fail) => {
        const id = nextId++;
        waiting.set(id, (message) => {
          waiting.delete(id);
          if (message.kind === 'rows') done(message.rows as Row[]);
          else if (message.kind === 'error') fail(new Error(`SQL failed: ${message.message}`));
        });
        child.send({ id, sql, params });
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.disconnect();
      // A child stuck in closing its server is ended after a while; the bench must finish.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
