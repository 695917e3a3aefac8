/**
 * Sessions (RELIABILITY.md, "Absolute session lifetime; grace for a lost rotation answer", and
 * refresh-token reuse and client binding): an absolute lifetime that no refresh extends; a short
 * grace for a lost rotation answer that only answers again with the successor already minted, so it
 * cannot be mistaken for, or used as a way around, refresh-token theft detection; any token of a
 * family presented after its rotation otherwise ends the family and its access tokens; and a
 * refresh token refreshed only by the client it was issued to.
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

/** The console's pair (its refresh client configured apart) and another app's. */
const CLIENTS = [
  { signInId: 'data-quality-center', refreshId: 'dqc-refresh' },
  { signInId: 'other-app', refreshId: 'other-app-refresh' },
];

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

  it('pair the sign-in client with the refresh client id configured beside it', () => {
    expect(serverConfigFromEnv({}).clients).toEqual([
      { signInId: 'data-quality-center', refreshId: 'data-quality-center' },
    ]);
    expect(serverConfigFromEnv({ DQC_REFRESH_CLIENT_ID: 'dqc-refresh' }).clients).toEqual([
      { signInId: 'data-quality-center', refreshId: 'dqc-refresh' },
    ]);
  });
});

describe.each(ENGINES)('session lifetime and rotation grace on %s', (engine) => {
  const api = useServer({ engine, user: null, config: { clients: CLIENTS } });

  const signIn = async (clientId = 'data-quality-center') =>
    (
      await api.call('auth.signIn', {
        body: signInForm('reviewer2', 'demo', { client_id: clientId }),
      })
    ).json<Tokens>();
  const refresh = (token: string, clientId = 'data-quality-center') =>
    api.call('auth.refresh', {
      body: { grant_type: 'refresh_token', client_id: clientId, refresh_token: token },
    });
  const keywords = (tokens: Tokens) =>
    api.call('tweets.getKeywords', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
  const sessionOf = (tokens: Tokens) => decodeJwt(tokens.access_token).sid as string;

  const refreshed = async (token: string) => {
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    return res.json<Tokens>();
  };
  const storedToken = async (token: string) =>
    (
      await api.server.context.db.query<{
        used: boolean;
        replaced_by: string | null;
        sealed: boolean;
      }>(
        `SELECT used_at IS NOT NULL AS used, replaced_by, successor_sealed IS NOT NULL AS sealed
           FROM refresh_tokens WHERE token_hash = $1`,
        [hashOf(token)],
      )
    )[0];

  it('a lost rotation answer: the previous token presented again gets the same successor, same session', async () => {
    const first = await signIn();
    const lost = await refreshed(first.refresh_token);
    const retried = await refreshed(first.refresh_token);
    // Nothing new is minted: the answer carries the successor already issued.
    expect(retried.refresh_token).toBe(lost.refresh_token);
    expect(sessionOf(retried)).toBe(sessionOf(first));
    expect((await keywords(retried)).statusCode).toBe(200);
    expect((await refreshed(first.refresh_token)).refresh_token).toBe(lost.refresh_token);
    // The superseded token is marked, not deleted, and names its successor.
    expect(await storedToken(first.refresh_token)).toEqual({
      used: true,
      replaced_by: hashOf(lost.refresh_token),
      sealed: true,
    });
    // The client goes on from that successor; once it is used, its seal is gone.
    const next = await refreshed(retried.refresh_token);
    expect(await storedToken(first.refresh_token)).toMatchObject({ used: true, sealed: false });
    expect((await keywords(next)).statusCode).toBe(200);
  });

  it('two refreshes of one token at once get one successor, and the family goes on', async () => {
    const first = await signIn();
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((res) => res.json<Tokens>());
    expect(a?.refresh_token).toBe(b?.refresh_token);
    expect((await keywords(await refreshed(a?.refresh_token ?? ''))).statusCode).toBe(200);
  });

  it('stores no refresh token the server could hand out: only hashes and seals', async () => {
    const first = await signIn();
    const second = await refreshed(first.refresh_token);
    const rows = await api.server.context.db.query<Record<string, unknown>>(
      'SELECT * FROM refresh_tokens WHERE session_id = $1',
      [sessionOf(first)],
    );
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    for (const token of [first.refresh_token, second.refresh_token])
      expect(stored).not.toContain(token);
  });

  it('the reuse attack: R1 -> R2; R1 again; then R2, R3 and every access token refused', async () => {
    const signedIn = await signIn();
    const r1 = signedIn.refresh_token;
    // The client rotates R1 to R2.
    const second = await refreshed(r1);
    // A thief presents R1 within the grace, before R2 was used: it gets R2 itself, nothing new.
    const stolen = await refreshed(r1);
    expect(stolen.refresh_token).toBe(second.refresh_token);
    // The client goes on to R3, its access token working.
    const third = await refreshed(second.refresh_token);
    expect((await keywords(third)).statusCode).toBe(200);
    // R1 again, its successor used: reuse, and the whole family ends.
    const reused = await refresh(r1);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used; the session has been ended.',
    });
    for (const token of [second.refresh_token, third.refresh_token]) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The session has been ended.',
      });
    }
    for (const tokens of [signedIn, second, stolen, third])
      expect((await keywords(tokens)).statusCode).toBe(401);
    // Every token of the family is still there, marked: none was deleted to make room.
    const family = await api.server.context.db.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM refresh_tokens WHERE session_id = $1',
      [sessionOf(signedIn)],
    );
    expect(family.map((row) => row.used).sort()).toEqual([false, true, true]);
  });

  it('a token is refreshed only by its sign-in client or the refresh client beside it', async () => {
    const consoleTokens = await signIn('data-quality-center');
    const otherTokens = await signIn('other-app');
    const wrongClient = {
      error: 'invalid_grant',
      error_description: 'The refresh token was issued to another client.',
    };
    for (const client of ['other-app', 'other-app-refresh']) {
      const res = await refresh(consoleTokens.refresh_token, client);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(wrongClient);
    }
    for (const client of ['data-quality-center', 'dqc-refresh']) {
      const res = await refresh(otherTokens.refresh_token, client);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(wrongClient);
    }
    const unknown = await refresh(consoleTokens.refresh_token, 'nobody');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'unauthorized_client' });
    // The refusals used nothing and ended nothing: each token's own clients still refresh it.
    expect((await keywords(consoleTokens)).statusCode).toBe(200);
    const rotated = await refresh(consoleTokens.refresh_token, 'dqc-refresh');
    expect(rotated.statusCode).toBe(200);
    await refreshed(rotated.json<Tokens>().refresh_token);
    expect((await refresh(otherTokens.refresh_token, 'other-app-refresh')).statusCode).toBe(200);
    // A refresh client id is not a sign-in client.
    const signInAsRefresh = await api.call('auth.signIn', {
      body: signInForm('reviewer2', 'demo', { client_id: 'dqc-refresh' }),
    });
    expect(signInAsRefresh.statusCode).toBe(401);
    expect(signInAsRefresh.json()).toMatchObject({ error: 'unauthorized_client' });
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
    expect((await keywords(first)).statusCode).toBe(401);
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
