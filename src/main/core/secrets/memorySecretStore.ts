import type { SecretStore } from './secretStore';

/** For tests, and the last resort where no keychain is reachable: nothing outlives the process. */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => values.get(account) ?? null,
    set: async (account, secret) => void values.set(account, secret),
    delete: async (account) => void values.delete(account),
  };
}
