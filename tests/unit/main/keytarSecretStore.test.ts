import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createKeytarSecretStore,
  loadKeytar,
} from '../../../src/main/core/secrets/keytarSecretStore';

/**
 * The real OS keychain. CI runs the tests inside a D-Bus session with an unlocked
 * gnome-keyring, so there this must pass; elsewhere without a keychain it says it skipped.
 */
const keytar = await loadKeytar();
let reachable = false;
if (keytar) {
  try {
    await keytar.getPassword('dqc-console-test', 'probe');
    reachable = true;
  } catch (error) {
    console.warn(`SKIPPED keychain round trip: no keychain reachable (${String(error)})`);
  }
}
const required = process.env.CI === 'true' || process.env.DQC_REQUIRE_KEYCHAIN === '1';

describe('keytar secret store (real keychain)', () => {
  it('is reachable wherever it is required', () => {
    if (required) expect(reachable).toBe(true);
    else expect(typeof reachable).toBe('boolean');
  });

  it.runIf(reachable)('stores, reads, replaces and deletes a secret', async () => {
    const store = createKeytarSecretStore(keytar!, `dqc-console-test-${randomUUID()}`);
    const account = 'refresh-token@http://127.0.0.1:1';
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'first-secret');
    expect(await store.get(account)).toBe('first-secret');
    await store.set(account, 'rotated-secret');
    expect(await store.get(account)).toBe('rotated-secret');
    await store.delete(account);
    expect(await store.get(account)).toBeNull();
    await expect(store.delete(account)).resolves.toBeUndefined();
  });

  it.runIf(reachable)('keeps different services apart', async () => {
    const a = createKeytarSecretStore(keytar!, `dqc-console-test-${randomUUID()}`);
    const b = createKeytarSecretStore(keytar!, `dqc-console-test-${randomUUID()}`);
    await a.set('acct', 'A');
    expect(await b.get('acct')).toBeNull();
    await a.delete('acct');
  });
});
