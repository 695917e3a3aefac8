import { describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import type { SecretStore } from '../../../src/main/core/secrets/secretStore';
import { KeychainSession } from '../../../src/main/core/session/keychainSession';
import { ServerSignOuts } from '../../../src/main/core/session/serverSignOuts';

/** A keychain whose operations end when the test says, recording the order they ran in. */
function slowKeychain() {
  const entries = new Map<string, string>();
  const ran: string[] = [];
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  const later = <T>(what: string, value: () => T) =>
    new Promise<T>((resolve) =>
      waiting.push(() => {
        ran.push(what);
        resolve(value());
      }),
    );
  const store: SecretStore = {
    kind: 'memory',
    get: (account) => (started.push('get'), later('get', () => entries.get(account) ?? null)),
    set: (account, secret) => (
      started.push('set'),
      later('set', () => void entries.set(account, secret))
    ),
    delete: (account) => (
      started.push('delete'),
      later('delete', () => void entries.delete(account))
    ),
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Ends every operation, each as it comes (the next one starts only after the one before). */
  const flush = async () => {
    await tick();
    while (waiting.length) {
      waiting.shift()!();
      await tick();
    }
  };
  return { store, entries, ran, started, tick, flush };
}

describe('the session in the keychain', () => {
  it('runs writes and deletes in the order asked: a sign-out is never overtaken by a write', async () => {
    const keychain = slowKeychain();
    const session = new KeychainSession(keychain.store, 'refresh-token@x', silentLogger);
    const written = session.write({ refreshToken: 'r-1', username: 'reviewer1' });
    const removed = session.remove();
    await keychain.tick();
    // The delete waits for the write to end before it starts.
    expect(keychain.started).toEqual(['set']);
    await keychain.flush();
    await Promise.all([written, removed]);
    expect(keychain.ran).toEqual(['set', 'delete']);
    expect(keychain.entries.size).toBe(0);
  });

  it('reads the stored session, and a bare refresh token kept before usernames were', async () => {
    const keychain = slowKeychain();
    const session = new KeychainSession(keychain.store, 'a', silentLogger);
    keychain.entries.set('a', JSON.stringify({ refreshToken: 'r-2', username: 'reviewer2' }));
    const reading = session.read();
    await keychain.flush();
    expect(await reading).toEqual({ refreshToken: 'r-2', username: 'reviewer2' });
    keychain.entries.set('a', 'legacy-token');
    const legacy = session.read();
    await keychain.flush();
    expect(await legacy).toEqual({ refreshToken: 'legacy-token', username: '' });
  });

  it('a keychain that fails is logged, never thrown: the session in memory goes on', async () => {
    const warnings: string[] = [];
    const log: Logger = {
      ...silentLogger,
      warn: (message: unknown) => warnings.push(String(message)),
    };
    const broken: SecretStore = {
      kind: 'keychain',
      get: async () => {
        throw new Error('locked');
      },
      set: async () => {
        throw new Error('locked');
      },
      delete: async () => {
        throw new Error('locked');
      },
    };
    const session = new KeychainSession(broken, 'a', log);
    await session.write({ refreshToken: 'r', username: 'u' });
    await session.remove();
    expect(await session.read()).toBeNull();
    expect(warnings).toEqual([
      'Could not store the session in the keychain:',
      'Could not remove the stored session:',
    ]);
    await expect(session.peek()).rejects.toThrow('locked');
  });
});

describe("the provider's sign-outs", () => {
  it('are sent behind the local sign-out, only logged, and can be waited for', async () => {
    const warnings: string[] = [];
    const log: Logger = {
      ...silentLogger,
      warn: (message: unknown) => warnings.push(String(message)),
    };
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const signOuts = new ServerSignOuts(
      { signOut: () => new Promise((resolve) => (answer = resolve)) },
      log,
    );
    signOuts.send({ accessToken: 'a', idToken: 'i' });
    let settled = false;
    const waiting = signOuts.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    answer({ status: 500, data: null });
    await waiting;
    expect(warnings).toEqual(['Sign-out answered 500.']);
  });
});
