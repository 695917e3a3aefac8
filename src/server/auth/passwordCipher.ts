import { createDecipheriv } from 'node:crypto';

/**
 * The client sends the password as base64 AES-ECB/PKCS7 ciphertext under a shared key
 * (SPEC.md 5). ECB with a fixed key is the provider's protocol, not a choice of ours: it only
 * keeps the password out of plain logs; TLS is what protects it in transit.
 * Returns null when the ciphertext does not decrypt under the key.
 */
export function decryptPassword(ciphertextB64: string, key: string): string | null {
  const keyBytes = Buffer.from(key, 'utf8');
  const algorithm = `aes-${keyBytes.length * 8}-ecb`;
  try {
    const decipher = createDecipheriv(algorithm, keyBytes, null);
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertextB64, 'base64')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
