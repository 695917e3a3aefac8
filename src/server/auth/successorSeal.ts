import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The successor of a used refresh token, kept so that a client whose rotation answer was lost can
 * be given that same successor again (authSessions.ts, the grace), without the database holding
 * anything a reader of it could present.
 *
 * Why a seal keyed by the used token, and not the other ways of answering with the same successor:
 * - the successor in plain text would make every database reader (a leaked backup, an injected
 *   query) a holder of live tokens, which storing only hashes exists to prevent;
 * - a successor derived as HMAC(server secret, used token) would make a whole chain follow from one
 *   stolen token and the secret, kept forever, and a secret kept in the database is read with it;
 * - a seal under a server key has the same weakness when the key sits beside the data.
 * Here the key is derived from the used token itself (256 random bits, of which the database keeps
 * only a SHA-256): only a holder of that token can open its successor, and that holder is exactly
 * who the grace answers anyway. Once the successor is used the seal is cleared.
 */

/** A label of its own, so the key is never the SHA-256 the database stores as the token's hash. */
const KEY_INFO = 'dqc-console refresh-token successor seal';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (usedToken: string) =>
  Buffer.from(hkdfSync('sha256', usedToken, Buffer.alloc(0), KEY_INFO, 32));

export function sealSuccessor(usedToken: string, successor: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(usedToken), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor, or null when the seal was not made with this token (or was altered). */
export function openSuccessor(usedToken: string, seal: string): string | null {
  const bytes = Buffer.from(seal, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(usedToken), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
