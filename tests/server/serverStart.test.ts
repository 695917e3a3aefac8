/**
 * The reference server's defaults are for a console on its own machine (RELIABILITY.md, "Beyond
 * loopback the server refuses the demo key and plain HTTP"): listening beyond loopback, it refuses
 * to start with the public default password key, or without TLS unless a setting says a proxy in
 * front of it terminates TLS. With a certificate it serves HTTPS. X-Forwarded-For is believed
 * only from the proxies a setting names (tests/server/throttle.test.ts holds the named case).
 *
 * The certificates are made here with the openssl command: Debian's postgresql, which the server
 * suites need, brings it (postgresql-common depends on ssl-cert, ssl-cert on openssl).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/app';
import { serverConfigFromEnv } from '../../src/server/config';
import {
  proxyNotTrustedWarning,
  readTlsPair,
  whyNotListen,
} from '../../src/server/http/listenPolicy';
import { DEFAULT_PASSWORD_KEY } from '../../src/shared/constants';
import { requestOf, SERVER_START_TIMEOUT } from '../support/serverHarness';
import {
  signInForm,
  startTestServer,
  testServerConfig,
  type TestServer,
} from '../support/testServer';

const ROOT = join(__dirname, '../..');
const SECRET_KEY = 'a-secret-key-of-32-bytes-0123456';

const DEMO_KEY_REFUSED =
  "DQC_PASSWORD_KEY is the public demo key (set it to a secret key of 16, 24 or 32 bytes, and the consoles' passwordKey to the same)";
const PLAIN_HTTP_REFUSED =
  'it would serve plain HTTP (set DQC_TLS_CERT and DQC_TLS_KEY to PEM files, or DQC_TLS_BY_PROXY=true when a proxy in front of it terminates TLS)';

const folder = mkdtempSync(join(tmpdir(), 'dqc-server-start-'));
/** A self-signed certificate for 127.0.0.1 and its key (made first); a key of no certificate. */
const certFile = join(folder, 'cert.pem');
const keyFile = join(folder, 'key.pem');
const otherKeyFile = join(folder, 'other-key.pem');

