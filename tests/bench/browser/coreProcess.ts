import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../lib/browserConsole';
import type { CoreCredentials, CoreMemory, CoreMessage } from './coreMessages';

export interface CoreProcess {
  /** The page's address (the launch secret included). */
  url: string;
  pid: number;
  /** core's memory after a full garbage collection in its own process. */
  memory(): Promise<CoreMemory>;
  credentials(): Promise<CoreCredentials>;
  close(): Promise<void>;
}

/**
 * Starts coreChild.ts in its own Node process (tsx, --expose-gc) and waits until browser mode
 * listens. Closing disconnects the channel, which the child takes as its cue to stop.
 */
export async function startCoreProcess(apiUrl: string): Promise<CoreProcess> {
  const child: ChildProcess = fork(resolve(__dirname, 'coreChild.ts'), [apiUrl], {
    cwd: PROJECT_ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (message: CoreMessage) => void>();
  let nextId = 1;
  const url = await new Promise<string>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`core exited with code ${code} before it was ready`)),
    );
    child.on('message', (message: CoreMessage) => {
      if (message.kind === 'ready') done(message.url);
      else if (message.kind === 'failed')
        fail(new Error(`core could not start: ${message.reason}`));
      else waiting.get(message.id)?.(message);
    });
  });
  child.removeAllListeners('exit');

  const ask = (kind: 'memory' | 'credentials') =>
    new Promise<CoreMessage>((done, fail) => {
      const id = nextId++;
      const timer = setTimeout(() => fail(new Error(`core did not answer ${kind}`)), 30_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        done(message);
      });
      child.send({ id, kind });
    });

  return {
    url,
    pid: child.pid ?? -1,
    async memory() {
      const answer = await ask('memory');
      if (answer.kind !== 'answer' || !('memory' in answer)) throw new Error('no memory answer');
      return answer.memory;
    },
    async credentials() {
      const answer = await ask('credentials');
      if (answer.kind !== 'answer' || !('credentials' in answer))
        throw new Error('no credentials answer');
      return answer.credentials;
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
