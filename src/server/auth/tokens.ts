import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SigningKey } from './signingKeys';

export const ISSUER = 'dqc-reference-server';

export interface TokenSubject {
  userId: string;
  username: string;
  roles: string[];
  sessionId: string;
  clientId: string;
}

export interface VerifiedToken {
  userId: string;
  username: string;
  roles: string[];
  sessionId: string;
}

export async function issueAccessToken(
  key: SigningKey,
  subject: TokenSubject,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({
    preferred_username: subject.username,
    realm_access: { roles: subject.roles },
    sid: subject.sessionId,
    azp: subject.clientId,
    typ: 'Bearer',
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(ISSUER)
    .setSubject(subject.userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}

export async function issueIdToken(
  key: SigningKey,
  subject: TokenSubject,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ preferred_username: subject.username, sid: subject.sessionId, typ: 'ID' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(ISSUER)
    .setSubject(subject.userId)
    .setAudience(subject.clientId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}

export type VerifyOutcome =
  | {
      ok: true;
      token: VerifiedToken;
      /** The token's `exp` (seconds since the epoch), null when it has none. */
      expiresAt: number | null;
    }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Verifies signature, issuer and (unless `allowExpired`) expiry. Sign-out accepts an expired
 * id token: ending a session must work even after the token's lifetime.
 */
export async function verifyToken(
  key: SigningKey,
  jwt: string,
  expectedTyp: 'Bearer' | 'ID',
  allowExpired = false,
): Promise<VerifyOutcome> {
  try {
    const { payload } = await jwtVerify(jwt, key.publicKey, {
      issuer: ISSUER,
      algorithms: ['RS256'],
      currentDate: allowExpired ? new Date(0) : undefined,
    });
    if (
      payload.typ !== expectedTyp ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    const realm = payload.realm_access as { roles?: unknown } | undefined;
    const roles = Array.isArray(realm?.roles)
      ? realm.roles.filter((r): r is string => typeof r === 'string')
      : [];
    return {
      ok: true,
      token: {
        userId: payload.sub,
        username: typeof payload.preferred_username === 'string' ? payload.preferred_username : '',
        roles,
        sessionId: payload.sid,
      },
      expiresAt: typeof payload.exp === 'number' ? payload.exp : null,
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
