import type { SecretStore } from './secretStore';

/** The part of keytar we use; injected so tests and hosts can choose the module. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The OS keychain: macOS Keychain, Windows Credential Manager, libsecret on Linux. */
export function createKeytarSecretStore(keytar: KeytarLike, service: string): SecretStore {
  return {
    kind: 'keychain',
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: async (account) => {
      await keytar.deletePassword(service, account);
    },
  };
}

/** Loads keytar's native module; null where it is missing or was built for another runtime. */
export async function loadKeytar(): Promise<KeytarLike | null> {
  try {
    const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
    return mod.default ?? mod;
  } catch {
    return null;
  }
}

/** The keychain as a candidate for chooseSecretStore: null where keytar cannot be loaded. */
export function keytarCandidate(service: string): () => Promise<SecretStore | null> {
  return async () => {
    const keytar = await loadKeytar();
    return keytar ? createKeytarSecretStore(keytar, service) : null;
  };
}
