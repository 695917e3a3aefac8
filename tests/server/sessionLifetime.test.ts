/**
 * Sessions (RELIABILITY.md, "Absolute session lifetime; grace for a lost rotation answer"): an
 * absolute lifetime that no refresh extends, and a short grace for a lost rotation answer, which
 * must not be mistaken for refresh-token theft.
 */
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { serverConfigFromEnv } from '../../src/server/config';
import { useServer } from '../support/serverHarness';
import { ENGINES, signInForm } from '../support/testServer';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

describe('session settings', () => {
  it('default to a 12-hour session and a 30-second grace, and read the environment', () => {
    expect(serverConfigFromEnv({})).toMatchObject({
      sessionMaxAgeSeconds: 12 * 3600,
      refreshGraceSeconds: 30,
    });
    expect(
      serverConfigFromEnv({ DQC_SESSION_MAX_AGE: '3600', DQC_REFRESH_GRACE: '0' }),
    ).toMatchObject({ sessionMaxAgeSeconds: 3600, refreshGraceSeconds: 0 });
    expect(() => serverConfigFromEnv({ DQC_SESSION_MAX_AGE: '0' })).toThrow(/DQC_SESSION_MAX_AGE/);
  });
});

describe.each(ENGINES)('session lifetime and rotation grace on %s', (engine) => {
  const api = useServer({ engine, user: null });

  const signIn = async () =>
    (await api.call('auth.signIn', { body: signInForm('reviewer2', 'demo') })).json<Tokens>();
  const refresh = (token: string) =>
    api.call('auth.refresh', {
      body: { grant_type: 'refresh_token', client_id: 'data-quality-center', refresh_token: token },
    });
  const keywords = (tokens: Tokens) =>
    api.call('tweets.getKeywords', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
  const sessionOf = (tokens: Tokens) => decodeJwt(tokens.access_token).sid as string;

  it('a lost rotation answer: the previous token presented again gets a fresh answer, same session', async () => {
    const first = await signIn();
    const lost = (await refresh(first.refresh_token)).json<Tokens>();
    const again = await refresh(first.refresh_token);
    expect(again.statusCode).toBe(200);
    const retried = again.json<Tokens>();
    expect(retried.refresh_token).not.toBe(lost.refresh_token);
    expect(sessionOf(retried)).toBe(sessionOf(first));
    expect((await keywords(retried)).statusCode).toBe(200);
    // The client goes on from the answer it received; the one it never saw is void.
    const next = await refresh(retried.refresh_token);
    expect(next.statusCode).toBe(200);
    const lostAnswer = await refresh(lost.refresh_token);
    expect(lostAnswer.statusCode).toBe(400);
    expect(lostAnswer.json()).toMatchObject({ error: 'invalid_grant' });
    // That refusal ended nothing: the session goes on.
    expect((await refresh(next.json<Tokens>().refresh_token)).statusCode).toBe(200);
  });

  it('past the grace, the previous token presented again is reuse: 400 and the session ends', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).json<Tokens>();
    await api.server.context.db.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '31 seconds' WHERE token_hash = $1`,
      [hashOf(first.refresh_token)],
    );
    const reused = await refresh(first.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used; the session has been ended.',
    });
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
    expect((await keywords(second)).statusCode).toBe(401);
  });

  it('the grace counts from the first use: presenting the same token again does not extend it', async () => {
    const first = await signIn();
    await refresh(first.refresh_token);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    await api.server.context.db.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '31 seconds' WHERE token_hash = $1`,
      [hashOf(first.refresh_token)],
    );
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
  });

  it('a session past its absolute lifetime is not refreshed, however recently rotated', async () => {
    const first = await signIn();
    const rotated = (await refresh(first.refresh_token)).json<Tokens>();
    await api.server.context.db.query(
      `UPDATE auth_sessions SET created_at = now() - interval '12 hours 1 second' WHERE id = $1`,
      [sessionOf(first)],
    );
    api.server.context.sessions.forgetAll();
    const res = await refresh(rotated.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The session has reached its maximum age; please sign in again.',
    });
    // Its access tokens stop working too, not only at their own expiry.
    expect((await keywords(rotated)).statusCode).toBe(401);
    // A new sign-in starts a new session.
    expect((await keywords(await signIn())).statusCode).toBe(200);
  });
});
