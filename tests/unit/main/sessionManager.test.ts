import { describe, expect, it, vi } from 'vitest';
import { decryptPassword } from '../../../src/server/auth/passwordCipher';
import { silentLogger } from '../../../src/main/core/log';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { fakeTokens } from '../../support/fakeJwt';
import { ADMIN_CLAIMS, answer, makeSession } from '../../support/fakeSession';

describe('sign-in', () => {
  it('sends the username trimmed and lowercased and the password encrypted', async () => {
    const { session, endpoints } = makeSession();
    await session.signIn({ username: '  Reviewer1 ', password: ' demo ' });
    const form = vi.mocked(endpoints.signIn).mock.calls[0]![0];
    expect(form.username).toBe('reviewer1');
    expect(form.password).not.toContain('demo');
    expect(decryptPassword(form.password, DEFAULT_PASSWORD_KEY)).toBe('demo');
    expect(form).toMatchObject({ clientId: 'data-quality-center', scope: 'openid' });
  });

  it('on 200 holds the session, stores the refresh token with the username and reports the user', async () => {
    const { session, secrets, events } = makeSession();
    const view = await session.signIn({ username: 'reviewer1', password: 'demo' });
    expect(view).toEqual({
      signedIn: true,
      username: 'reviewer1',
      userId: 'user-1',
      roles: ['ADMIN'],
    });
    expect(session.isLogged()).toBe(true);
    expect(session.accessToken()).toBeTruthy();
    expect(JSON.parse((await secrets.get('refresh-token@test'))!)).toEqual({
      refreshToken: 'refresh-signin',
      username: 'reviewer1',
    });
    expect(events).toContainEqual({ type: 'session.changed', session: view });
  });

  it.each([401, 400, 500])(
    'answers "Don\'t Match" for status %i and keeps nothing',
    async (status) => {
      const { session, secrets } = makeSession({
        signIn: async () => answer(status, { error: 'invalid_grant' }),
      });
      await expect(session.signIn({ username: 'a', password: 'b' })).rejects.toMatchObject({
        code: 'DONT_MATCH',
        message: "Don't Match",
      });
      expect(session.isLogged()).toBe(false);
      expect(await secrets.get('refresh-token@test')).toBeNull();
    },
  );

  it('refuses a user whose roles lack ADMIN, keeps nothing, and ends the server session', async () => {
    const viewer = fakeTokens({ sub: 'v', realm_access: { roles: ['VIEWER'] } });
    const { session, secrets, endpoints } = makeSession({
      signIn: async () => answer(200, viewer),
    });
    await expect(session.signIn({ username: 'viewer', password: 'demo' })).rejects.toMatchObject({
      code: 'NOT_ADMIN',
      message: 'Not An Admin USER!!!',
    });
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(endpoints.signOut).toHaveBeenCalledWith(viewer.access_token, viewer.id_token);
  });

  it('allows a token without any roles claim', async () => {
    const { session } = makeSession({ signIn: async () => answer(200, fakeTokens({ sub: 'x' })) });
    await expect(session.signIn({ username: 'x', password: 'y' })).resolves.toMatchObject({
      signedIn: true,
    });
  });

  it('allows a token whose realm_access has no roles (SPEC.md 5: no roles claim, no refusal)', async () => {
    const tokens = fakeTokens({ sub: 'x', realm_access: {} });
    const { session, endpoints } = makeSession({ signIn: async () => answer(200, tokens) });
    await expect(session.signIn({ username: 'x', password: 'y' })).resolves.toEqual({
      signedIn: true,
      username: 'x',
      userId: 'x',
      roles: [],
    });
    expect(session.accessToken()).toBe(tokens.access_token);
    expect(endpoints.signOut).not.toHaveBeenCalled();
  });

  it('allows a token without sub: signed in, with no User-Id to send', async () => {
    const tokens = fakeTokens({ realm_access: { roles: ['ADMIN'] } });
    const { session } = makeSession({ signIn: async () => answer(200, tokens) });
    await expect(session.signIn({ username: 'x', password: 'y' })).resolves.toMatchObject({
      signedIn: true,
      username: 'x',
      roles: ['ADMIN'],
    });
    expect(session.isLogged()).toBe(true);
    // The API client sends User-Id only when this is a non-empty string.
    expect(session.userId() || null).toBeNull();
  });

  it('keeps the typed username (trimmed, lower-cased) as the reviewer, not preferred_username', async () => {
    const { session, secrets } = makeSession();
    // ADMIN_CLAIMS say preferred_username reviewer1.
    await expect(
      session.signIn({ username: ' Reviewer3 ', password: 'demo' }),
    ).resolves.toMatchObject({ username: 'reviewer3' });
    await session.refreshAccessToken();
    expect(session.view().username).toBe('reviewer3');
    expect(JSON.parse((await secrets.get('refresh-token@test'))!)).toEqual({
      refreshToken: 'refresh-r1',
      username: 'reviewer3',
    });
  });

  it('says the server cannot be reached when the request fails on the network', async () => {
    const { session } = makeSession({
      signIn: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    await expect(session.signIn({ username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringMatching(/Cannot reach the sign-in server/),
    });
  });

  it("says how long to wait when sign-in is throttled (429), in the server's own words", async () => {
    const { session } = makeSession({
      signIn: async () =>
        answer(429, {
          error: 'too_many_requests',
          error_description: 'Too many sign-in attempts. Try again in 42 seconds.',
        }),
    });
    await expect(session.signIn({ username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many sign-in attempts. Try again in 42 seconds.',
    });
  });

  it('reads the wait from Retry-After when a throttled answer has no sentence', async () => {
    const { session } = makeSession({
      signIn: async () => ({ status: 429, data: '', retryAfter: '30' }),
    });
    await expect(session.signIn({ username: 'a', password: 'b' })).rejects.toMatchObject({
      message: 'Too many sign-in attempts. Try again in 30 seconds.',
    });
  });

  it('drops a sign-in answer that arrives after a sign-out, and ends that server session', async () => {
    let answerSignIn: (value: ReturnType<typeof answer>) => void = () => undefined;
    const tokens = fakeTokens({ sub: 'u', realm_access: { roles: ['ADMIN'] } }, 'late');
    const { session, secrets, endpoints } = makeSession({
      signIn: () => new Promise((resolve) => (answerSignIn = resolve)),
    });
    const signingIn = session.signIn({ username: 'a', password: 'b' });
    await session.signOut();
    answerSignIn(answer(200, tokens));
    await expect(signingIn).rejects.toMatchObject({ code: 'SIGNED_OUT' });
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(endpoints.signOut).toHaveBeenCalledWith(tokens.access_token, tokens.id_token);
  });

  it('reports an unreadable 200 answer instead of signing in half-way', async () => {
    const { session } = makeSession({ signIn: async () => answer(200, { access_token: 'x' }) });
    await expect(session.signIn({ username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 'BAD_ANSWER',
    });
    expect(session.isLogged()).toBe(false);
  });
});

describe('sign-out', () => {
  it('calls the server with the bearer and id tokens, then clears everything', async () => {
    const { session, secrets, endpoints, events } = makeSession();
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    const access = session.accessToken();
    await session.signOut();
    expect(endpoints.signOut).toHaveBeenCalledWith(access, expect.any(String));
    expect(session.isLogged()).toBe(false);
    expect(session.accessToken()).toBeNull();
    expect(session.view()).toEqual({ signedIn: false, username: null, userId: null, roles: [] });
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'session.signedOut', reason: 'user', message: null });
  });

  it('clears everything even when the server call fails', async () => {
    const { session, secrets, events } = makeSession({
      signOut: async () => {
        throw new Error('network down');
      },
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await expect(session.signOut()).resolves.toMatchObject({ signedIn: false });
    expect(session.accessToken()).toBeNull();
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut' });
  });

  it('clears everything when the server answers an error status', async () => {
    const { session, secrets } = makeSession({ signOut: async () => answer(500) });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.signOut();
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
  });
});

describe('sign-out does not wait for the provider', () => {
  it('ends the local session at once while the sign-out call never answers', async () => {
    let calledAtServer = false;
    const { session, secrets, events } = makeSession({
      signOut: () => {
        calledAtServer = true;
        return new Promise(() => undefined); // a provider that never answers
      },
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await expect(session.signOut()).resolves.toMatchObject({ signedIn: false });
    expect(calledAtServer).toBe(true);
    expect(session.isLogged()).toBe(false);
    expect(session.accessToken()).toBeNull();
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'session.signedOut', reason: 'user', message: null });
  });

  it('only logs a sign-out call that fails after the local sign-out', async () => {
    let fail!: (error: Error) => void;
    const warn = vi.fn();
    const { session, events } = makeSession(
      { signOut: () => new Promise((_, reject) => (fail = reject)) },
      undefined,
      { ...silentLogger, warn },
    );
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.signOut();
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut' });
    fail(new Error('timeout of 10000ms exceeded'));
    await session.serverSignOutsSettled();
    expect(warn).toHaveBeenCalledWith('Sign-out request failed:', 'timeout of 10000ms exceeded');
    expect(session.isLogged()).toBe(false);
  });
});

describe('refresh', () => {
  it('shares one refresh among concurrent callers and stores the rotated refresh token', async () => {
    const { session, endpoints, secrets } = makeSession();
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => session.refreshAccessToken()),
    );
    expect(endpoints.refresh).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
    expect(session.accessToken()).toBe(tokens[0]);
    expect(JSON.parse((await secrets.get('refresh-token@test'))!)).toMatchObject({
      refreshToken: 'refresh-r1',
    });
  });

  it('signs out with a reason when the refresh is refused with invalid_grant', async () => {
    const { session, events, secrets } = makeSession({
      refresh: async () => answer(400, { error: 'invalid_grant' }),
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await expect(session.refreshAccessToken()).rejects.toMatchObject({
      code: 'SESSION_ENDED',
      signedOut: true,
    });
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.at(-1)).toEqual({
      type: 'session.signedOut',
      reason: 'revoked',
      message: 'Your session was ended on the server. Please sign in again.',
    });
  });

  it('keeps the session when the refresh cannot reach the server at all', async () => {
    const { session } = makeSession({
      refresh: async () => {
        throw new Error('ECONNREFUSED');
      },
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await expect(session.refreshAccessToken()).rejects.toMatchObject({ signedOut: false });
    expect(session.isLogged()).toBe(true);
  });
});

describe('sign-out against a refresh in flight', () => {
  it('sign-out wins: the late refresh answer neither signs the user back in nor stores a token', async () => {
    let answerRefresh: (value: ReturnType<typeof answer>) => void = () => undefined;
    const { session, secrets, events } = makeSession({
      refresh: () => new Promise((resolve) => (answerRefresh = resolve)),
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    const refreshing = session.refreshAccessToken();
    await session.signOut();
    answerRefresh(answer(200, fakeTokens(ADMIN_CLAIMS, 'late')));
    await expect(refreshing).rejects.toMatchObject({ signedOut: true });
    expect(session.isLogged()).toBe(false);
    expect(session.accessToken()).toBeNull();
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'user' });
  });

  it('a sign-out during the startup restore leaves the user signed out', async () => {
    let answerRefresh: (value: ReturnType<typeof answer>) => void = () => undefined;
    const { session, secrets, events } = makeSession({
      refresh: () => new Promise((resolve) => (answerRefresh = resolve)),
    });
    await secrets.set('refresh-token@test', 'stored');
    const restoring = session.restore();
    // Let the restore read the keychain and send its refresh.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await session.signOut();
    answerRefresh(answer(200, fakeTokens(ADMIN_CLAIMS, 'late')));
    await restoring;
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
    expect(events.some((e) => e.type === 'session.changed')).toBe(false);
  });

  it('keychain writes keep their order: a slow store of a rotated token cannot outlive a sign-out', async () => {
    const entries = new Map<string, string>();
    let releaseSet: () => void = () => undefined;
    const slowSecrets = {
      kind: 'memory' as const,
      get: async (account: string) => entries.get(account) ?? null,
      set: (account: string, value: string) =>
        new Promise<void>((resolve) => {
          releaseSet = () => {
            entries.set(account, value);
            resolve();
          };
        }),
      delete: async (account: string) => {
        entries.delete(account);
      },
    };
    const { session } = makeSession({}, slowSecrets);
    const signingIn = session.signIn({ username: 'reviewer1', password: 'demo' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const signingOut = session.signOut();
    releaseSet();
    await Promise.allSettled([signingIn, signingOut]);
    expect(entries.size).toBe(0);
  });

  it('a refresh started after a sign-out and a new sign-in is not the stale one', async () => {
    const { session, endpoints } = makeSession();
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    void session.refreshAccessToken().catch(() => undefined);
    await session.signOut();
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await expect(session.refreshAccessToken()).resolves.toBeTruthy();
    expect(vi.mocked(endpoints.refresh)).toHaveBeenCalledTimes(2);
    expect(session.isLogged()).toBe(true);
  });
});

describe('startup restore', () => {
  it('keeps the reviewer name over a restart, even when preferred_username differs', async () => {
    const first = makeSession();
    await first.session.signIn({ username: 'Reviewer3', password: 'demo' });
    // The app restarts: a new session manager over the same keychain.
    const second = makeSession({}, first.secrets);
    await second.session.restore();
    expect(second.endpoints.refresh).toHaveBeenCalledWith({
      refreshToken: 'refresh-signin',
      clientId: 'data-quality-center',
    });
    expect(second.session.view()).toEqual({
      signedIn: true,
      username: 'reviewer3',
      userId: 'user-1',
      roles: ['ADMIN'],
    });
    expect(second.events).toContainEqual({
      type: 'session.changed',
      session: second.session.view(),
    });
    // The rotated refresh token is stored, still with the reviewer's name.
    expect(JSON.parse((await first.secrets.get('refresh-token@test'))!)).toEqual({
      refreshToken: 'refresh-r1',
      username: 'reviewer3',
    });
  });

  it('still reads a bare refresh token stored before usernames were kept', async () => {
    const { session, secrets, endpoints } = makeSession();
    await secrets.set('refresh-token@test', 'bare-token');
    await session.restore();
    expect(endpoints.refresh).toHaveBeenCalledWith({
      refreshToken: 'bare-token',
      clientId: 'data-quality-center',
    });
    // No stored name: the token's preferred_username is the best there is.
    expect(session.view()).toMatchObject({ signedIn: true, username: 'reviewer1' });
    expect(JSON.parse((await secrets.get('refresh-token@test'))!)).toEqual({
      refreshToken: 'refresh-r1',
      username: 'reviewer1',
    });
  });

  it('refreshes from a stored refresh token before anything else', async () => {
    const { session, secrets, endpoints } = makeSession();
    await secrets.set('refresh-token@test', 'stored-token');
    await session.restore();
    expect(endpoints.refresh).toHaveBeenCalledWith({
      refreshToken: 'stored-token',
      clientId: 'data-quality-center',
    });
    expect(session.view()).toMatchObject({
      signedIn: true,
      username: 'reviewer1',
      userId: 'user-1',
    });
  });

  it('does nothing without a stored token', async () => {
    const { session, endpoints } = makeSession();
    await session.restore();
    expect(endpoints.refresh).not.toHaveBeenCalled();
    expect(session.isLogged()).toBe(false);
  });

  it('only logs a failed restore, clears the stale token, and leaves the user signed out', async () => {
    const { session, secrets } = makeSession({
      refresh: async () => answer(400, { error: 'invalid_grant' }),
    });
    await secrets.set('refresh-token@test', 'stale');
    await expect(session.restore()).resolves.toBeUndefined();
    expect(session.isLogged()).toBe(false);
    expect(await secrets.get('refresh-token@test')).toBeNull();
  });

  it('runs once however many screens ask', async () => {
    const { session, secrets, endpoints } = makeSession();
    await secrets.set('refresh-token@test', 'stored-token');
    await Promise.all([session.restore(), session.restore(), session.restore()]);
    expect(endpoints.refresh).toHaveBeenCalledTimes(1);
  });
});
