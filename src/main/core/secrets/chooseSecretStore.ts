import type { Logger } from '../log';
import { createMemorySecretStore } from './memorySecretStore';
import type { SecretStore } from './secretStore';

const PROBE_ACCOUNT = '__dqc_probe__';

/**
 * The first candidate that answers a read wins. keytar throws (for example "Cannot autolaunch
 * D-Bus without X11 $DISPLAY") where no keychain is reachable; then the next one is tried, and
 * memory is the last resort, with a warning, so the app still runs, only without remembering
 * the session across restarts.
 */
export async function chooseSecretStore(
  candidates: readonly (() => Promise<SecretStore | null>)[],
  log: Logger,
): Promise<SecretStore> {
  for (const make of candidates) {
    try {
      const store = await make();
      if (!store) continue;
      await store.get(PROBE_ACCOUNT);
      log.info(`Secrets are kept in: ${store.kind}`);
      return store;
    } catch (error) {
      log.warn(
        'A secret store is unavailable, trying the next one:',
        error instanceof Error ? error.message : error,
      );
    }
  }
  log.warn('No keychain is reachable: the session will not be remembered after the app closes.');
  return createMemorySecretStore();
}
