import { serverConfigFromEnv } from './config';
import { startServer } from './app';

/**
 * `npm run server`: the reference API on loopback. Prints exactly one line when ready, which the
 * desktop app and browser mode wait for (READY_LINE_PATTERN in main/core/demoServer.ts).
 */
async function main() {
  const config = serverConfigFromEnv(process.env);
  const server = await startServer(config);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : config.dataDir
      ? `PGlite at ${config.dataDir}`
      : 'PGlite in memory';
  console.log(`DQC reference server listening on ${server.url} (${where})`);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // When run as a child (Electron utilityProcess or browser mode), end with the parent.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(
    `DQC reference server failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
