import { describe, expect, it } from 'vitest';
import { encryptPassword } from '../../../src/main/core/passwordCipher';
import { decryptPassword } from '../../../src/server/auth/passwordCipher';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';

describe('password cipher (client crypto-js, server node:crypto)', () => {
  it.each([
    ['16-byte key', '0123456789abcdef'],
    ['24-byte key', '0123456789abcdef01234567'],
    ['32-byte key', DEFAULT_PASSWORD_KEY],
  ])('the server decrypts what the client encrypts with a %s', (_name, key) => {
    for (const password of ['demo', 'p@ss wörd ✓', 'x'.repeat(100)]) {
      expect(decryptPassword(encryptPassword(password, key), key)).toBe(password);
    }
  });

  it('trims the password before encrypting it', () => {
    expect(
      decryptPassword(encryptPassword('  demo \n', DEFAULT_PASSWORD_KEY), DEFAULT_PASSWORD_KEY),
    ).toBe('demo');
  });

  it('is AES-ECB: the same password and key always give the same base64 ciphertext', () => {
    const a = encryptPassword('demo', DEFAULT_PASSWORD_KEY);
    expect(a).toBe(encryptPassword('demo', DEFAULT_PASSWORD_KEY));
    expect(a).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
  });

  it('does not decrypt under another key', () => {
    const cipher = encryptPassword('demo', DEFAULT_PASSWORD_KEY);
    expect(decryptPassword(cipher, 'another-key-of-32-bytes-length!!')).not.toBe('demo');
  });

  it('refuses a key of the wrong length with a clear message', () => {
    expect(() => encryptPassword('demo', 'short')).toThrow(/16, 24 or 32 bytes/);
  });

  it('answers null for garbage ciphertext instead of throwing', () => {
    expect(decryptPassword('not base64 at all!!', DEFAULT_PASSWORD_KEY)).toBeNull();
  });
});
