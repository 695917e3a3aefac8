import { ADMIN_ROLE, DEFAULT_REVIEWERS } from '../../shared/constants';
import { createUser } from '../auth/users';
import type { Database } from '../db/database';

export const DEMO_PASSWORD = 'demo';

/** The three reviewers of the Reviewed By filter hold ADMIN; `viewer` does not (README). */
export const DEMO_USERS: readonly { username: string; roles: string[] }[] = [
  ...DEFAULT_REVIEWERS.map((username) => ({ username, roles: [ADMIN_ROLE, 'REVIEWER'] })),
  { username: 'viewer', roles: ['VIEWER'] },
];

export async function seedDemoUsers(db: Database): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM users',
  );
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) await createUser(tx, { ...user, password: DEMO_PASSWORD });
  });
  return true;
}
