/**
 * Passwords are hashed with scrypt at OWASP's cost (N = 2^17, r = 8, p = 1) by default; a hash
 * keeps its parameters, so hashes made at another cost still verify, and are redone at today's
 * cost when their user signs in.
 */
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  OWASP_SCRYPT,
  timingDummyHash,
  verifyPassword,
} from '../../src/server/auth/passwordHash';
import { createUser } from '../../src/server/auth/users';
import { useServer } from '../support/serverHarness';
import { signInForm, TEST_SCRYPT } from '../support/testServer';

describe('password hashes', () => {
  it("are made at OWASP's cost by default (more memory than Node's 32 MiB default) and verify", async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(needsRehash(stored, OWASP_SCRYPT)).toBe(false);
  });

  it('made at another cost still verify, and are marked for redoing', async () => {
    const old = await hashPassword('pw', { N: 16384, r: 8, p: 1 });
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('pw', old)).toBe(true);
    expect(needsRehash(old, OWASP_SCRYPT)).toBe(true);
  });

  it('with damaged or absurd parameters verify nothing and allocate nothing', async () => {
    const good = await hashPassword('pw', TEST_SCRYPT);
    const [, , , , salt, key] = good.split('$');
    for (const params of ['1073741824$8$1', '16384$1000$1', '16383$8$1', 'x$8$1', '16384$8$0'])
      expect(await verifyPassword('pw', `scrypt$${params}$${salt}$${key}`), params).toBe(false);
    expect(await verifyPassword('pw', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('pw', timingDummyHash(TEST_SCRYPT))).toBe(false);
  });
});

describe('sign-in with a hash of an older cost', () => {
  const api = useServer({ user: null });

  it('signs in, and the hash is redone at the configured cost', async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    await createUser(api.server.context.db, {
      username: 'legacy',
      roles: ['ADMIN'],
      password: 'pw',
      cost,
    });
    const hashOf = async () =>
      (
        await api.server.context.db.query<{ password_hash: string }>(
          "SELECT password_hash FROM users WHERE username = 'legacy'",
        )
      )[0]!.password_hash;
    expect((await hashOf()).startsWith('scrypt$1024$')).toBe(true);
    const res = await api.call('auth.signIn', { body: signInForm('legacy', 'pw') });
    expect(res.statusCode).toBe(200);
    const redone = await hashOf();
    expect(redone.startsWith(`scrypt$${TEST_SCRYPT.N}$8$1$`)).toBe(true);
    expect(await verifyPassword('pw', redone)).toBe(true);
  });
});
