import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { configureLogFile } from '../../../src/main/logging';
import { createUser } from '../../../src/server/auth/users';
import { ADMIN_ROLE } from '../../../src/shared/constants';
import { startTestServer, TEST_SCRYPT, type TestServer } from '../../support/testServer';

/**
 * The log never holds a secret (RELIABILITY.md, "Logs hold no secrets"): the real core signs in,
 * refreshes, fails a call and signs out against the reference server, logging at its most verbose
 * (whole token exchanges, the axios error with its config.headers) into a real file through
 * electron-log and the same configureLogFile the app uses. Every secret seen on the wire is then
 * looked for in the file. Each shape a secret can take is tested on its own in logShapes.test.ts.
 */

const PASSWORD = 'Corr3ct-Horse-Battery-Staple';
const require = createRequire(import.meta.url);
type NodeLogger = typeof import('electron-log/node');

let server: TestServer;
let logText = '';
/** Every secret seen on the wire, by kind. */
const seen = new Map<string, Set<string>>();
const saw = (kind: string, value: string) =>
  seen.set(kind, (seen.get(kind) ?? new Set()).add(value));

/** fetch, recording every secret that crosses the wire in either direction. */
const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const auth = request.headers.get('authorization');
  if (auth) saw('Authorization header', auth.replace(/^Bearer\s+/i, ''));
  const idToken = request.headers.get('id-token');
  if (idToken) saw('Id-Token header', idToken);
  const body = request.body ? await request.clone().text() : '';
  const form = new URLSearchParams(body);
  for (const key of ['password', 'refresh_token']) {
    const value = form.get(key);
    if (value) saw(`${key} form field`, value);
  }
  const response = await fetch(request);
  const text = await response.clone().text();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['access_token', 'id_token', 'refresh_token'])
      if (typeof json[key] === 'string') saw(key, json[key]);
  } catch {
    // Not JSON: no tokens in it.
  }
  return response;
};

beforeAll(async () => {
  server = await startTestServer('pglite');
  await createUser(server.context.db, {
    username: 'auditor',
    roles: [ADMIN_ROLE],
    password: PASSWORD,
    cost: TEST_SCRYPT,
  });
  const folder = mkdtempSync(join(tmpdir(), 'dqc-log-secrets-'));
  const base = require('electron-log/node') as NodeLogger;
  const log = base.create({ logId: 'log-secrets-test' });
  log.transports.console.level = false;
  const path = configureLogFile(log, { folder, level: 'debug' });

  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: server.url,
    demo: false,
    shell: 'electron',
    version: 't',
    secrets: createMemorySecretStore(),
    log,
    fetch: recordingFetch,
    apiUrlSource: 'environment',
    settingsFiles: { user: null, machine: null },
  });
  const signIn = await core.dispatch('session.signIn', { username: 'auditor', password: PASSWORD });
  expect(signIn.ok).toBe(true);
  await core.session.refreshAccessToken();
  // After sleep: the next call refreshes first, then fails (no such keyword).
  core.session.markStale();
  const failed = await core.dispatch('review.deleteKeyword', { filterType: 'tweets', id: 987654 });
  expect(failed).toMatchObject({ ok: false, error: { status: 404 } });
  expect((await core.dispatch('session.signOut', undefined)).ok).toBe(true);
  // The provider's sign-out goes on behind the local one; its exchange is logged when it ends.
  await core.session.serverSignOutsSettled();

  expect(readdirSync(folder)).toEqual(['main.log']);
  logText = readFileSync(path, 'utf8');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the log file after a whole session', () => {
  it('saw every kind of secret on the wire', () => {
    expect([...seen.keys()].sort()).toEqual([
      'Authorization header',
      'Id-Token header',
      'access_token',
      'id_token',
      'password form field', // the encrypted password
      'refresh_token',
      'refresh_token form field',
    ]);
    // Sign-in, the explicit refresh and the one before the stale call: three refresh tokens.
    expect(seen.get('refresh_token')!.size).toBe(3);
  });

  it('logged each step verbosely, so secrets did reach the logger', () => {
    expect(logText).toMatch(/\[debug\] Token call POST \/sign-in answered 200/);
    expect(logText).toMatch(/Token call POST \/refresh answered 200/);
    expect(logText).toMatch(/failed: 404/);
    expect(logText).toMatch(/\[debug\] Provider call failed: AxiosError/);
    expect(logText).toMatch(/Token call POST \/dqc-sign-out answered/);
    // The bearer, the Id-Token header, the form bodies and the answers, each in redacted form.
    expect(logText).toMatch(/Authorization: '\[redacted\]'/);
    expect(logText).toMatch(/'Id-Token': '\[redacted\]'/);
    expect(logText).toMatch(/password=\[redacted\]/);
    expect(logText).toMatch(/refresh_token=\[redacted\]/);
    expect(logText).toMatch(/access_token: '\[redacted\]'/);
  });

  it('holds none of them, raw or URL-encoded', () => {
    const secrets = [PASSWORD, ...[...seen.values()].flatMap((values) => [...values])];
    const leaked = secrets.filter(
      (secret) => logText.includes(secret) || logText.includes(encodeURIComponent(secret)),
    );
    expect(leaked).toEqual([]);
  });
});
