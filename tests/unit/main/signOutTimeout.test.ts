import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { SessionManager } from '../../../src/main/core/session/sessionManager';
import {
  createTokenEndpoints,
  SIGN_OUT_TIMEOUT_MS,
} from '../../../src/main/core/session/tokenEndpoints';
import type { BridgeEvent } from '../../../src/shared/bridge';
import { DEFAULT_PASSWORD_KEY } from '../../../src/shared/constants';
import { fakeTokens } from '../../support/fakeJwt';

/** A provider whose sign-out never answers: the request is held open until the test ends. */
let server: Server;
let url: string;
const held: IncomingMessage[] = [];

beforeEach(async () => {
  server = createServer((req, res) => {
    if (req.url === '/sign-in') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(fakeTokens({ sub: 'u1', realm_access: { roles: ['ADMIN'] } })));
      return;
    }
    held.push(req); // /dqc-sign-out: no answer, ever
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  held.length = 0;
});

describe('the sign-out call over real HTTP', () => {
  it('has a timeout of its own, though data calls have none by default', () => {
    expect(SIGN_OUT_TIMEOUT_MS).toBeGreaterThan(0);
  });

  it('gives up on a provider that never answers, after the local sign-out has happened', async () => {
    const warn = vi.fn();
    const events: BridgeEvent[] = [];
    const session = new SessionManager({
      // No timeout for the other token calls (the spec's default), 300 ms for the sign-out.
      endpoints: createTokenEndpoints(url, undefined, 0, silentLogger, 300),
      secrets: createMemorySecretStore(),
      secretAccount: 'acct',
      passwordKey: DEFAULT_PASSWORD_KEY,
      signInClientId: 'data-quality-center',
      refreshClientId: 'data-quality-center',
      log: { ...silentLogger, warn },
      emit: (event) => events.push(event),
    });
    await session.signIn({ username: 'reviewer1', password: 'demo' });

    await session.signOut();
    expect(session.isLogged()).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'user' });

    await session.serverSignOutsSettled();
    expect(held.map((req) => req.url)).toEqual(['/dqc-sign-out']);
    expect(warn).toHaveBeenCalledWith('Sign-out request failed:', expect.stringMatching(/timeout/));
  });
});