beforeAll(() => {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', otherKeyFile],
    {
      stdio: 'ignore',
    },
  );
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('starting beyond loopback', () => {
  it('refuses the public default key and plain HTTP, before any database is opened', async () => {
    const dataDir = join(folder, 'never-created');
    const config = { ...testServerConfig(), host: '0.0.0.0', dataDir };
    await expect(startServer(config)).rejects.toThrow(
      `The server refuses to listen on 0.0.0.0, beyond loopback: ${DEMO_KEY_REFUSED}; ${PLAIN_HTTP_REFUSED}.`,
    );
    await expect(startServer({ ...config, passwordKey: SECRET_KEY })).rejects.toThrow(
      `The server refuses to listen on 0.0.0.0, beyond loopback: ${PLAIN_HTTP_REFUSED}.`,
    );
    await expect(startServer({ ...config, tlsTerminatedByProxy: true })).rejects.toThrow(
      `The server refuses to listen on 0.0.0.0, beyond loopback: ${DEMO_KEY_REFUSED}.`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('allows anything on loopback, and beyond it a key of its own with TLS or a TLS proxy', () => {
    const base = { passwordKey: DEFAULT_PASSWORD_KEY, tls: null, tlsTerminatedByProxy: false };
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(whyNotListen({ ...base, host }), host).toBeNull();
    const beyond = { ...base, host: '192.168.1.20', passwordKey: SECRET_KEY };
    expect(whyNotListen({ ...beyond, tlsTerminatedByProxy: true })).toBeNull();
    expect(whyNotListen({ ...beyond, tls: { certFile, keyFile } })).toBeNull();
    // That such a server starts and listens, tests/server/demoUsers.test.ts shows (0.0.0.0).
    expect(proxyNotTrustedWarning({ tlsTerminatedByProxy: true, trustProxy: [] })).toBe(
      "DQC_TLS_BY_PROXY is true but DQC_TRUST_PROXY names no proxy: the throttles will count every client as the proxy's address. Set DQC_TRUST_PROXY to the proxy's address.",
    );
    expect(
      proxyNotTrustedWarning({ tlsTerminatedByProxy: true, trustProxy: ['10.0.0.5'] }),
    ).toBeNull();
    expect(proxyNotTrustedWarning({ tlsTerminatedByProxy: false, trustProxy: [] })).toBeNull();
    expect(whyNotListen(beyond)).toBe(
      `The server refuses to listen on 192.168.1.20, beyond loopback: ${PLAIN_HTTP_REFUSED}.`,
    );
  });

  it('`npm run server` says why in one line naming the settings, and exits 1', async () => {
    const dataDir = join(folder, 'cli-never-created');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !name.startsWith('DQC_') && name !== 'DATABASE_URL',
      ),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
      cwd: ROOT,
      env: { ...env, DQC_SERVER_HOST: '0.0.0.0', DQC_SERVER_PORT: '0', DQC_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `DQC reference server failed to start: The server refuses to listen on 0.0.0.0, beyond loopback: ${DEMO_KEY_REFUSED}; ${PLAIN_HTTP_REFUSED}.\n`,
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('TLS, proxy and throttle settings', () => {
  it('are read from the environment', () => {
    const config = serverConfigFromEnv({
      DQC_TLS_CERT: '/etc/dqc/cert.pem',
      DQC_TLS_KEY: '/etc/dqc/key.pem',
      DQC_TLS_BY_PROXY: 'true',
      DQC_TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8',
      DQC_THROTTLE_MAX_KEYS: '5000',
    });
    expect(config.tls).toEqual({ certFile: '/etc/dqc/cert.pem', keyFile: '/etc/dqc/key.pem' });
    expect(config.tlsTerminatedByProxy).toBe(true);
    expect(config.trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    expect(config.throttle.maxKeys).toBe(5000);
    const defaults = serverConfigFromEnv({});
    expect(defaults.tls).toBeNull();
    expect(defaults.tlsTerminatedByProxy).toBe(false);
    expect(defaults.trustProxy).toEqual([]);
    expect(defaults.throttle.maxKeys).toBe(100_000);
  });

  it('refuse a wrong value in one line naming the setting and what to set', () => {
    expect(() => serverConfigFromEnv({ DQC_TLS_CERT: '/etc/dqc/cert.pem' })).toThrow(
      'Invalid server settings: DQC_TLS_CERT is set without DQC_TLS_KEY: set both (the certificate and its private key, PEM files) or neither',
    );
    expect(() => serverConfigFromEnv({ DQC_TLS_BY_PROXY: 'yes' })).toThrow(
      'Invalid server settings: DQC_TLS_BY_PROXY="yes" is not valid: set it to true or false',
    );
    expect(() => serverConfigFromEnv({ DQC_TRUST_PROXY: 'true' })).toThrow(
      'Invalid server settings: DQC_TRUST_PROXY="true" is not valid ("true"): list the proxies\' addresses or CIDR ranges, comma-separated, such as 10.0.0.5,10.1.0.0/16',
    );
    for (const wrong of ['1', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example.com', '::1/129'])
      expect(() => serverConfigFromEnv({ DQC_TRUST_PROXY: wrong }), wrong).toThrow(
        'DQC_TRUST_PROXY',
      );
    expect(() => serverConfigFromEnv({ DQC_THROTTLE_MAX_KEYS: '0' })).toThrow(
      'Invalid server settings: DQC_THROTTLE_MAX_KEYS="0" is not valid: set it to a whole number above 0',
    );
  });

  it('a certificate that cannot be read, or a key of another one, is named', () => {
    const missing = join(folder, 'missing.pem');
    expect(() => readTlsPair({ certFile: missing, keyFile })).toThrow(
      `DQC_TLS_CERT: ${missing} cannot be read (ENOENT); set it to a PEM file.`,
    );
    expect(() => readTlsPair({ certFile, keyFile: missing })).toThrow(
      `DQC_TLS_KEY: ${missing} cannot be read (ENOENT); set it to a PEM file.`,
    );
    expect(() => readTlsPair({ certFile, keyFile: otherKeyFile })).toThrow(
      /^DQC_TLS_CERT and DQC_TLS_KEY cannot be used together \(.+\): set them to a PEM certificate and its own private key\.$/,
    );
  });
});

describe('a server with a certificate and no proxy settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      tls: { certFile, keyFile },
      throttle: {
        ...testServerConfig().throttle,
        signInPerAddress: { limit: 2, windowSeconds: 60 },
      },
    });
  }, SERVER_START_TIMEOUT);
  afterAll(async () => {
    await server.close();
  });

  it('serves HTTPS with it: a sign-in over TLS, the certificate checked', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const signIn = requestOf('auth.signIn');
    const body = signInForm('reviewer1', 'demo');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(
        `${server.url}${signIn.url}`,
        {
          method: signIn.method,
          // Trusted as the only CA: the request fails unless the server presents this certificate.
          ca: readFileSync(certFile),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token_type: 'Bearer' });
  });

  it("counts the connection's peer, whatever X-Forwarded-For says", async () => {
    const failedSignIn = (forwardedFor: string) => {
      const sent = requestOf('auth.signIn', { body: signInForm('nobody', 'x') });
      return server.app.inject({
        ...sent,
        headers: { ...sent.headers, 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.0.8.1',
      });
    };
    expect((await failedSignIn('203.0.113.1')).statusCode).toBe(401);
    expect((await failedSignIn('203.0.113.2')).statusCode).toBe(401);
    expect((await failedSignIn('203.0.113.3')).statusCode).toBe(429);
  });
});
