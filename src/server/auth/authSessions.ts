import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { openSuccessor, sealSuccessor } from './successorSeal';

/**
 * Server-side sessions with rotating refresh tokens. Only a hash of each refresh token is
 * stored. A session is one family of refresh tokens, each replacing the one before: a used token
 * is marked (used_at, replaced_by), never deleted, so that presenting it again is recognised as
 * theft and ends the whole family with its access tokens (OAuth 2.0 Security BCP, refresh token
 * rotation), except within a short grace for a lost answer (rotateRefreshToken). A session has an
 * absolute lifetime that no rotation extends.
 */
export interface SessionUser {
  userId: string;
  username: string;
  roles: string[];
  sessionId: string;
  clientId: string;
}

export type RotateOutcome =
  | { ok: true; user: SessionUser; refreshToken: string }
  | {
      ok: false;
      reason: 'unknown' | 'wrong_client' | 'reused' | 'expired' | 'revoked' | 'session_expired';
      sessionId?: string;
    };

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

async function issueRefreshToken(
  tx: Queryable,
  sessionId: string,
  ttlSeconds: number,
): Promise<string> {
  const token = newToken();
  await tx.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hash(token), sessionId, ttlSeconds],
  );
  return token;
}

export async function startSession(
  db: Database,
  userId: string,
  clientId: string,
  refreshTtlSeconds: number,
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const sessionId = randomUUID();
    await tx.query('INSERT INTO auth_sessions (id, user_id, client_id) VALUES ($1, $2, $3)', [
      sessionId,
      userId,
      clientId,
    ]);
    return { sessionId, refreshToken: await issueRefreshToken(tx, sessionId, refreshTtlSeconds) };
  });
}

export interface RotationRules {
  refreshTtlSeconds: number;
  /** A session older than this is not refreshed any more, however its tokens were rotated. */
  sessionMaxAgeSeconds: number;
  /** How long a used token may be presented again while its successor is unused. */
  graceSeconds: number;
  /** Whether a refresh sent as `presenting` may rotate a token issued to `issuedTo`. */
  mayRefresh: (issuedTo: string, presenting: string) => boolean;
}

/** A refresh call: the token it presents and the client_id it is sent as. */
export interface PresentedToken {
  token: string;
  clientId: string;
}

