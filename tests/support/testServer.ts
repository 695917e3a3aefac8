import { startServer, type RunningServer } from '../../src/server/app';
import type { ScryptCost } from '../../src/server/auth/passwordHash';
import { seedDemoUsers } from '../../src/server/seed/demoUsers';
import { serverConfigFromEnv, type ServerConfig } from '../../src/server/config';
import { encryptPassword } from '../../src/main/core/passwordCipher';
import { openPgliteDatabase } from '../../src/server/db/pgliteDatabase';
import { FIELDS_THE_TEMPLATE_FIXES, pgliteTemplate } from './pgliteTemplate';
import { createPostgresDatabase } from './postgresDatabases';
import { postgresTemplate } from './postgresTemplate';
import { DEFAULT_PASSWORD_KEY } from '../../src/shared/constants';
import { authCalls } from '../../src/shared/api/auth';

export type Engine = 'pglite' | 'postgres';

/**
 * Engines the server suites run on: PGlite always and PostgreSQL where DQC_TEST_DATABASE_URL names
 * a server, unless DQC_TEST_ENGINES lists them (the test command runs the PostgreSQL half beside
 * the browser suite: scripts/test.mjs).
 */
export const ENGINES: Engine[] = enginesOf(process.env);

/**
 * Whether this run is the PGlite half, where a suite's parts that do not depend on the engine run.
 * The PostgreSQL half (its own stage of `npm test`) skips them: it would run them a second time,
 * and on PGlites without the prepared template (databaseTemplates.setup.ts makes it for PGlite
 * runs only), each a new cluster and its migrations.
 */
export const ENGINE_FREE_PARTS_RUN = (): boolean => ENGINES.includes('pglite');

function enginesOf(env: NodeJS.ProcessEnv): Engine[] {
  const listed = env.DQC_TEST_ENGINES?.split(',').map((name) => name.trim());
  const available: Engine[] = env.DQC_TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!listed) return available;
  return available.filter((engine) => listed.includes(engine));
}

export interface TestServer extends RunningServer {
  engine: Engine;
}

/**
 * The password hash cost of test servers: far below OWASP's (the server's default), so that the
 * suites, which sign in hundreds of times, stay fast. Tests of the cost itself use the default.
 */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

/**
 * The reference server on a free loopback port with a fresh, seeded database. On PostgreSQL the
 * server creates no demo users (DATABASE_URL), so the test creates them itself.
 */
export async function startTestServer(
  engine: Engine = 'pglite',
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const config: ServerConfig = { ...testServerConfig(), ...overrides };
  const fromTemplate = !FIELDS_THE_TEMPLATE_FIXES.some((field) => field in overrides);
  if (engine === 'postgres') {
    const template = fromTemplate ? postgresTemplate() : null;
    const database = await createPostgresDatabase(template ? { template } : {});
    const server = await startServer({ ...config, databaseUrl: database.url });
    if (config.seedDemoData) await seedDemoUsers(server.context.db, config.passwordHashCost);
    return {
      ...server,
      engine,
      async close() {
        await server.close();
        await database.drop();
      },
    };
  }
  const template = fromTemplate ? pgliteTemplate() : null;
  const copy = template ? await openPgliteDatabase(null, await template) : undefined;
  return { ...(await startServer({ ...config, databaseUrl: null }, copy)), engine };
}

/** A test server's config before a suite's overrides: in memory, on a free loopback port. */
export function testServerConfig(): ServerConfig {
  return {
    ...serverConfigFromEnv({}),
    port: 0,
    dataDir: null,
    passwordHashCost: TEST_SCRYPT,
    // Tests group arrivals themselves (groupArrivals): a background pass's row locks would make
    // the claims' SKIP LOCKED tests pass over rows at random.
    groupStories: false,
  };
}

/** The fields of a sign-in form as the desktop app sends them (the password encrypted). */
export function signInFields(
  username: string,
  password: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    scope: 'openid',
    grant_type: 'password',
    client_id: 'data-quality-center',
    username,
    password: encryptPassword(password, DEFAULT_PASSWORD_KEY),
    ...extra,
  };
}

export function signInForm(username: string, password: string, extra: Record<string, string> = {}) {
  return new URLSearchParams(signInFields(username, password, extra)).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The access token of a fresh sign-in of a demo user (password 'demo'). */
export async function accessTokenOf(
  server: RunningServer,
  username = 'reviewer1',
): Promise<string> {
  const res = await server.app.inject({
    method: authCalls.signIn.method,
    url: authCalls.signIn.path,
    headers: FORM,
    payload: signInForm(username, 'demo'),
  });
  return (res.json() as { access_token: string }).access_token;
}

/** The Authorization header of a fresh sign-in of a demo user (password 'demo'). */
export async function bearerOf(
  server: RunningServer,
  username = 'reviewer1',
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await accessTokenOf(server, username)}` };
}
