import { ADMIN_ROLE, DEFAULT_REVIEWERS } from '../../shared/constants';
import { hashPassword, OWASP_SCRYPT, type ScryptCost } from '../auth/passwordHash';
import { createUser } from '../auth/users';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { isLoopbackHost } from '../http/loopbackHost';

export const DEMO_PASSWORD = 'demo';

/**
 * The three reviewers of the Reviewed By filter hold ADMIN; `viewer` does not (README, Demo users).
 */
export const DEMO_USERS: readonly { username: string; roles: string[] }[] = [
  ...DEFAULT_REVIEWERS.map((username) => ({ username, roles: [ADMIN_ROLE, 'REVIEWER'] })),
  { username: 'viewer', roles: ['VIEWER'] },
];

/**
 * Users with the known password `demo` are for a console on its own machine: they are created
 * only when the server listens on loopback and keeps its data in its own embedded database. A
 * server others can reach, or one on a real PostgreSQL (DATABASE_URL), gets none. Null when they
 * may be created, else the sentence saying why not.
 */
export function whyNoDemoUsers(config: Pick<ServerConfig, 'host' | 'databaseUrl'>): string | null {
  if (config.databaseUrl)
    return 'Demo users are not created: the database is a PostgreSQL server (DATABASE_URL).';
  if (!isLoopbackHost(config.host))
    return `Demo users are not created: the server listens on ${config.host}, beyond loopback.`;
  return null;
}

/**
 * Demo users an earlier start created in this database (on loopback, say, before the server was
 * moved to a shared address): they are left alone, as all data is, but the log names them.
 */
export async function demoUsersPresent(db: Database): Promise<string[]> {
  const rows = await db.query<{ username: string }>(
    'SELECT username FROM users WHERE username = ANY($1::text[]) ORDER BY username',
    [DEMO_USERS.map((user) => user.username)],
  );
  return rows.map((row) => row.username);
}

/**
 * Creates the demo users in a database without users. Their password is the same known word, so
 * it is hashed once and the hash shared: a salt per user protects nothing here, and hashing four
 * times at OWASP's cost would add seconds to every fresh start.
 */
export async function seedDemoUsers(
  db: Database,
  cost: ScryptCost = OWASP_SCRYPT,
): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM users',
  );
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, cost);
  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) await createUser(tx, { ...user, passwordHash });
  });
  return true;
}
