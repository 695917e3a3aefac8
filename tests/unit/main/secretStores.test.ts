import { describe, expect, it, vi } from 'vitest';
import { chooseSecretStore } from '../../../src/main/core/secrets/chooseSecretStore';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import {
  createSafeStorageSecretStore,
  safeStorageCandidate,
  safeStorageUsable,
  type Encryptor,
} from '../../../src/main/core/secrets/safeStorageSecretStore';
import type { SecretStore } from '../../../src/main/core/secrets/secretStore';

/** A reversible stand-in for safeStorage that makes the plain text unrecognisable. */
const encryptor: Encryptor = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decryptString: (encrypted) => Buffer.from(encrypted.map((b) => b ^ 0x5a)).toString('utf8'),
};

function memoryFile() {
  let data: Buffer | null = null;
  return {
    read: () => data,
    write: (d: Buffer) => void (data = d),
    remove: () => void (data = null),
    peek: () => data,
  };
}

describe('safeStorage secret store', () => {
  it('round-trips secrets and never writes them in plain text', async () => {
    const file = memoryFile();
    const store = createSafeStorageSecretStore(encryptor, file);
    await store.set('a', 'secret-refresh-token');
    await store.set('b', 'other');
    expect(await store.get('a')).toBe('secret-refresh-token');
    expect(file.peek()!.toString('utf8')).not.toContain('secret-refresh-token');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('other');
    await store.delete('b');
    expect(file.peek()).toBeNull();
  });

  it('treats an unreadable file as empty instead of failing', async () => {
    const file = memoryFile();
    file.write(Buffer.from('garbage'));
    const store = createSafeStorageSecretStore(encryptor, file);
    expect(await store.get('a')).toBeNull();
  });
});

describe('choosing a secret store', () => {
  const failing: SecretStore = {
    kind: 'keychain',
    get: async () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
    },
    set: async () => undefined,
    delete: async () => undefined,
  };

  it('takes the first store that answers', async () => {
    const memory = createMemorySecretStore();
    const chosen = await chooseSecretStore(
      [async () => null, async () => failing, async () => memory],
      silentLogger,
    );
    expect(chosen).toBe(memory);
  });

  it('falls back to memory when nothing answers', async () => {
    const chosen = await chooseSecretStore([async () => failing], silentLogger);
    expect(chosen.kind).toBe('memory');
  });
});

describe('refusing a safeStorage that does not protect anything', () => {
  it('on Linux, uses only a keyring backend', () => {
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'])
      expect(safeStorageUsable('linux', backend, true), backend).toEqual({ usable: true });
    for (const backend of ['basic_text', 'unknown', 'some_future_store', undefined])
      expect(safeStorageUsable('linux', backend, true), String(backend)).toMatchObject({
        usable: false,
      });
  });

  it('names basic_text in the reason it gives', () => {
    const verdict = safeStorageUsable('linux', 'basic_text', true);
    expect(verdict.usable || verdict.reason).toMatch(/'basic_text'.*not used/);
  });

  it('elsewhere, follows isEncryptionAvailable (the backend is a Linux notion)', () => {
    expect(safeStorageUsable('darwin', undefined, true)).toEqual({ usable: true });
    expect(safeStorageUsable('win32', 'basic_text', true)).toEqual({ usable: true });
    expect(safeStorageUsable('win32', undefined, false)).toMatchObject({ usable: false });
    expect(safeStorageUsable('linux', 'gnome_libsecret', false)).toMatchObject({ usable: false });
  });

  it('falls back to memory, with both warnings, when safeStorage is basic_text', async () => {
    const warn = vi.fn();
    const file = memoryFile();
    const basicText: Encryptor = { ...encryptor, getSelectedStorageBackend: () => 'basic_text' };
    const chosen = await chooseSecretStore(
      [safeStorageCandidate(basicText, 'linux', file, { ...silentLogger, warn })],
      { ...silentLogger, warn },
    );
    expect(chosen.kind).toBe('memory');
    await chosen.set('refresh', 'token');
    expect(file.peek()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'basic_text'"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('will not be remembered'));
  });

  it('uses safeStorage where a keyring backs it', async () => {
    const keyring: Encryptor = { ...encryptor, getSelectedStorageBackend: () => 'gnome_libsecret' };
    const chosen = await chooseSecretStore(
      [safeStorageCandidate(keyring, 'linux', memoryFile(), silentLogger)],
      silentLogger,
    );
    expect(chosen.kind).toBe('safeStorage');
  });
});
