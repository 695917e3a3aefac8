/**
 * Starts the spec provider and prints its address on one line:
 *   npx tsx tests/support/specProvider/cli.ts [port]
 * SPEC_PROVIDER_PORT and SPEC_PROVIDER_TOKEN_TTL (seconds) are read from the environment too.
 */
import { startSpecProvider } from './index';

const portText = process.argv[2] ?? process.env.SPEC_PROVIDER_PORT ?? '0';
const ttlText = process.env.SPEC_PROVIDER_TOKEN_TTL;
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`Not a port: ${portText}`);
  process.exit(2);
}

void startSpecProvider({
  port,
  ...(ttlText ? { accessTokenTtlSeconds: Number(ttlText) } : {}),
}).then((provider) => {
  console.log(`SPEC_PROVIDER_URL=${provider.url}`);
  const stop = () => void provider.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
