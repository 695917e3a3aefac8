import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/**
 * One RS256 key pair, created on first start and kept in the database so that tokens issued
 * before a restart stay valid after it.
 */
export async function loadOrCreateSigningKey(db: Database): Promise<SigningKey> {
  const rows = await db.query<{ kid: string; private_jwk: JWK }>(
    'SELECT kid, private_jwk FROM signing_keys ORDER BY created_at DESC LIMIT 1',
  );
  const existing = rows[0];
  if (existing) return fromJwk(existing.kid, existing.private_jwk);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = randomUUID();
  await db.query('INSERT INTO signing_keys (kid, private_jwk) VALUES ($1, $2)', [
    kid,
    JSON.stringify(jwk),
  ]);
  return fromJwk(kid, jwk);
}

async function fromJwk(kid: string, jwk: JWK): Promise<SigningKey> {
  const privateKey = (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  const publicKey = (await importJWK({ ...publicJwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  return { kid, privateKey, publicKey };
}
