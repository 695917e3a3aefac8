import axios, { type AxiosError } from 'axios';
import type { IpcMain } from 'electron';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureLogFile, keepLogsInMain, logLevelFrom } from '../../../src/main/logging';

/**
 * Every shape a secret can take reaches main.log redacted (RELIABILITY.md, "Logs hold no
 * secrets"). The logger is the app's own: electron-log's main-process build, set up by
 * keepLogsInMain and configureLogFile as src/main/index.ts does, at DQC_LOG_LEVEL=debug, writing a
 * real file. Electron's binary does not exist here, so `electron` is a fake: through vi.mock for
 * our code and through Node's require cache for electron-log, which is CommonJS outside vitest's
 * module graph. Each shape is logged once and the lines it wrote are read back from the file.
 */

const fake = vi.hoisted(() => {
  const noop = () => undefined;
  const electron = {
    app: {
      name: 'DQC Console',
      isPackaged: true,
      isReady: () => true,
      getName: () => 'DQC Console',
      getVersion: () => '0.0.0-test',
      getPath: () => '',
      on: noop,
      once: noop,
      off: noop,
    },
    ipcMain: { on: noop, handle: noop, removeAllListeners: noop, removeHandler: noop },
    BrowserWindow: { getAllWindows: () => [] },
    webContents: { getAllWebContents: () => [] },
    session: {},
  };
  return { electron };
});
vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));

const require = createRequire(import.meta.url);
type MainLogger = typeof import('electron-log/main').default;

/** Distinctive secrets: none of them may appear in the file, raw or URL-encoded. */
const S = {
  sessionCookie: 'SeSsIoN-c00kie-7f3a91',
  xsrfCookie: 'XsRf-c00kie-52be0d',
  requestCookie: 'ReQuEsT-c00kie-9c41aa',
  bearer: 'BeArEr-0paque-1d8e62',
  password: 'PaSsW0rd-hunter-4e7b13',
  refreshToken: 'ReFrEsH-t0ken-8a2c5f',
  accessToken: 'AcCeSs-t0ken-b61d07',
  idToken: 'IdT0ken-f00d-3390ce',
  code: 'AuThC0de-77e1b4',
  apiKey: 'ApIkEy-0c5d2e88',
  clientSecret: 'ClIeNt-s3cret-a4f7',
  basic: 'dXNlcjpCYXNpYy1zM2NyZXQtOTk=',
  userInfo: 'Us3rInfo-pw-6b20',
  jwt: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJsb2ctc2hhcGVzIn0.c2lnbmF0dXJlLWxvZy1zaGFwZXM',
} as const;
const ALL_SECRETS = Object.values(S);

let log: MainLogger;
let path = '';
let server: Server;
let origin = '';
let httpError: AxiosError;
let fetchError: AxiosError;

/** What one log call wrote to main.log. */
function written(...args: unknown[]): string {
  const before = statSync(path).size;
  log.debug(...args);
  return readFileSync(path).subarray(before).toString('utf8');
}

function expectNoSecret(text: string): void {
  const leaked = ALL_SECRETS.filter(
    (secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)),
  );
  expect(leaked).toEqual([]);
}

