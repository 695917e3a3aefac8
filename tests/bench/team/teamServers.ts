import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../lib/browserConsole';
import type { ServerTimes, TeamServerMessage, TimesRequest } from './teamMessages';

export interface TeamServer {
  url: string;
  /** The server times gathered since the last call (then forgotten by the server). */
  takeTimes(): Promise<ServerTimes>;
  close(): Promise<void>;
}

/**
 * Starts teamServerChild.ts in its own Node process on the database and waits until it listens;
 * `users` > 0 makes it create the team's accounts first (start that one before the others).
 */
export async function startTeamServer(databaseUrl: string, users: number): Promise<TeamServer> {
  const child: ChildProcess = fork(resolve(__dirname, 'teamServerChild.ts'), [], {
    cwd: PROJECT_ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_TEAM_DATABASE_URL: databaseUrl, BENCH_TEAM_USERS: String(users) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let onTimes: ((times: ServerTimes) => void) | null = null;
  const url = await new Promise<string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`a team server exited with code ${code} before it was ready`)),
    );
    child.on('message', (message: TeamServerMessage) => {
      if (message.kind === 'ready') done(message.url);
      else if (message.kind === 'failed')
        fail(new Error(`a team server could not start: ${message.reason}`));
      else onTimes?.(message.times);
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    takeTimes: () =>
      new Promise<ServerTimes>((done) => {
        onTimes = (times) => {
          onTimes = null;
          done(times);
        };
        const request: TimesRequest = { kind: 'takeTimes' };
        child.send(request);
      }),
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
