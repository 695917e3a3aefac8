import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashPassword, type ScryptCost } from './passwordHash';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  roles: string[];
}

export async function findUserByUsername(db: Queryable, username: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    'SELECT id, username, password_hash, roles FROM users WHERE username = $1',
    [username],
  );
  return rows[0] ?? null;
}

/** A new user; `passwordHash` when it was already computed (demo users share one). */
export async function createUser(
  db: Queryable,
  user: { username: string; roles: string[] } & (
    { password: string; cost?: ScryptCost } | { passwordHash: string }
  ),
): Promise<string> {
  const id = randomUUID();
  const passwordHash =
    'passwordHash' in user ? user.passwordHash : await hashPassword(user.password, user.cost);
  await db.query('INSERT INTO users (id, username, password_hash, roles) VALUES ($1, $2, $3, $4)', [
    id,
    user.username,
    passwordHash,
    user.roles,
  ]);
  return id;
}

/** Stores a new hash of the user's password (the same password at today's cost). */
export async function replacePasswordHash(db: Queryable, userId: string, passwordHash: string) {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}