/**
 * Exchanges a refresh token for a new one. A used token presented again is theft and ends the
 * session, its whole token family and its access tokens (the reuse detection of OAuth 2.0
 * Security BCP), with one exception: a client whose rotation answer was lost (a dropped
 * connection) presents its last token again within a few seconds, before it ever used the
 * successor it never received; it is answered with that same successor again, opened from its
 * seal (successorSeal.ts). Nothing new is minted, so whoever presents the used token in that
 * window (a thief too) holds no token the legitimate client does not also hold, and once either
 * uses the successor, the other's next refresh is reuse and ends the family. Outside the grace, or
 * once the successor was used, the used token ends the family.
 *
 * A token is refreshed only by the client it was issued to or the refresh client configured
 * beside it (RFC 6749 section 6); another client is refused and the token is left as it was.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: PresentedToken,
  rules: RotationRules,
): Promise<RotateOutcome> {
  const presentedHash = hash(presented.token);
  return db.transaction(async (tx) => {
    // The session is locked before any of its tokens is read, so that the rotations of one family
    // run one after another: the grace's check that the successor is unused, and the successor's
    // own rotation, cannot interleave, and no two of them wait on each other's token rows.
    const family = await tx.query<{ session_id: string }>(
      'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
      [presentedHash],
    );
    const sessionId = family[0]?.session_id;
    if (sessionId === undefined) return { ok: false, reason: 'unknown' };
    await tx.query('SELECT id FROM auth_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
    const rows = await tx.query<{
      used: boolean;
      expired: boolean;
      revoked: boolean;
      too_old: boolean;
      in_grace: boolean;
      replaced_by: string | null;
      successor_sealed: string | null;
      user_id: string;
      username: string;
      roles: string[];
      client_id: string;
    }>(
      `SELECT t.used_at IS NOT NULL AS used, t.expires_at <= now() AS expired,
              s.revoked_at IS NOT NULL AS revoked,
              s.created_at + make_interval(secs => $2) <= now() AS too_old,
              coalesce(t.used_at > now() - make_interval(secs => $3), false) AS in_grace,
              t.replaced_by, t.successor_sealed, u.id AS user_id, u.username, u.roles, s.client_id
         FROM refresh_tokens t
         JOIN auth_sessions s ON s.id = t.session_id
         JOIN users u ON u.id = s.user_id
        WHERE t.token_hash = $1`,
      [presentedHash, rules.sessionMaxAgeSeconds, rules.graceSeconds],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    // Before anything about the token is told: another client learns nothing and changes nothing.
    if (!rules.mayRefresh(row.client_id, presented.clientId))
      return { ok: false, reason: 'wrong_client' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.too_old) return { ok: false, reason: 'session_expired' };
    const user: SessionUser = {
      userId: row.user_id,
      username: row.username,
      roles: row.roles,
      sessionId,
      clientId: row.client_id,
    };
    if (row.used) {
      const successor = row.in_grace ? await unreceivedSuccessor(tx, presented.token, row) : null;
      if (successor === null) {
        await tx.query('UPDATE auth_sessions SET revoked_at = now() WHERE id = $1', [sessionId]);
        return { ok: false, reason: 'reused', sessionId };
      }
      return { ok: true, user, refreshToken: successor };
    }
    if (row.expired) return { ok: false, reason: 'expired' };
    const refreshToken = await issueRefreshToken(tx, sessionId, rules.refreshTtlSeconds);
    await tx.query(
      `UPDATE refresh_tokens SET used_at = now(), replaced_by = $2, successor_sealed = $3
        WHERE token_hash = $1`,
      [presentedHash, hash(refreshToken), sealSuccessor(presented.token, refreshToken)],
    );
    // The presented token is now used, so its predecessor's grace is over: its seal goes.
    await tx.query(
      `UPDATE refresh_tokens SET successor_sealed = NULL
        WHERE session_id = $1 AND replaced_by = $2 AND successor_sealed IS NOT NULL`,
      [sessionId, presentedHash],
    );
    return { ok: true, user, refreshToken };
  });
}

/**
 * The successor of a used token, when it was never used (its answer was lost) and can still be
 * opened from its seal; null otherwise, and the caller ends the family. A token used before seals
 * were kept has none: presenting it again ends the family, as reuse did before the grace existed.
 */
async function unreceivedSuccessor(
  tx: Queryable,
  usedToken: string,
  row: { replaced_by: string | null; successor_sealed: string | null },
): Promise<string | null> {
  if (row.replaced_by === null || row.successor_sealed === null) return null;
  const successors = await tx.query<{ unused: boolean }>(
    `SELECT used_at IS NULL AND expires_at > now() AS unused
       FROM refresh_tokens WHERE token_hash = $1`,
    [row.replaced_by],
  );
  if (successors[0]?.unused !== true) return null;
  const successor = openSuccessor(usedToken, row.successor_sealed);
  return successor !== null && hash(successor) === row.replaced_by ? successor : null;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'UPDATE auth_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [sessionId],
  );
  return rows.length > 0;
}

/** Ends every session of a user (for example a lost laptop). Returns how many were open. */
export async function revokeSessionsOfUser(db: Queryable, username: string): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `UPDATE auth_sessions SET revoked_at = now()
      WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE username = $1)
      RETURNING id`,
    [username],
  );
  return rows.length;
}

/** Not revoked, and younger than the absolute session lifetime. */
export async function isSessionActive(
  db: Queryable,
  sessionId: string,
  maxAgeSeconds: number,
): Promise<boolean> {
  const rows = await db.query<{ active: boolean }>(
    `SELECT revoked_at IS NULL AND created_at + make_interval(secs => $2) > now() AS active
       FROM auth_sessions WHERE id = $1`,
    [sessionId, maxAgeSeconds],
  );
  return rows[0]?.active === true;
}
