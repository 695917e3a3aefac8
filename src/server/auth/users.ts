import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashPassword } from './passwordHash';

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

export async function createUser(
  db: Queryable,
  user: { username: string; password: string; roles: string[] },
): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO users (id, username, password_hash, roles) VALUES ($1, $2, $3, $4)', [
    id,
    user.username,
    await hashPassword(user.password),
    user.roles,
  ]);
  return id;
}
