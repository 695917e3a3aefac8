import { PASSWORD_KEY_LENGTHS } from './constants';

/** The AES key must be 16, 24 or 32 bytes of UTF-8 (AES-128/192/256). */
export function checkPasswordKey(key: string): string | null {
  const bytes = new TextEncoder().encode(key).length;
  return (PASSWORD_KEY_LENGTHS as readonly number[]).includes(bytes)
    ? null
    : `The password key must be 16, 24 or 32 bytes long; this one is ${bytes}.`;
}
