import type { Logger } from '../log';
import type { SecretStore } from './secretStore';

/** Electron's safeStorage, passed in by the glue (core never imports electron). */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  /** Linux only: which password store backs the key. */
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface BlobFile {
  read(): Buffer | null;
  write(data: Buffer): void;
  remove(): void;
}

/**
 * Fallback where keytar cannot reach a keychain: values encrypted by the OS-bound key of
 * safeStorage, kept in one file as a JSON map of base64 ciphertexts. Nothing in it is readable
 * without the user's OS login.
 */
export function createSafeStorageSecretStore(encryptor: Encryptor, file: BlobFile): SecretStore {
  const readAll = (): Record<string, string> => {
    const blob = file.read();
    if (!blob) return {};
    try {
      return JSON.parse(encryptor.decryptString(blob)) as Record<string, string>;
    } catch {
      // Written under another OS user or corrupted: treat as empty rather than fail sign-in.
      return {};
    }
  };
  const writeAll = (values: Record<string, string>) => {
    if (Object.keys(values).length === 0) file.remove();
    else file.write(encryptor.encryptString(JSON.stringify(values)));
  };
  return {
    kind: 'safeStorage',
    get: async (account) => readAll()[account] ?? null,
    set: async (account, secret) => writeAll({ ...readAll(), [account]: secret }),
    delete: async (account) => {
      const { [account]: _removed, ...rest } = readAll();
      writeAll(rest);
    },
  };
}

/**
 * Linux backends whose key is kept by a real keyring. Anything else (`basic_text`: a key built
 * into Electron, the same on every machine; `unknown`: asked before ready, or a backend newer
 * than this list) is refused, failing closed.
 */
const LINUX_KEYRING_BACKENDS: ReadonlySet<string> = new Set([
  'gnome_libsecret',
  'kwallet',
  'kwallet5',
  'kwallet6',
]);

export type SafeStorageVerdict = { usable: true } | { usable: false; reason: string };

/**
 * Whether safeStorage really protects a secret on this machine. On Linux without a keyring
 * Electron falls back to its `basic_text` backend while isEncryptionAvailable() still says true;
 * a refresh token encrypted that way is as good as a plain file, so it is not stored at all.
 */
export function safeStorageUsable(
  platform: NodeJS.Platform,
  backend: string | undefined,
  encryptionAvailable: boolean,
): SafeStorageVerdict {
  if (!encryptionAvailable)
    return { usable: false, reason: 'safeStorage reports that encryption is not available.' };
  if (platform !== 'linux') return { usable: true };
  if (backend !== undefined && LINUX_KEYRING_BACKENDS.has(backend)) return { usable: true };
  return {
    usable: false,
    reason:
      backend === 'basic_text'
        ? "safeStorage would use its 'basic_text' backend (a key built into Electron, not a keyring), so it is not used."
        : `safeStorage's backend '${backend ?? 'none'}' is not a keyring, so it is not used.`,
  };
}

/**
 * safeStorage as a candidate for chooseSecretStore: null (with the reason in the log) where it
 * would not really protect the secret, so the next candidate, in the end memory, is used.
 */
export function safeStorageCandidate(
  encryptor: Encryptor,
  platform: NodeJS.Platform,
  file: BlobFile,
  log: Logger,
): () => Promise<SecretStore | null> {
  return async () => {
    const verdict = safeStorageUsable(
      platform,
      encryptor.getSelectedStorageBackend?.(),
      encryptor.isEncryptionAvailable(),
    );
    if (!verdict.usable) {
      log.warn(verdict.reason);
      return null;
    }
    return createSafeStorageSecretStore(encryptor, file);
  };
}
