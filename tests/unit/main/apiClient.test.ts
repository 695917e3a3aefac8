import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/core/api/apiClient';
import { READ_AS_TEXT } from '../../../src/main/core/api/sendCall';
import { toBridgeError } from '../../../src/main/core/bridgeFailure';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { SessionManager } from '../../../src/main/core/session/sessionManager';
import { createTokenEndpoints } from '../../../src/main/core/session/tokenEndpoints';
import type { BridgeEvent } from '../../../src/shared/bridge';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { fakeTokens } from '../../support/fakeJwt';

/**
 * A fake provider on loopback: it answers /data 401 until the token has been refreshed, and
 * counts what it is asked, so the client's retry behaviour is observed over real HTTP.
 */
interface FakeProvider {
  url: string;
  counts: { refresh: number; data: number; signOut: number };
  validToken: string | null;
  refreshAnswer: { status: number; body: unknown; headers?: Record<string, string> } | null;
  dataAnswerAfterRetry: { status: number; body: unknown } | null;
  /** Delay before answering a 401, to let a refresh finish in between. */
  slow401Ms: number;
  /** Delay before answering any /data request. */
  dataDelayMs: number;
  seenHeaders: IncomingMessage['headers'][];
  server: Server;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const state: Omit<FakeProvider, 'url' | 'server'> = {
    counts: { refresh: 0, data: 0, signOut: 0 },
    validToken: null,
    refreshAnswer: null,
    dataAnswerAfterRetry: null,
    slow401Ms: 0,
    dataDelayMs: 0,
    seenHeaders: [],
  };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    if (req.url === '/sign-in')
      return send(
        res,
        200,
        fakeTokens({ sub: 'user-1', realm_access: { roles: ['ADMIN'] } }, 'first'),
      );
    if (req.url === '/refresh') {
      state.counts.refresh++;
      if (state.refreshAnswer) {
        res.writeHead(state.refreshAnswer.status, {
          'Content-Type': 'application/json',
          ...state.refreshAnswer.headers,
        });
        return res.end(JSON.stringify(state.refreshAnswer.body));
      }
      const tokens = fakeTokens(
        { sub: 'user-1', realm_access: { roles: ['ADMIN'] } },
        `refreshed-${state.counts.refresh}`,
      );
      state.validToken = tokens.access_token;
      // Answer slowly so that every concurrent 401 arrives while this refresh is in flight.
      setTimeout(() => send(res, 200, tokens), 50);
      return;
    }
    if (req.url === '/dqc-sign-out') {
      state.counts.signOut++;
      return send(res, 204, {});
    }
    if (req.url === '/data' && state.dataDelayMs > 0 && !req.headers['x-delayed']) {
      req.headers['x-delayed'] = '1';
      setTimeout(() => server.emit('request', req, res), state.dataDelayMs);
      return;
    }
    if (req.url === '/data') {
      state.counts.data++;
      state.seenHeaders.push(req.headers);
      const ok =
        state.validToken !== null && req.headers.authorization === `Bearer ${state.validToken}`;
      if (ok && state.dataAnswerAfterRetry)
        return send(res, state.dataAnswerAfterRetry.status, state.dataAnswerAfterRetry.body);
      if (ok) return send(res, 200, { ok: true });
      setTimeout(() => send(res, 401, { error: 'invalid_token' }), state.slow401Ms);
      return;
    }
    send(res, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, { url: `http://127.0.0.1:${port}`, server }) as FakeProvider;
}

let provider: FakeProvider;
let events: BridgeEvent[];

function clientFor(url: string, fetchImpl?: typeof fetch, timeoutMs = 0) {
  events = [];
  const session = new SessionManager({
    endpoints: createTokenEndpoints(url, fetchImpl, timeoutMs),
    secrets: createMemorySecretStore(),
    secretAccount: 'acct',
    passwordKey: DEFAULT_PASSWORD_KEY,
    signInClientId: 'data-quality-center',
    refreshClientId: 'data-quality-center',
    log: silentLogger,
    emit: (event) => events.push(event),
  });
  return { session, api: createApiClient(url, session, fetchImpl, timeoutMs) };
}

beforeEach(async () => {
  provider = await startFakeProvider();
});
afterEach(async () => {
  await new Promise((resolve) => provider.server.close(resolve));
});

