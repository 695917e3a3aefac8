import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type BridgeHandlers } from '../../../src/main/core/bridge/dispatcher';
import { BridgeFailure } from '../../../src/main/core/bridgeFailure';
import { silentLogger } from '../../../src/main/core/log';

function handlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  const view = { signedIn: false, username: null, userId: null, roles: [] };
  return {
    'app.info': vi.fn(async () => ({
      version: '1',
      demo: true,
      apiUrl: 'x',
      reviewers: [],
      shell: 'browser' as const,
    })),
    'session.get': vi.fn(async () => view),
    'session.signIn': vi.fn(async () => view),
    'session.signOut': vi.fn(async () => view),
    ...overrides,
  } as BridgeHandlers; // the provider channels are not exercised here
}

describe('bridge dispatcher', () => {
  it('answers an unknown channel with 400 and calls nothing', async () => {
    const h = handlers();
    const dispatch = createDispatcher(h, silentLogger);
    await expect(dispatch('fs.readFile', '/etc/passwd')).resolves.toMatchObject({
      ok: false,
      error: { status: 400, code: 'UNKNOWN_CHANNEL' },
    });
    await expect(dispatch('__proto__', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    await expect(dispatch(42, undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
  });

  it('answers a payload that fails its schema with 400 naming the field, and calls nothing', async () => {
    const h = handlers();
    const dispatch = createDispatcher(h, silentLogger);
    const result = await dispatch('session.signIn', { username: 'a' });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
    expect(!result.ok && result.error.message).toMatch(/password/);
    await expect(
      dispatch('session.signIn', { username: 'a', password: 'x'.repeat(5000) }),
    ).resolves.toMatchObject({ ok: false });
    await expect(dispatch('session.signOut', { unexpected: true })).resolves.toMatchObject({
      ok: false,
    });
    expect(h['session.signIn']).not.toHaveBeenCalled();
    expect(h['session.signOut']).not.toHaveBeenCalled();
  });

  it('wraps results and errors in envelopes, keeping status, code and message', async () => {
    const dispatch = createDispatcher(
      handlers({
        'session.signIn': async () => {
          throw new BridgeFailure(401, 'DONT_MATCH', "Don't Match");
        },
      }),
      silentLogger,
    );
    await expect(dispatch('session.get', undefined)).resolves.toMatchObject({
      ok: true,
      data: { signedIn: false },
    });
    await expect(dispatch('session.signIn', { username: 'a', password: 'b' })).resolves.toEqual({
      ok: false,
      error: { status: 401, code: 'DONT_MATCH', message: "Don't Match" },
    });
  });
});
