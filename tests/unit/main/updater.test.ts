import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import {
  CHECK_EVERY_MS,
  UPDATES_OFF,
  createUpdater,
  updatePlan,
  updatesFor,
  type AutoUpdaterLike,
} from '../../../src/main/core/desktop/updater';
import type { SigningFacts } from '../../../src/main/core/desktop/updateSigning';
import { silentLogger } from '../../../src/main/core/log';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS, settingsReport } from '../../../src/main/core/settings';
import type { BridgeEvent } from '../../../src/shared/bridge';
import type { UpdateStatus } from '../../../src/shared/desktop';
import { MESSAGES } from '../../../src/shared/messages';

/** electron-updater's autoUpdater as far as the app uses it: an emitter with a scripted check. */
class FakeAutoUpdater extends EventEmitter implements AutoUpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  setFeedURL = vi.fn();
  quitAndInstall = vi.fn();
  checkForUpdates = vi.fn(async (): Promise<unknown> => {
    this.emit('checking-for-update');
    return null;
  });
}

const FEED = { url: 'https://updates.corp.example/dqc', channel: 'stable' };
const NOW = new Date('2025-01-02T03:04:05.000Z');

function started() {
  const updater = new FakeAutoUpdater();
  const port = createUpdater({ updater, feed: FEED, log: silentLogger, now: () => NOW });
  const statuses: UpdateStatus[] = [];
  port.onStatus((status) => statuses.push(status));
  return { updater, port, statuses };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('update plan from the settings', () => {
  const report = (files: Record<string, unknown>, env: Record<string, string> = {}) =>
    settingsReport({
      env,
      userFile: '/user.json',
      machineFile: '/machine.json',
      readFile: (path) => {
        const content = files[path];
        return content === undefined
          ? null
          : typeof content === 'string'
            ? content
            : JSON.stringify(content);
      },
      log: silentLogger,
    });
  // A signed Windows build: app-update.yml names the publisher.
  const build = {
    packaged: true,
    machineFile: '/machine.json',
    signing: { platform: 'win32', publisherNames: ['Example Corp'] } as SigningFacts,
  };

  it('takes the feed and channel of the settings', () => {
    const plan = updatePlan(
      report({ '/machine.json': { updateUrl: FEED.url, updateChannel: 'stable' } }),
      build,
    );
    expect(plan).toEqual({ on: true, url: FEED.url, channel: 'stable' });
  });

  it("is off when IT's machine-wide file says updates: false, whatever the user file says", () => {
    const plan = updatePlan(
      report({
        '/machine.json': { updates: false },
        '/user.json': { updates: true, updateUrl: 'https://mine.example' },
      }),
      build,
    );
    expect(plan).toEqual({ on: false, reason: UPDATES_OFF.byIt });
    expect(UPDATES_OFF.byIt).toBe('Updates are turned off by IT (machine-wide settings).');
    expect(
      updatePlan(report({ '/user.json': { updates: false, updateUrl: FEED.url } }), build),
    ).toEqual({ on: false, reason: UPDATES_OFF.bySettings });
  });

  it('is off in a development build, without a feed, and when the machine-wide file is invalid', () => {
    const withFeed = report({ '/machine.json': { updateUrl: FEED.url } });
    expect(updatePlan(withFeed, { ...build, packaged: false })).toEqual({
      on: false,
      reason: 'Development build: no updates.',
    });
    expect(updatePlan(report({}), build)).toEqual({ on: false, reason: UPDATES_OFF.noFeed });
    // The user's own feed does not take over when IT's file cannot be read.
    const broken = report({
      '/machine.json': '{ "updates": fals',
      '/user.json': { updateUrl: FEED.url },
    });
    expect(updatePlan(broken, build)).toEqual({
      on: false,
      reason: UPDATES_OFF.machineFileInvalid,
    });
  });

  describe('fails closed on a build that cannot check what it would install', () => {
    const feed = { '/machine.json': { updateUrl: FEED.url } };
    const on = { on: true, url: FEED.url, channel: 'latest' };
    const unsigned = { on: false, reason: UPDATES_OFF.unsigned };
    const signed = (signing: SigningFacts) => ({ ...build, signing });

    it('says so in one sentence', () => {
      expect(UPDATES_OFF.unsigned).toBe(MESSAGES.updatesUnsigned);
      expect(UPDATES_OFF.unsigned).toBe(
        'This build is not signed, so an update could not be verified.',
      );
    });

    it('Windows: only with a publisher in app-update.yml, which electron-updater checks', () => {
      expect(updatePlan(report(feed), build)).toEqual(on);
      expect(updatePlan(report(feed), signed({ platform: 'win32', publisherNames: [] }))).toEqual(
        unsigned,
      );
    });

    it('macOS: only when the app has a Developer ID signature, which Squirrel.Mac checks', () => {
      expect(updatePlan(report(feed), signed({ platform: 'darwin', developerId: true }))).toEqual(
        on,
      );
      expect(updatePlan(report(feed), signed({ platform: 'darwin', developerId: false }))).toEqual(
        unsigned,
      );
    });

    it('any other platform: never', () => {
      expect(updatePlan(report(feed), signed({ platform: 'other' }))).toEqual(unsigned);
    });

    it("Linux: only from an https feed IT's machine-wide file sets", () => {
      const linux = signed({ platform: 'linux' });
      expect(updatePlan(report(feed), linux)).toEqual(on);
      const notPinned = { on: false, reason: UPDATES_OFF.linuxFeedNotPinned };
      expect(updatePlan(report({ '/user.json': { updateUrl: FEED.url } }), linux)).toEqual(
        notPinned,
      );
      expect(updatePlan(report({}, { DQC_UPDATE_URL: FEED.url }), linux)).toEqual(notPinned);
      // A loopback http feed is a valid setting, but nothing on the way is checked.
      expect(
        updatePlan(report({ '/machine.json': { updateUrl: 'http://127.0.0.1:8080' } }), linux),
      ).toEqual(notPinned);
      expect(updatePlan(report({}), linux)).toEqual({ on: false, reason: UPDATES_OFF.noFeed });
      expect(UPDATES_OFF.linuxFeedNotPinned).toMatch(/^On Linux an update is installed only/);
    });

    it("IT's own updates: false, an invalid machine-wide file and a development build say so first", () => {
      const unsignedBuild = signed({ platform: 'win32', publisherNames: [] });
      expect(updatePlan(report({ '/machine.json': { updates: false } }), unsignedBuild)).toEqual({
        on: false,
        reason: UPDATES_OFF.byIt,
      });
      expect(updatePlan(report({ '/machine.json': '{' }), unsignedBuild)).toEqual({
        on: false,
        reason: UPDATES_OFF.machineFileInvalid,
      });
      expect(updatePlan(report(feed), { ...unsignedBuild, packaged: false })).toEqual({
        on: false,
        reason: UPDATES_OFF.development,
      });
      // Without a feed, an unsigned build still says why it would refuse one.
      expect(updatePlan(report({}), unsignedBuild)).toEqual(unsigned);
    });

    it('an unsigned build never builds the updater, so nothing is downloaded or installed', async () => {
      const make = vi.fn(() => new FakeAutoUpdater());
      const port = updatesFor(
        updatePlan(report(feed), signed({ platform: 'win32', publisherNames: [] })),
        make,
        silentLogger,
      );
      port.start();
      expect(make).not.toHaveBeenCalled();
      expect(port.status()).toEqual({ state: 'off', reason: UPDATES_OFF.unsigned });
      await expect(port.check()).resolves.toEqual({ state: 'off', reason: UPDATES_OFF.unsigned });
      await expect(port.restartToUpdate()).rejects.toThrow(UPDATES_OFF.unsigned);
    });
  });

  it('an off plan gives a port that says why and never builds the updater', async () => {
    const make = vi.fn(() => new FakeAutoUpdater());
    const port = updatesFor({ on: false, reason: UPDATES_OFF.byIt }, make, silentLogger);
    port.start();
    expect(port.status()).toEqual({ state: 'off', reason: UPDATES_OFF.byIt });
    await expect(port.check()).resolves.toEqual({ state: 'off', reason: UPDATES_OFF.byIt });
    await expect(port.restartToUpdate()).rejects.toThrow(UPDATES_OFF.byIt);
    expect(make).not.toHaveBeenCalled();
  });
});

describe('updater on the generic feed', () => {
  it('sets the feed with its channel, downloads by itself and installs on quit', () => {
    const { updater } = started();
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: FEED.url,
      channel: 'stable',
    });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('turns the events into statuses: checking, downloading with progress, ready', async () => {
    const { updater, port, statuses } = started();
    port.start();
    await vi.waitFor(() => expect(updater.checkForUpdates).toHaveBeenCalledTimes(1));
    updater.emit('update-available', { version: '1.4.0' });
    updater.emit('download-progress', { percent: 12.4 });
    updater.emit('download-progress', { percent: 99.6 });
    updater.emit('update-downloaded', { version: '1.4.0' });
    expect(statuses).toEqual([
      { state: 'checking' },
      { state: 'checking' },
      { state: 'downloading', version: '1.4.0', percent: 0 },
      { state: 'downloading', version: '1.4.0', percent: 12 },
      { state: 'downloading', version: '1.4.0', percent: 100 },
      { state: 'ready', version: '1.4.0' },
    ]);
    expect(port.status()).toEqual({ state: 'ready', version: '1.4.0' });
    // Never restarts on its own: only the user's "Restart to update" does.
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    await port.restartToUpdate();
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('says when it last checked and found nothing', async () => {
    const { updater, port } = started();
    await port.check();
    updater.emit('update-not-available', { version: '1.0.0' });
    expect(port.status()).toEqual({ state: 'idle', checkedAt: NOW.toISOString() });
  });

  it('refuses restartToUpdate when nothing is downloaded', async () => {
    const { updater, port } = started();
    await expect(port.restartToUpdate()).rejects.toThrow('No update has been downloaded yet.');
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('shows an error as a status with one short sentence', async () => {
    const { updater, port } = started();
    await port.check();
    updater.emit(
      'error',
      new Error('net::ERR_NAME_NOT_RESOLVED\n    at SimpleURLLoaderWrapper.<anonymous> (...)'),
    );
    expect(port.status()).toEqual({
      state: 'error',
      message: 'Could not check for updates: net::ERR_NAME_NOT_RESOLVED',
      checkedAt: NOW.toISOString(),
    });
    // A later check starts again.
    await port.check();
    expect(port.status()).toEqual({ state: 'checking' });
    updater.emit('update-available', { version: '2.0.0' });
    updater.emit('error', new Error('sha512 checksum mismatch'));
    expect(port.status()).toMatchObject({
      state: 'error',
      message: 'The update could not be downloaded: sha512 checksum mismatch',
    });
  });

  it('shows a check that rejects without an error event', async () => {
    const { updater, port } = started();
    updater.checkForUpdates.mockRejectedValueOnce(new Error('Cannot find channel "stable.yml"'));
    await port.check();
    await vi.waitFor(() =>
      expect(port.status()).toMatchObject({
        state: 'error',
        message: 'Could not check for updates: Cannot find channel "stable.yml"',
      }),
    );
  });

  it('checks on start and every 4 hours, but not while an update waits for the restart', async () => {
    vi.useFakeTimers();
    const { updater, port } = started();
    port.start();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    updater.emit('update-not-available', { version: '1.0.0' });
    vi.advanceTimersByTime(CHECK_EVERY_MS - 1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    updater.emit('update-available', { version: '1.1.0' });
    updater.emit('update-downloaded', { version: '1.1.0' });
    vi.advanceTimersByTime(CHECK_EVERY_MS * 3);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    port.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reaches the renderer as app.update events, and app.restartToUpdate installs', async () => {
    const { updater, port } = started();
    const core = createCore({
      settings: DEFAULT_SETTINGS,
      apiUrl: 'http://127.0.0.1:1',
      demo: false,
      shell: 'electron',
      version: '1.0.0',
      secrets: createMemorySecretStore(),
      log: silentLogger,
      apiUrlSource: 'environment',
      settingsFiles: { user: null, machine: null },
      updates: port,
    });
    const events: BridgeEvent[] = [];
    core.onEvent((event) => events.push(event));
    expect(await core.dispatch('app.restartToUpdate', undefined)).toMatchObject({
      ok: false,
      error: { status: 409 },
    });
    await core.dispatch('app.checkForUpdates', undefined);
    updater.emit('update-available', { version: '1.2.0' });
    updater.emit('download-progress', { percent: 50 });
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(events).toContainEqual({
      type: 'app.update',
      status: { state: 'downloading', version: '1.2.0', percent: 50 },
    });
    expect(events.at(-1)).toEqual({
      type: 'app.update',
      status: { state: 'ready', version: '1.2.0' },
    });
    expect(await core.dispatch('app.updateStatus', undefined)).toEqual({
      ok: true,
      data: { state: 'ready', version: '1.2.0' },
    });
    expect(await core.dispatch('app.restartToUpdate', undefined)).toEqual({ ok: true, data: null });
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });
});
