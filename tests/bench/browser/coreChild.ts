/**
 * The console's trusted side on its own: core + browser mode against the API URL given as the
 * first argument, as the desktop app's main process would run it. Started by coreProcess.ts
 * (with --expose-gc); says `ready` with the page's address, then answers memory and credential
 * requests until its parent goes away.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { consoleLogger, silentLogger, type Logger } from '../../../src/main/core/log';
import { keepYoungGenerationSmall } from '../../../src/main/core/youngGeneration';
import { startBenchConsole } from '../lib/browserConsole';
import type { CoreMessage, CoreRequest } from './coreMessages';

function send(message: CoreMessage): void {
  process.send?.(message);
}

/**
 * BENCH_CORE_LOG=1: core's own log on this process's output, each line stamped with the time, to
 * lay a slow action beside what core did then (a token refresh, a failed call).
 */
function benchLog(): Logger {
  if (process.env.BENCH_CORE_LOG !== '1') return silentLogger;
  const stamp = () => `[core ${new Date().toISOString().slice(11, 23)}]`;
  return {
    info: (...args) => consoleLogger.info(stamp(), ...args),
    warn: (...args) => consoleLogger.warn(stamp(), ...args),
    error: (...args) => consoleLogger.error(stamp(), ...args),
  };
}

async function main() {
  // As the desktop app's main process does first (src/main/index.ts).
  keepYoungGenerationSmall();
  const apiUrl = process.argv[2];
  if (!apiUrl) throw new Error('coreChild needs the API URL as its argument.');
  const app = await startBenchConsole(apiUrl, undefined, benchLog());
  process.on('message', (request: CoreRequest) => {
    if (request.kind === 'memory') {
      // Twice: the first collection can leave garbage that finalisers only free for the second.
      globalThis.gc?.();
      globalThis.gc?.();
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      const newSpace =
        getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
      send({
        kind: 'answer',
        id: request.id,
        memory: { rss, heapUsed, heapTotal, external, newSpace },
      });
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
