import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SigningKey } from '../../src/server/auth/signingKeys';
import * as tokens from '../../src/server/auth/tokens';
import { VerifiedTokens } from '../../src/server/auth/verifiedTokens';
import { useServer } from '../support/serverHarness';
import { ENGINES, signInForm } from '../support/testServer';

// verifyToken is wrapped in a spy so that the tests can tell a checked signature from a
// remembered one; it still verifies for real.
vi.mock('../../src/server/auth/tokens', async (original) => {
  const actual = await original<typeof import('../../src/server/auth/tokens')>();
  return { ...actual, verifyToken: vi.fn(actual.verifyToken) };
});

async function newKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...jwk } = await exportJWK(privateKey);
  const publicKey = (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  return { kid: 'test', privateKey, publicKey };
}

const subject = (sessionId: string) => ({
  userId: 'u1',
  username: 'reviewer1',
  roles: ['ADMIN'],
  sessionId,
  clientId: 'data-quality-center',
});
const verifications = () => vi.mocked(tokens.verifyToken).mock.calls.length;

describe('VerifiedTokens (the ADMIN check remembers a checked signature)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(tokens.verifyToken).mockClear();
  });

  it('checks a token once, then answers it from memory with the same principal', async () => {
    const key = await newKey();
    const jwt = await tokens.issueAccessToken(key, subject('s1'), 300);
    const cache = new VerifiedTokens(key);
    const first = await cache.verifyAccessToken(jwt);
    const second = await cache.verifyAccessToken(jwt);
    expect(first).toMatchObject({ ok: true, token: { username: 'reviewer1', sessionId: 's1' } });
    expect(second).toEqual(first);
    expect(verifications()).toBe(1);
  });

  it('refuses a remembered token as expired once its exp is reached', async () => {
    const key = await newKey();
    const jwt = await tokens.issueAccessToken(key, subject('s1'), 60);
    const cache = new VerifiedTokens(key);
    expect((await cache.verifyAccessToken(jwt)).ok).toBe(true);
    const exp = (await cache.verifyAccessToken(jwt)) as { expiresAt: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp.expiresAt * 1000 - 1);
    expect((await cache.verifyAccessToken(jwt)).ok).toBe(true);
    vi.setSystemTime(exp.expiresAt * 1000);
    expect(await cache.verifyAccessToken(jwt)).toEqual({ ok: false, reason: 'expired' });
    // Still refused after: an expired token does not come back to life.
    expect(await cache.verifyAccessToken(jwt)).toEqual({ ok: false, reason: 'expired' });
    expect(cache.size).toBe(0);
  });

  it('never remembers a refused token: it is checked, and refused, every time', async () => {
    const key = await newKey();
    const other = await newKey();
    const forged = await tokens.issueAccessToken(other, subject('s1'), 300);
    const idToken = await tokens.issueIdToken(key, subject('s1'), 300);
    const cache = new VerifiedTokens(key);
    for (const jwt of [forged, idToken, 'not.a.token', forged]) {
      expect(await cache.verifyAccessToken(jwt)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifications()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('does not remember a token without an expiry', async () => {
    const key = await newKey();
    const jwt = await new SignJWT({ typ: 'Bearer', sid: 's1', realm_access: { roles: ['ADMIN'] } })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(tokens.ISSUER)
      .setSubject('u1')
      .sign(key.privateKey);
    const cache = new VerifiedTokens(key);
    expect((await cache.verifyAccessToken(jwt)).ok).toBe(true);
    expect((await cache.verifyAccessToken(jwt)).ok).toBe(true);
    expect(verifications()).toBe(2);
  });

  it('holds at most maxEntries tokens, the oldest going first', async () => {
    const key = await newKey();
    const jwts = await Promise.all(
      ['a', 'b', 'c'].map((sid) => tokens.issueAccessToken(key, subject(sid), 300)),
    );
    const cache = new VerifiedTokens(key, 2);
    for (const jwt of jwts) await cache.verifyAccessToken(jwt);
    expect(cache.size).toBe(2);
    vi.mocked(tokens.verifyToken).mockClear();
    await cache.verifyAccessToken(jwts[2]!);
    await cache.verifyAccessToken(jwts[1]!);
    expect(verifications()).toBe(0);
    await cache.verifyAccessToken(jwts[0]!);
    expect(verifications()).toBe(1);
  });
});

describe.each(ENGINES)('the ADMIN check with remembered tokens on %s', (engine) => {
  const api = useServer({ engine, user: null });
  afterEach(() => vi.useRealTimers());

  it('refuses a token it accepted before, once it has expired, and after its session ended', async () => {
    const signIn = await api.call('auth.signIn', { body: signInForm('reviewer2', 'demo') });
    const { access_token, id_token } = signIn.json() as { access_token: string; id_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    vi.mocked(tokens.verifyToken).mockClear();
    expect((await api.call('tweets.getKeywords', { headers })).statusCode).toBe(200);
    expect((await api.call('news.getKeywords', { headers })).statusCode).toBe(200);
    expect(verifications()).toBe(1);

    // Sign-out ends the session: the remembered token is refused on its next call.
    const second = await api.call('auth.signIn', { body: signInForm('reviewer2', 'demo') });
    const fresh = second.json() as { access_token: string; id_token: string };
    const freshHeaders = { authorization: `Bearer ${fresh.access_token}` };
    expect((await api.call('tweets.getKeywords', { headers: freshHeaders })).statusCode).toBe(200);
    const out = await api.call('auth.signOut', { headers: { 'id-token': id_token } });
    expect(out.statusCode).toBe(204);
    const ended = await api.call('tweets.getKeywords', { headers });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({
      error_description: 'The session of this token has ended.',
    });

    // The other session's token, accepted above, is refused as expired once its exp is past.
    const { exp } = JSON.parse(
      Buffer.from(fresh.access_token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { exp: number };
    // The server's clock (jose's and the cache's) moved to the token's expiry.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000);
    const expired = await api.call('tweets.getKeywords', { headers: freshHeaders });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error_description: 'The access token has expired.' });
  });
});
