/**
 * Demo users (password `demo`) exist only on a console's own machine (RELIABILITY.md, "Demo users
 * only on loopback"): a server listening on loopback with its embedded database. Beyond loopback,
 * or on DATABASE_URL, none are created, and the log says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../src/server/app';
import { serverConfigFromEnv, type ServerConfig } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { isLoopbackHost } from '../../src/server/http/loopbackHost';
import { demoUsersPresent, seedDemoUsers, whyNoDemoUsers } from '../../src/server/seed/demoUsers';
import { openNewPglite } from '../support/pgliteTemplate';
import { ENGINE_FREE_PARTS_RUN, ENGINES, TEST_SCRYPT } from '../support/testServer';

const config = (overrides: Partial<ServerConfig>): ServerConfig => ({
  ...serverConfigFromEnv({}),
  port: 0,
  dataDir: null,
  passwordHashCost: TEST_SCRYPT,
  ...overrides,
});

/** The users a server's first start leaves, on a new database (openNewPglite). */
async function usersOf(overrides: Partial<ServerConfig>) {
  const server = await startServer(config(overrides), await openNewPglite());
  try {
    return (await server.context.db.query<{ username: string }>('SELECT username FROM users')).map(
      (row) => row.username,
    );
  } finally {
    await server.close();
  }
}

describe('demo users', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tells loopback from other listen addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.1',
      'dqc.example.com',
      '128.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(whyNoDemoUsers({ host: '127.0.0.1', databaseUrl: null })).toBeNull();
    expect(whyNoDemoUsers({ host: '127.0.0.1', databaseUrl: 'postgres://db/dqc' })).toBe(
      'Demo users are not created: the database is a PostgreSQL server (DATABASE_URL).',
    );
    expect(whyNoDemoUsers({ host: '0.0.0.0', databaseUrl: null })).toBe(
      'Demo users are not created: the server listens on 0.0.0.0, beyond loopback.',
    );
  });

  // That they are created on loopback with PGlite, every other server suite shows: each signs in
  // as reviewer1 on such a server.

  it.runIf(ENGINE_FREE_PARTS_RUN())(
    'are not created when the server listens beyond loopback, and the log says so',
    async () => {
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // Beyond loopback the server needs a key of its own and TLS (tests/server/serverStart.test.ts).
      expect(
        await usersOf({
          host: '0.0.0.0',
          passwordKey: 'a-secret-key-of-32-bytes-0123456',
          tlsTerminatedByProxy: true,
        }),
      ).toEqual([]);
      expect(warned).toHaveBeenCalledWith(
        '[server] Demo users are not created: the server listens on 0.0.0.0, beyond loopback.',
      );
      expect(warned).toHaveBeenCalledWith(
        expect.stringMatching(
          /^\[server\] DQC_TLS_BY_PROXY is true but DQC_TRUST_PROXY names no proxy/,
        ),
      );
    },
    // A whole server start with its demo data on a new database: on a loaded two-core machine it
    // has taken over 30 s (the suite's default ceiling), so it gets a ceiling of its own.
    120_000,
  );

  it.runIf(ENGINE_FREE_PARTS_RUN())(
    'share one hash of the demo password, and are found again for the log',
    async () => {
      const db = await openNewPglite();
      try {
        await migrate(db);
        expect(await demoUsersPresent(db)).toEqual([]);
        expect(await seedDemoUsers(db, TEST_SCRYPT)).toBe(true);
        const hashes = await db.query<{ password_hash: string }>('SELECT password_hash FROM users');
        expect(new Set(hashes.map((row) => row.password_hash)).size).toBe(1);
        expect(await demoUsersPresent(db)).toEqual([
          'reviewer1',
          'reviewer2',
          'reviewer3',
          'viewer',
        ]);
      } finally {
        await db.close();
      }
    },
  );

  it.runIf(ENGINES.includes('postgres'))(
    'are not created on a PostgreSQL server (DATABASE_URL), and the log says so',
    async () => {
      const { startTestServer } = await import('../support/testServer');
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // The test server creates its own users on PostgreSQL; none must come from the server.
      const server = await startTestServer('postgres', { seedDemoData: true });
      try {
        expect(warned).toHaveBeenCalledWith(
          '[server] Demo users are not created: the database is a PostgreSQL server (DATABASE_URL).',
        );
      } finally {
        await server.close();
      }
    },
  );
});
