import type { SecretStore } from './secretStore';

/** Electron's safeStorage, passed in by the glue (core never imports electron). */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
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
