import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';

/**
 * Server-side sessions with rotating refresh tokens. Only a hash of each refresh token is
 * stored. A refresh token works once: presenting a used one again is treated as theft and
 * revokes the whole session (OAuth 2.0 Security BCP, refresh token rotation), except within a
 * short grace for a lost answer (rotateRefreshToken). A session has an absolute lifetime that
 * no rotation extends.
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
      reason: 'unknown' | 'reused' | 'expired' | 'revoked' | 'session_expired';
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
}

/**
 * Exchanges a refresh token for a new one. A used token presented again is theft and ends the
 * session (the reuse detection of OAuth 2.0 Security BCP), with one exception: a client whose
 * rotation answer was lost (a dropped connection) presents its last token again within a few
 * seconds, before it ever used the successor it never received; it gets a fresh answer, and the
 * unreceived successor is discarded. Like the reuse interval of other servers, this lets a thief
 * with the very last token in those seconds take over instead of ending the session; the window
 * is short and the legitimate client is then signed out on its next refresh.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  rules: RotationRules,
): Promise<RotateOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      session_id: string;
      used: boolean;
      expired: boolean;
      revoked: boolean;
      too_old: boolean;
      in_grace: boolean;
      successor_unused: boolean;
      replaced_by: string | null;
      user_id: string;
      username: string;
      roles: string[];
      client_id: string;
    }>(
      `SELECT t.session_id, t.used_at IS NOT NULL AS used, t.expires_at <= now() AS expired,
              s.revoked_at IS NOT NULL AS revoked,
              s.created_at + make_interval(secs => $2) <= now() AS too_old,
              coalesce(t.used_at > now() - make_interval(secs => $3), false) AS in_grace,
              coalesce(n.used_at IS NULL AND n.expires_at > now(), false) AS successor_unused,
              t.replaced_by, u.id AS user_id, u.username, u.roles, s.client_id
         FROM refresh_tokens t
         JOIN auth_sessions s ON s.id = t.session_id
         JOIN users u ON u.id = s.user_id
         LEFT JOIN refresh_tokens n ON n.token_hash = t.replaced_by
        WHERE t.token_hash = $1
        FOR UPDATE OF t`,
      [hash(presented), rules.sessionMaxAgeSeconds, rules.graceSeconds],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.too_old) return { ok: false, reason: 'session_expired' };
    if (row.used) {
      if (!(row.in_grace && row.successor_unused)) {
        await tx.query('UPDATE auth_sessions SET revoked_at = now() WHERE id = $1', [
          row.session_id,
        ]);
        return { ok: false, reason: 'reused', sessionId: row.session_id };
      }
      // The lost answer's token was never received: it goes, and a new one takes its place.
      await tx.query('DELETE FROM refresh_tokens WHERE token_hash = $1', [row.replaced_by]);
    } else if (row.expired) return { ok: false, reason: 'expired' };
    const refreshToken = await issueRefreshToken(tx, row.session_id, rules.refreshTtlSeconds);
    await tx.query(
      `UPDATE refresh_tokens SET used_at = coalesce(used_at, now()), replaced_by = $2
        WHERE token_hash = $1`,
      [hash(presented), hash(refreshToken)],
    );
    return {
      ok: true,
      refreshToken,
      user: {
        userId: row.user_id,
        username: row.username,
        roles: row.roles,
        sessionId: row.session_id,
        clientId: row.client_id,
      },
    };
  });
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
