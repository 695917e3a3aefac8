import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { consoleLogger } from '../main/core/log';
import { keepYoungGenerationSmall } from '../main/core/youngGeneration';
import { startBrowserMode } from './browserMode';
import { createNodeHost, defaultHostFiles } from './nodeHost';

/**
 * `npm run start:browser`: core in Node, the renderer served on loopback. The line starting with
 * http://127.0.0.1: is the one to open (scripts rely on it).
 */
async function main() {
  // Core runs in this process, as in Electron's main process (youngGeneration.ts).
  keepYoungGenerationSmall();
  const projectRoot = resolve(__dirname, '../..');
  const version = (
    JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const port = z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .parse(process.env.DQC_BROWSER_PORT || '0');
  const host = await createNodeHost({
    env: process.env,
    ...defaultHostFiles(process.env),
    log: consoleLogger,
    version,
    projectRoot,
  });
  const browser = await startBrowserMode({
    core: host.core,
    rendererDir: resolve(projectRoot, 'out/renderer'),
    port,
    log: consoleLogger,
    downloads: host.downloads,
  });
  console.log(
    host.demoServer ? `Demo server: ${host.demoServer.url}` : 'Using the configured API host.',
  );
  console.log("Open this address in a browser (it holds this launch's secret):");
  console.log(browser.url);
  const stop = () => {
    host.stop();
    void host.downloads.close();
    void browser.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    `Browser mode failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
