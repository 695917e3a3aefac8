import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/serverHarness';
import { ENGINE_FREE_PARTS_RUN, ENGINES, signInForm } from '../support/testServer';

describe.each(ENGINES)('auth routes on %s', (engine) => {
  // The tokens are each test's own: the suite signs no one in.
  const api = useServer({ engine, user: null });
  const { call, inject } = api;
  const signIn = async (username = 'reviewer1', password = 'demo') => {
    const res = await call('auth.signIn', { body: signInForm(username, password) });
    return {
      res,
      body: res.json() as { access_token: string; refresh_token: string; id_token: string },
    };
  };
  const refresh = (token: string) =>
    call('auth.refresh', {
      body: { grant_type: 'refresh_token', client_id: 'data-quality-center', refresh_token: token },
    });

  describe('POST /sign-in', () => {
    it('answers 200 with access, refresh and id tokens carrying sub, username and realm roles', async () => {
      const { res, body } = await signIn();
      expect(res.statusCode).toBe(200);
      const claims = decodeJwt(body.access_token);
      expect(claims).toMatchObject({
        preferred_username: 'reviewer1',
        realm_access: { roles: expect.arrayContaining(['ADMIN']) },
      });
      expect(typeof claims.sub).toBe('string');
      expect(decodeJwt(body.id_token).sub).toBe(claims.sub);
      expect(body.refresh_token.length).toBeGreaterThan(20);
    });

    it('signs in the three reviewers and the viewer (who has no ADMIN)', async () => {
      for (const user of ['reviewer2', 'reviewer3']) {
        expect((await signIn(user)).res.statusCode).toBe(200);
      }
      const viewer = await signIn('viewer');
      expect(viewer.res.statusCode).toBe(200);
      expect(decodeJwt(viewer.body.access_token)).toMatchObject({
        realm_access: { roles: ['VIEWER'] },
      });
    });

    it('answers 401 invalid_grant for a wrong password or an unknown user', async () => {
      const wrong = await signIn('reviewer1', 'nope');
      expect(wrong.res.statusCode).toBe(401);
      expect(wrong.res.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await signIn('nobody', 'demo')).res.statusCode).toBe(401);
    });

    it('answers 401 when the password was encrypted under another key', async () => {
      const payload = new URLSearchParams({
        scope: 'openid',
        grant_type: 'password',
        client_id: 'data-quality-center',
        username: 'reviewer1',
        password: 'demo',
      });
      const res = await call('auth.signIn', { body: payload.toString() });
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['a missing username', { username: undefined }],
      ['a wrong grant type', { grant_type: 'client_credentials' }],
      ['a wrong scope', { scope: 'email' }],
    ])('answers 400 with a message for %s', async (_name, change) => {
      const fields: Record<string, string | undefined> = {
        scope: 'openid',
        grant_type: 'password',
        client_id: 'data-quality-center',
        username: 'reviewer1',
        password: 'x',
        ...change,
      };
      const form = new URLSearchParams(
        Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const res = await call('auth.signIn', { body: form.toString() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_request',
        error_description: expect.any(String),
      });
    });

    it('answers 401 unauthorized_client for an unknown client id', async () => {
      const res = await call('auth.signIn', {
        body: signInForm('reviewer1', 'demo', { client_id: 'other' }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized_client' });
    });

    it('answers 400, not 500, for a body that is not a form at all', async () => {
      const res = await call('auth.signIn', { rawBody: '{bad json' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /refresh', () => {
    it('rotates: a refresh token works once and yields a new one', async () => {
      const { body } = await signIn();
      const first = await refresh(body.refresh_token);
      expect(first.statusCode).toBe(200);
      const next = first.json() as { refresh_token: string; access_token: string };
      expect(next.refresh_token).not.toBe(body.refresh_token);
      expect((await refresh(next.refresh_token)).statusCode).toBe(200);
    });

    it('treats reuse of a used token as theft: 400 invalid_grant and the session ends', async () => {
      const { body } = await signIn();
      // Its successor used, the first token is no longer one whose answer might have been lost.
      const second = (await refresh(body.refresh_token)).json() as { refresh_token: string };
      const next = (await refresh(second.refresh_token)).json() as {
        refresh_token: string;
        access_token: string;
      };
      const live = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${next.access_token}` },
      });
      expect(live.statusCode).toBe(200);
      const reused = await refresh(body.refresh_token);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await refresh(next.refresh_token)).statusCode).toBe(400);
      const info = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${next.access_token}` },
      });
      expect(info.statusCode).toBe(401);
    });

    it('answers 400 invalid_grant for an unknown token', async () => {
      const res = await refresh('made-up');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });

  describe('POST /dqc-sign-out', () => {
    it('revokes the session of the Id-Token: its refresh token and access token stop working', async () => {
      const { body } = await signIn();
      // Used once first, so the server has the session in its live-session cache.
      const before = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(before.statusCode).toBe(200);
      const res = await call('auth.signOut', {
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${body.access_token}`,
          'id-token': body.id_token,
        },
      });
      expect(res.statusCode).toBe(204);
      expect((await refresh(body.refresh_token)).statusCode).toBe(400);
      const info = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(info.statusCode).toBe(401);
    });

    it('answers 400 without a valid Id-Token', async () => {
      expect((await call('auth.signOut')).statusCode).toBe(400);
      expect((await call('auth.signOut', { headers: { 'id-token': 'forged' } })).statusCode).toBe(
        400,
      );
    });
  });

  describe('data routes (GET /twitter-service/get-keywords)', () => {
    it('answers the bearer for an ADMIN token', async () => {
      const { body } = await signIn();
      const res = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    });

    it('answers 401 without a token, with a forged one, or with an id token', async () => {
      const { body } = await signIn();
      expect((await call('tweets.getKeywords')).statusCode).toBe(401);
      expect(
        (await call('tweets.getKeywords', { headers: { authorization: 'Bearer abc.def.ghi' } }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await call('tweets.getKeywords', {
            headers: { authorization: `Bearer ${body.id_token}` },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('answers 403 for a valid token without ADMIN', async () => {
      const { body } = await signIn('viewer');
      const res = await call('tweets.getKeywords', {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(res.statusCode).toBe(403);
    });

    it('ends every session of a user on request (revokeSessionsOf)', async () => {
      const { body } = await signIn('reviewer3');
      const headers = { authorization: `Bearer ${body.access_token}` };
      expect((await call('tweets.getKeywords', { headers })).statusCode).toBe(200);
      expect(await api.server.revokeSessionsOf('reviewer3')).toBeGreaterThan(0);
      expect((await call('tweets.getKeywords', { headers })).statusCode).toBe(401);
      expect((await refresh(body.refresh_token)).statusCode).toBe(400);
    });
  });

  it('answers 404 with a message for an unknown route', async () => {
    const res = await inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe.runIf(ENGINE_FREE_PARTS_RUN())('access token lifetime', () => {
  const { call } = useServer({ user: null, config: { accessTokenTtlSeconds: 1 } });

  it('is configurable, and an expired token gets 401 (the client then refreshes)', async () => {
    const res = await call('auth.signIn', { body: signInForm('reviewer1', 'demo') });
    const { access_token } = res.json() as { access_token: string };
    const claims = decodeJwt(access_token);
    expect(claims.exp! - claims.iat!).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const info = await call('tweets.getKeywords', {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(info.statusCode).toBe(401);
    expect(info.json()).toMatchObject({ error_description: 'The access token has expired.' });
  });
});

describe.runIf(ENGINE_FREE_PARTS_RUN())('JSON bodies', () => {
  const { call } = useServer({ user: null });

  it('reads an empty application/json body as no body, and refuses broken JSON with 400', async () => {
    const signIn = await call('auth.signIn', { body: signInForm('reviewer1', 'demo') });
    const { id_token } = signIn.json() as { id_token: string };
    const empty = await call('auth.signOut', {
      headers: { 'content-type': 'application/json', 'id-token': id_token },
    });
    expect(empty.statusCode).toBe(204);
    const broken = await call('auth.signOut', {
      headers: { 'id-token': id_token },
      rawBody: '{nope',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'The body is not valid JSON.',
    });
  });
});
