/**
 * The console's trusted side on its own: core + browser mode against the API URL given as the
 * first argument, as the desktop app's main process would run it. Started by coreProcess.ts
 * (with --expose-gc); says `ready` with the page's address, then answers memory and credential
 * requests until its parent goes away.
 */
import { startBenchConsole } from '../lib/browserConsole';
import type { CoreMessage, CoreRequest } from './coreMessages';

function send(message: CoreMessage): void {
  process.send?.(message);
}

async function main() {
  const apiUrl = process.argv[2];
  if (!apiUrl) throw new Error('coreChild needs the API URL as its argument.');
  const app = await startBenchConsole(apiUrl);
  process.on('message', (request: CoreRequest) => {
    if (request.kind === 'memory') {
      // Twice: the first collection can leave garbage that finalisers only free for the second.
      globalThis.gc?.();
      globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({ kind: 'answer', id: request.id, memory: { rss, heapUsed } });
    } else {
      send({
        kind: 'answer',
        id: request.id,
        credentials: {
          accessToken: app.core.session.accessToken(),
          userId: app.core.session.userId(),
        },
      });
    }
  });
  // The parent ending (or closing the channel) ends core: no orphan keeps the port.
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
  send({ kind: 'ready', url: app.url });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
