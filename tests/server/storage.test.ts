import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/app';
import { serverConfigFromEnv } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { openPgliteDatabase } from '../../src/server/db/pgliteDatabase';
import { openNewPglite } from '../support/pgliteTemplate';
import { requestOf } from '../support/serverHarness';
import { signInForm } from '../support/testServer';

describe('server storage', () => {
  it('keeps users, sessions and the signing key in its data folder across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dqc-server-'));
    try {
      const config = { ...serverConfigFromEnv({}), port: 0, dataDir: dir };
      // The folder as initdb leaves it, copied (openNewPglite): the first start migrates and
      // seeds it.
      const first = await startServer(config, await openNewPglite(dir));
      const signIn = await first.app.inject(
        requestOf('auth.signIn', { body: signInForm('reviewer1', 'demo') }),
      );
      const { access_token } = signIn.json() as { access_token: string };
      await first.close();

      const second = await startServer(config);
      const info = await second.app.inject(
        requestOf('tweets.getKeywords', { headers: { authorization: `Bearer ${access_token}` } }),
      );
      expect(info.statusCode).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('creates its data folder and any missing parents on a fresh machine', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dqc-fresh-'));
    const dataDir = join(root, 'config', 'dqc-console', 'demo-data');
    try {
      const db = await openPgliteDatabase(dataDir);
      await migrate(db);
      await db.close();
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stores password hashes, never passwords', async () => {
    const db = await openNewPglite();
    try {
      await migrate(db);
      const { seedDemoUsers } = await import('../../src/server/seed/demoUsers');
      await seedDemoUsers(db);
      const rows = await db.query<{ password_hash: string }>('SELECT password_hash FROM users');
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.password_hash).toMatch(/^scrypt\$/);
        expect(row.password_hash).not.toContain('demo');
      }
      expect(await seedDemoUsers(db)).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('runs each migration once', async () => {
    const db = await openNewPglite();
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('refuses a bad setting at start with a message naming it', () => {
    expect(() => serverConfigFromEnv({ DQC_ACCESS_TOKEN_TTL: 'soon' })).toThrow(
      /DQC_ACCESS_TOKEN_TTL/,
    );
    expect(() => serverConfigFromEnv({ DQC_PASSWORD_KEY: 'short' })).toThrow(/DQC_PASSWORD_KEY/);
    expect(() => serverConfigFromEnv({ DQC_SERVER_PORT: '70000' })).toThrow(/DQC_SERVER_PORT/);
  });
});
