import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src/main/core/createCore';
import type { UpdatesPort } from '../../../src/main/core/desktop/desktopPorts';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import type { BridgeEvent } from '../../../src/shared/bridge';
import { ALL_DEFAULT_SOURCES, type UpdateStatus } from '../../../src/shared/desktop';

/** A scripted updater: its status is set by the test, its listeners told of each change. */
function fakeUpdates(initial: UpdateStatus) {
  let status = initial;
  const listeners = new Set<(s: UpdateStatus) => void>();
  const port: UpdatesPort & { set(next: UpdateStatus): void } = {
    status: () => status,
    check: vi.fn(async () => status),
    restartToUpdate: vi.fn(async () => undefined),
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      status = next;
      listeners.forEach((listener) => listener(next));
    },
  };
  return port;
}

function coreWith(options: Partial<Parameters<typeof createCore>[0]> = {}) {
  const core: Core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: 'http://127.0.0.1:1',
    demo: false,
    shell: 'electron',
    version: '1.2.3',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'machine-wide file',
    settingsFiles: { user: '/u/settings.json', machine: '/etc/dqc-console/config.json' },
    ...options,
  });
  const events: BridgeEvent[] = [];
  core.onEvent((event) => events.push(event));
  return { core, events };
}

afterEach(() => vi.restoreAllMocks());

describe('desktop channels', () => {
  it('app.info says where the API host came from, where secrets and logs are kept', async () => {
    const open = vi.fn(async () => undefined);
    const settingSources = { ...ALL_DEFAULT_SOURCES, apiUrl: 'machine-wide file' as const };
    const { core } = coreWith({ logFolder: { path: '/logs', open }, settingSources });
    await expect(core.dispatch('app.info', undefined)).resolves.toMatchObject({
      ok: true,
      data: {
        version: '1.2.3',
        desktop: {
          apiUrlSource: 'machine-wide file',
          settingSources,
          settingsFiles: { user: '/u/settings.json', machine: '/etc/dqc-console/config.json' },
          secretStore: 'memory',
          logFolder: '/logs',
        },
      },
    });
    await expect(core.dispatch('app.openLogFolder', undefined)).resolves.toEqual({
      ok: true,
      data: null,
    });
    expect(open).toHaveBeenCalledOnce();
  });

  it('app.ping answers nothing once what runs now, and every promise it queued, is done', async () => {
    const { core } = coreWith();
    const done: string[] = [];
    // A call read just before the ping: its request goes out at the end of a long promise chain
    // (the dispatcher, the catalogue, axios's interceptors); the ping's answer must come after.
    let chain = Promise.resolve();
    for (let i = 0; i < 200; i++) chain = chain.then(() => undefined);
    void chain.then(() => done.push('request written'));
    const ping = core.dispatch('app.ping', undefined);
    void ping.then(() => done.push('ping answered'));
    await expect(ping).resolves.toEqual({ ok: true, data: null });
    expect(done).toEqual(['request written', 'ping answered']);
  });

  it('without a log folder (browser mode) Open logs folder says why', async () => {
    const { core } = coreWith({ shell: 'browser' });
    await expect(core.dispatch('app.openLogFolder', undefined)).resolves.toMatchObject({
      ok: false,
      error: { status: 404, message: 'Browser mode writes its log to the console.' },
    });
    await expect(core.dispatch('app.updateStatus', undefined)).resolves.toMatchObject({
      ok: true,
      data: { state: 'off', reason: expect.stringContaining('Browser mode') },
    });
  });

  it('forwards every update state as an event, and restarts only with an update ready', async () => {
    const updates = fakeUpdates({ state: 'idle', checkedAt: null });
    const { core, events } = coreWith({ updates });
    await expect(core.dispatch('app.restartToUpdate', undefined)).resolves.toMatchObject({
      ok: false,
      error: { status: 409, message: 'No update has been downloaded yet.' },
    });
    expect(updates.restartToUpdate).not.toHaveBeenCalled();
    updates.set({ state: 'downloading', version: '1.3.0', percent: 40 });
    updates.set({ state: 'ready', version: '1.3.0' });
    expect(events).toEqual([
      { type: 'app.update', status: { state: 'downloading', version: '1.3.0', percent: 40 } },
      { type: 'app.update', status: { state: 'ready', version: '1.3.0' } },
    ]);
    await expect(core.dispatch('app.checkForUpdates', undefined)).resolves.toMatchObject({
      ok: true,
      data: { state: 'ready' },
    });
    await expect(core.dispatch('app.restartToUpdate', undefined)).resolves.toEqual({
      ok: true,
      data: null,
    });
    expect(updates.restartToUpdate).toHaveBeenCalledOnce();
  });

  it('app.openExternal in browser mode checks the link and answers it for the page to open', async () => {
    const { core } = coreWith({ shell: 'browser' });
    await expect(
      core.dispatch('app.openExternal', { url: 'https://news.example/2025/01/02/a' }),
    ).resolves.toEqual({
      ok: true,
      data: { openIn: 'page', url: 'https://news.example/2025/01/02/a' },
    });
    await expect(
      core.dispatch('app.openExternal', { url: 'javascript:alert(1)' }),
    ).resolves.toMatchObject({
      ok: false,
      error: {
        status: 400,
        code: 'LINK_REFUSED',
        message: 'Only https:// links open from the console.',
      },
    });
  });

  it('session.stale marks a signed-in session for a refresh before its next call', async () => {
    const { core } = coreWith();
    await expect(core.dispatch('session.stale', undefined)).resolves.toEqual({
      ok: true,
      data: null,
    });
    // Nobody signed in: nothing to refresh.
    expect(core.session.isStale()).toBe(false);
  });
});
