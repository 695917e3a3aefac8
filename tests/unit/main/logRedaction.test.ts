import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from '../../../src/main/core/passwordCipher';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { REDACTED, redactLogCall, redactText } from '../../../src/main/core/logRedaction';
import { rotateLogFiles } from '../../../src/main/core/logRotation';
import { logLevelFrom, redactingHook } from '../../../src/main/logging';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTEiLCJleHAiOjF9.c2lnbmF0dXJlLXBhcnQ';
const OPAQUE = 'rt_8f3b2c1d9e7a6b5c4d3e2f1a';
/** The encrypted password as the sign-in form carries it (base64: +, / and = get URL-encoded). */
const ENCRYPTED = encryptPassword('hunter2-plain', DEFAULT_PASSWORD_KEY);

describe('log redaction', () => {
  it.each([
    ['a JWT anywhere', `token was ${JWT} here`, JWT],
    ['an Authorization header line', `Authorization: Bearer ${OPAQUE}`, OPAQUE],
    ['an inspected header object', `{ Authorization: 'Bearer ${OPAQUE}' }`, OPAQUE],
    ['an Id-Token header', `{ 'Id-Token': '${OPAQUE}', 'User-Id': 'u-1' }`, OPAQUE],
    ['an id-token header line', `id-token: ${OPAQUE}`, OPAQUE],
    ['a refresh token in a form body', `refresh_token=${OPAQUE}&client_id=dqc`, OPAQUE],
    [
      'a password in a form body',
      'username=bob&password=hunter2-plain&scope=openid',
      'hunter2-plain',
    ],
    [
      'the encrypted password, URL-encoded',
      `password=${encodeURIComponent(ENCRYPTED)}`,
      encodeURIComponent(ENCRYPTED),
    ],
    ['a token answer', `{"access_token":"${OPAQUE}","expires_in":300}`, OPAQUE],
    ['an id_token in JSON', `{"id_token":"${OPAQUE}"}`, OPAQUE],
    ['the keychain entry', `{"refreshToken":"${OPAQUE}","username":"bob"}`, OPAQUE],
    ['an escaped keychain entry', `'{\\"refreshToken\\":\\"${OPAQUE}\\"}'`, OPAQUE],
    ['a camelCase access token', `accessToken: "${OPAQUE}"`, OPAQUE],
    ['a plain password key', `password: 'hunter2-plain'`, 'hunter2-plain'],
    ['an inspected set-cookie array', `{ 'set-cookie': [ 'SESSION=${OPAQUE}; Path=/' ] }`, OPAQUE],
    ['a Set-Cookie array in JSON', `{"Set-Cookie":["SESSION=${OPAQUE}; Path=/"]}`, OPAQUE],
    ['an inspected Map entry', `Map(1) { 'refreshToken' => '${OPAQUE}' }`, OPAQUE],
    ['a rawHeaders pair', `rawHeaders: [ 'Set-Cookie', 'SESSION=${OPAQUE}', 'Date', 'x' ]`, OPAQUE],
    ['every cookie of a Cookie line', `Cookie: theme=dark; SESSION=${OPAQUE}\r\nHost: h`, OPAQUE],
    ['a Basic Authorization line', `Authorization: Basic ${OPAQUE}`, OPAQUE],
    ['an OAuth code in a query', `/callback?state=s&code=${OPAQUE}#x`, OPAQUE],
    ['a token in a fragment', `/callback#access_token=${OPAQUE}&state=s`, OPAQUE],
    ['credentials in a URL', `http://bob:${OPAQUE}@proxy.example:8080/`, OPAQUE],
    ['an API key header', `{ 'X-Api-Key': '${OPAQUE}' }`, OPAQUE],
    ['a client secret field', `client_secret=${OPAQUE}&client_id=dqc`, OPAQUE],
    ['a URL-encoded field', `redirect=%3Faccess_token%3D${OPAQUE}`, OPAQUE],
    ['JSON escaped twice', String.raw`'{\\\"password\\\":\\\"${OPAQUE}\\\"}'`, OPAQUE],
    ['a value inspect cut short', `password: '${OPAQUE}... 12000 more characters`, OPAQUE],
  ])('removes %s', (_name, text, secret) => {
    const out = redactText(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('keeps the rest of the line readable', () => {
    expect(redactText(`Authorization: Bearer ${OPAQUE}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`{ 'Id-Token': '${OPAQUE}', 'User-Id': 'u-1' }`)).toBe(
      `{ 'Id-Token': '${REDACTED}', 'User-Id': 'u-1' }`,
    );
    expect(redactText(`grant_type=refresh_token&refresh_token=${OPAQUE}&client_id=dqc`)).toBe(
      `grant_type=refresh_token&refresh_token=${REDACTED}&client_id=dqc`,
    );
    for (const harmless of [
      'passwordKey: must be 16, 24 or 32 bytes',
      'Token refresh answered 503; the session is kept.',
      'GET /twitter-service/get-keywords failed: 404',
      'Sign-in request failed: connect ECONNREFUSED 127.0.0.1:9',
      "{ code: 'ERR_BAD_REQUEST', status: 401 }",
      "xsrfCookieName: 'XSRF-TOKEN', token_type: 'Bearer', refreshToken: null",
      'the process exited with code 1',
    ])
      expect(redactText(harmless)).toBe(harmless);
  });

  it('is idempotent', () => {
    for (const text of [
      `Authorization: Bearer ${JWT} password=x`,
      `{ 'set-cookie': [ 'a=${OPAQUE}' ], cookie: 'b=c', 'x' => 'refreshToken' => 'r' }`,
      `Cookie: a=b; c=d\r\nX: ?code=${OPAQUE}#id_token=${OPAQUE} http://u:p@h/`,
    ]) {
      const once = redactText(text);
      expect(redactText(once)).toBe(once);
    }
  });

  it('formats objects and errors first, so nested secrets are found', () => {
    const error = Object.assign(new Error(`Request failed with ${JWT}`), {
      config: { headers: { Authorization: `Bearer ${OPAQUE}` }, data: 'password=hunter2-plain' },
      response: { data: { refresh_token: OPAQUE } },
    });
    const text = redactLogCall(['Call failed:', error, { deep: { er: { idToken: OPAQUE } } }]);
    for (const secret of [JWT, OPAQUE, 'hunter2-plain']) expect(text).not.toContain(secret);
    expect(text).toContain('Call failed:');
  });

  it("is what electron-log's hook does to every message", () => {
    const date = new Date();
    const message = { data: [`Bearer ${OPAQUE}`, { password: 'p' }], date, level: 'info' as const };
    expect(redactingHook(message)).toEqual({
      ...message,
      data: [`Bearer ${REDACTED} { password: '${REDACTED}' }`],
    });
  });

  it('takes DQC_LOG_LEVEL, info unless it names a level', () => {
    expect(logLevelFrom(undefined)).toBe('info');
    expect(logLevelFrom(' DEBUG ')).toBe('debug');
    expect(logLevelFrom('loud')).toBe('info');
  });
});

describe('log rotation', () => {
  it('keeps main.1.log … main.5.log, newest first, and drops the oldest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dqc-rotate-'));
    const path = join(dir, 'main.log');
    for (let generation = 1; generation <= 7; generation++) {
      writeFileSync(path, `generation ${generation}`);
      rotateLogFiles(path, 5);
    }
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([
      'main.1.log',
      'main.2.log',
      'main.3.log',
      'main.4.log',
      'main.5.log',
    ]);
    expect(readFileSync(join(dir, 'main.1.log'), 'utf8')).toBe('generation 7');
    expect(readFileSync(join(dir, 'main.5.log'), 'utf8')).toBe('generation 3');
  });
});