/** An axios call the local server answers 401 with two session cookies, as a gateway does. */
async function failedCall(adapter: 'http' | 'fetch'): Promise<AxiosError> {
  const client = axios.create({ adapter, ...(adapter === 'fetch' ? { env: { fetch } } : {}) });
  const url = `${origin}/twitter-service/keywords?access_token=${S.accessToken}&code=${S.code}#id_token=${S.idToken}`;
  const body = `grant_type=password&username=bob&password=${S.password}&refresh_token=${S.refreshToken}`;
  const error = await client
    .post(url, body, {
      headers: {
        Authorization: `Bearer ${S.bearer}`,
        Cookie: `SESSION=${S.requestCookie}; theme=dark`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })
    .then(
      () => null,
      (caught: unknown) => caught,
    );
  if (!axios.isAxiosError(error)) throw new Error(`expected an AxiosError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  const electronPath = require.resolve('electron');
  require.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: fake.electron,
  } as unknown as NodeJS.Module;
  Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true });
  log = require('electron-log/main') as MainLogger;
  // As src/main/index.ts does, at the level support asks for.
  keepLogsInMain(log, fake.electron.ipcMain as unknown as IpcMain);
  log.transports.console.level = false;
  path = configureLogFile(log, {
    folder: mkdtempSync(join(tmpdir(), 'dqc-log-shapes-')),
    level: logLevelFrom('debug'),
  });
  log.info('log opened');

  server = createServer((_request, response) => {
    response.statusCode = 401;
    response.setHeader('Set-Cookie', [
      `SESSION=${S.sessionCookie}; Path=/; HttpOnly`,
      `XSRF-TOKEN=${S.xsrfCookie}; Path=/`,
    ]);
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ error: 'invalid_token', detail: 'session expired' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  httpError = await failedCall('http');
  fetchError = await failedCall('fetch');
});

afterAll(async () => {
  Reflect.deleteProperty(process.versions, 'electron');
  await new Promise((resolve) => server?.close(resolve));
});

describe('main.log at debug level holds no secret, whatever its shape', () => {
  it('a set-cookie header array', () => {
    const text = written('Answer headers:', {
      status: 401,
      headers: { 'set-cookie': [`SESSION=${S.sessionCookie}; Path=/`, `XSRF=${S.xsrfCookie}`] },
    });
    expectNoSecret(text);
    expect(text).toMatch(/Answer headers: .*status: 401/);
    expect(text).toContain('set-cookie');
  });

  it('a Set-Cookie header array, capitalised', () => {
    const text = written({ 'Set-Cookie': [`SESSION=${S.sessionCookie}; Path=/; HttpOnly`] });
    expectNoSecret(text);
    expect(text).toContain('Set-Cookie');
  });

  it('a cookie request header with several cookies', () => {
    const text = written({
      cookie: `theme=dark; SESSION=${S.requestCookie}; XSRF=${S.xsrfCookie}`,
      accept: 'application/json',
    });
    expectNoSecret(text);
    expect(text).toContain("accept: 'application/json'");
  });

  it('a Map entry', () => {
    const text = written(
      'Stored session:',
      new Map([
        ['refreshToken', S.refreshToken],
        ['username', 'bob'],
      ]),
    );
    expectNoSecret(text);
    expect(text).toContain("'username' => 'bob'");
  });

  it('a Map keyed by header name, and a Set of credentials', () => {
    const text = written(
      new Map([['Authorization', [`Bearer ${S.bearer}`]]]),
      new Set([{ apiKey: S.apiKey, name: 'provider' }]),
    );
    expectNoSecret(text);
    expect(text).toContain("name: 'provider'");
  });

  it('an AxiosError from the http adapter (config.headers, response.headers, request._header, config.data)', () => {
    const text = written('Provider call failed:', httpError);
    expectNoSecret(text);
    expect(text).toContain('Provider call failed: AxiosError: Request failed with status code 401');
    expect(text).toContain('/twitter-service/keywords');
    expect(text).toContain('status: 401');
    expect(text).toContain('grant_type=password&username=bob');
  });

  it('an AxiosError from the fetch adapter (the one Electron uses, with net.fetch)', () => {
    const text = written('Provider call failed:', fetchError);
    expectNoSecret(text);
    expect(text).toContain('/twitter-service/keywords');
    expect(text).toContain('status: 401');
  });

  it("an AxiosError's parts logged on their own", () => {
    const text = written(
      httpError.config?.headers,
      httpError.response?.headers,
      (httpError.request as { _header?: unknown })._header,
      httpError.config?.data,
    );
    expectNoSecret(text);
    expect(text).toContain('POST /twitter-service/keywords');
  });

  it('an error nested as the cause of another, and in an AggregateError', () => {
    const inner = Object.assign(new Error(`refresh refused for refresh_token=${S.refreshToken}`), {
      headers: { authorization: `Bearer ${S.bearer}` },
    });
    const outer = new Error('Sign-in failed', { cause: inner });
    const text = written(outer, new AggregateError([httpError, inner], 'Both failed'));
    expectNoSecret(text);
    expect(text).toContain('Sign-in failed');
    expect(text).toContain('Both failed');
  });

  it('tokens in a URL query and fragment', () => {
    const text = written(
      `Redirected to ${origin}/callback?code=${S.code}&state=s1#access_token=${S.accessToken}&id_token=${S.idToken}`,
      `${origin}/sign-in?username=bob&password=${S.password}&refresh_token=${S.refreshToken}`,
      new URL(`${origin}/callback?code=${S.code}&state=s2`),
      new URLSearchParams({ code: S.code, access_token: S.accessToken, state: 's3' }),
    );
    expectNoSecret(text);
    expect(text).toContain('/callback?code=');
    expect(text).toContain('state=s1');
    expect(text).toContain('username=bob');
  });

  it('credentials in a URL', () => {
    const text = written(`Proxy http://bob:${S.userInfo}@proxy.corp.example:8080/ refused`);
    expectNoSecret(text);
    expect(text).toContain('proxy.corp.example:8080');
  });

  it('JSON text inside strings, plain and escaped', () => {
    const json = JSON.stringify({ access_token: S.accessToken, refresh_token: S.refreshToken });
    const text = written(`Token answer: ${json}`, {
      body: json,
      keychain: JSON.stringify({ entry: json }),
      cookies: JSON.stringify({ 'set-cookie': [`SESSION=${S.sessionCookie}`] }),
    });
    expectNoSecret(text);
    expect(text).toContain('Token answer:');
  });

  it('an object with toJSON', () => {
    const session = {
      user: 'bob',
      toJSON: () => ({ user: 'bob', idToken: S.idToken, nested: { password: S.password } }),
    };
    const text = written(session);
    expectNoSecret(text);
    expect(text).toContain('bob');
  });

  it('a class instance', () => {
    class ProviderCredentials {
      constructor(
        readonly clientId: string,
        readonly clientSecret: string,
        readonly apiKey: string,
      ) {}
    }
    const text = written(new ProviderCredentials('dqc-console', S.clientSecret, S.apiKey));
    expectNoSecret(text);
    expect(text).toContain("clientId: 'dqc-console'");
  });

  it('a circular object', () => {
    const session: Record<string, unknown> = { user: 'bob', token: S.accessToken };
    session.self = session;
    session.history = [{ session, cookie: `SESSION=${S.sessionCookie}` }];
    const text = written(session);
    expectNoSecret(text);
    expect(text).toContain('Circular');
  });

  it('Buffers of text', () => {
    const text = written(
      Buffer.from(`username=bob&password=${S.password}`),
      { body: Buffer.from(JSON.stringify({ refresh_token: S.refreshToken })) },
      new TextEncoder().encode(`Authorization: Bearer ${S.bearer}`),
    );
    expectNoSecret(text);
    // Hex would hide the text from the rules, not from a reader.
    const hex = (secret: string) => Buffer.from(secret).toString('hex').match(/../g)!.join(' ');
    for (const secret of ALL_SECRETS) expect(text).not.toContain(hex(secret).slice(0, 20));
    expect(text).toContain('username=bob');
  });

  it('a raw header block and a JWT in prose', () => {
    const text = written(
      `POST /sign-in HTTP/1.1\r\nAuthorization: Basic ${S.basic}\r\nCookie: SESSION=${S.requestCookie}; theme=dark\r\nId-Token: ${S.idToken}\r\nX-Api-Key: ${S.apiKey}\r\n\r\n`,
      `the token ${S.jwt} expired`,
    );
    expectNoSecret(text);
    expect(text).toContain('POST /sign-in HTTP/1.1');
    expect(text).toContain('expired');
  });

  it('a fetch Headers object', () => {
    const headers = new Headers({ authorization: `Bearer ${S.bearer}`, 'x-trace': 't-1' });
    headers.append('set-cookie', `SESSION=${S.sessionCookie}`);
    const text = written('Sent:', headers);
    expectNoSecret(text);
    expect(text).toContain('t-1');
  });

  it('a secret in the argument after its label, or through a format string', () => {
    const text = written('password:', S.password);
    const formatted = written('Sign-in with password=%s for %s', S.password, 'bob');
    expectNoSecret(text + formatted);
    expect(formatted).toContain('for bob');
  });
});
