import CryptoJS from 'crypto-js';
import { checkPasswordKey } from '../../shared/passwordKey';

/**
 * SPEC.md 5: the password is trimmed and encrypted before it is sent: AES-ECB, PKCS7, key =
 * UTF-8 bytes of the password-key setting, base64 ciphertext. This is the provider's protocol;
 * crypto-js is what the provider's own clients use, so byte-for-byte agreement is kept.
 */
export function encryptPassword(password: string, key: string): string {
  const problem = checkPasswordKey(key);
  if (problem) throw new Error(problem);
  return CryptoJS.AES.encrypt(password.trim(), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}