describe('data client', () => {
  it('sends the bearer token and the User-Id header on each request', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.validToken = session.accessToken();
    await api.get('/data');
    expect(provider.seenHeaders[0]).toMatchObject({
      authorization: `Bearer ${session.accessToken()}`,
      'user-id': 'user-1',
    });
  });

  it('turns 50 concurrent 401s into exactly one refresh and 50 retries', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    const results = await Promise.all(Array.from({ length: 50 }, () => api.get('/data')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(provider.counts.refresh).toBe(1);
    expect(provider.counts.data).toBe(100); // 50 first tries, 50 retries
    expect(session.isLogged()).toBe(true);
  });

  it('retries without a second refresh when the 401 answers a token that was already refreshed', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.slow401Ms = 300;
    const pending = api.get('/data');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await session.refreshAccessToken();
    expect(provider.counts.refresh).toBe(1);
    await expect(pending).resolves.toMatchObject({ status: 200 });
    expect(provider.counts.refresh).toBe(1);
    expect(provider.counts.data).toBe(2);
  });

  it('retries only once: a second 401 after the refresh is returned to the caller', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.dataAnswerAfterRetry = { status: 403, body: { error: 'forbidden' } };
    await expect(api.get('/data')).rejects.toMatchObject({ response: { status: 403 } });
    expect(provider.counts.refresh).toBe(1);
    expect(provider.counts.data).toBe(2);
  });

  it('signs out when a retried request is answered 400 invalid_grant', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.dataAnswerAfterRetry = { status: 400, body: { error: 'invalid_grant' } };
    await expect(api.get('/data')).rejects.toBeTruthy();
    expect(session.isLogged()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'revoked' });
  });

  it('signs out on a 400 invalid_grant also when the answer is read as text, as every declared call is', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.dataAnswerAfterRetry = { status: 400, body: { error: 'invalid_grant' } };
    await expect(api.get('/data', READ_AS_TEXT)).rejects.toBeTruthy();
    expect(session.isLogged()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'revoked' });
  });

  it('keeps the session on a retried 400 whose text body is not invalid_grant', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.dataAnswerAfterRetry = { status: 400, body: 'invalid_grant, but not as JSON' };
    await expect(api.get('/data', READ_AS_TEXT)).rejects.toMatchObject({
      response: { status: 400 },
    });
    expect(session.isLogged()).toBe(true);
  });

  it('signs out when the refresh itself fails, and every waiting request fails with SESSION_ENDED', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.refreshAnswer = { status: 400, body: { error: 'invalid_grant' } };
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => api.get('/data')));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(toBridgeError((outcomes[0] as PromiseRejectedResult).reason)).toMatchObject({
      code: 'SESSION_ENDED',
    });
    expect(provider.counts.refresh).toBe(1);
    expect(session.isLogged()).toBe(false);
    // The provider's sign-out goes on behind the local one.
    await session.serverSignOutsSettled();
    expect(provider.counts.signOut).toBe(1);
  });

  it.each([
    [503, {}, /could not renew your session just now \(status 503\)/],
    [502, '<html>Bad gateway</html>', /status 502/],
    [500, { error: 'server_error' }, /status 500/],
    [429, {}, /^Too many requests\. Try again in 7 seconds\.$/],
  ])(
    'keeps the session when the refresh is answered %i; only that call fails, with a sentence',
    async (status, body, message) => {
      const { session, api } = clientFor(provider.url);
      await session.signIn({ username: 'reviewer1', password: 'demo' });
      provider.refreshAnswer = { status, body, headers: { 'Retry-After': '7' } };
      const error = await api.get('/data').catch((e: unknown) => e);
      expect(toBridgeError(error)).toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
      expect(session.isLogged()).toBe(true);
      expect(provider.counts.signOut).toBe(0);
      expect(events.some((e) => e.type === 'session.signedOut')).toBe(false);
      // The trouble passes: the next call refreshes and succeeds.
      provider.refreshAnswer = null;
      await expect(api.get('/data')).resolves.toMatchObject({ data: { ok: true } });
    },
  );

  it('ends the session when the refresh is answered 401 without invalid_grant', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    provider.refreshAnswer = { status: 401, body: {} };
    await expect(api.get('/data')).rejects.toBeTruthy();
    expect(session.isLogged()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'expired' });
  });

  it("waits as long as it takes by default (no timeout), as the spec's client does", async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.refreshAccessToken();
    provider.dataDelayMs = 1200;
    await expect(api.get('/data')).resolves.toMatchObject({ data: { ok: true } });
  });

  it('gives up after the timeout of the settings, with a sentence naming it', async () => {
    const { session, api } = clientFor(provider.url, undefined, 1000);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.refreshAccessToken();
    provider.dataDelayMs = 2500;
    const error = await api.get('/data').catch((e: unknown) => e);
    expect(toBridgeError(error)).toEqual({
      status: 0,
      code: 'TIMEOUT',
      message:
        'The server did not answer within 1 second. Try again, or ask IT whether the server is slow.',
    });
    expect(session.isLogged()).toBe(true);
  });

  it('after sleep or a network change (stale), refreshes before the next call instead of meeting a 401', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.refreshAccessToken();
    await api.get('/data');
    const before = { ...provider.counts };
    session.markStale();
    expect(session.isStale()).toBe(true);
    await expect(api.get('/data')).resolves.toMatchObject({ data: { ok: true } });
    expect(provider.counts.refresh - before.refresh).toBe(1);
    // One data request: it went out with the fresh token, no 401 and retry.
    expect(provider.counts.data - before.data).toBe(1);
    expect(session.isStale()).toBe(false);
  });

  it('a stale session whose refresh fails still sends the call (the token may be good)', async () => {
    const { session, api } = clientFor(provider.url);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await session.refreshAccessToken();
    session.markStale();
    provider.refreshAnswer = { status: 503, body: {} };
    await expect(api.get('/data')).resolves.toMatchObject({ data: { ok: true } });
    expect(session.isLogged()).toBe(true);
  });

  it('does not refresh for a user who is not signed in', async () => {
    const { api } = clientFor(provider.url);
    await expect(api.get('/data')).rejects.toMatchObject({ response: { status: 401 } });
    expect(provider.counts.refresh).toBe(0);
  });

  it('reports an unreachable server as status 0 with a sentence', async () => {
    const { api } = clientFor('http://127.0.0.1:1');
    const error = await api.get('/data').catch((e: unknown) => e);
    expect(toBridgeError(error)).toMatchObject({ status: 0, code: 'UNREACHABLE' });
  });
});

describe('custom fetch (Electron passes net.fetch)', () => {
  it('sends data and token calls through the given fetch', async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    const viaFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      calls.push({ url: request.url, authorization: request.headers.get('authorization') });
      return fetch(request);
    };
    const { session, api } = clientFor(provider.url, viaFetch);
    await session.signIn({ username: 'reviewer1', password: 'demo' });
    await api.get('/data');
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/sign-in',
      '/data',
      '/refresh',
      '/data',
    ]);
    expect(calls[1]!.authorization).toBe(`Bearer ${calls[1]!.authorization!.slice(7)}`);
    expect(calls[3]!.authorization).toBe(`Bearer ${session.accessToken()}`);
  });
});
