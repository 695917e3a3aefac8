import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPDATES_OFF } from '../../../src/main/core/desktop/updater';
import { SessionManager } from '../../../src/main/core/session/sessionManager';
import { YOUNG_GENERATION_FLAGS } from '../../../src/main/core/youngGeneration';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type Envelope } from '../../../src/shared/bridge';

/**
 * The whole glue (src/main/index.ts) started against a fake Electron, with the real electron-log.
 * Electron's binary is not available here, so `electron` is mocked for our code (vi.mock) and
 * for electron-log, which is plain CommonJS outside vitest's module graph, through Node's
 * require cache.
 */
const fake = vi.hoisted(() => {
  const calls: string[] = [];
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  let isReady = false;
  const onReady: (() => void)[] = [];
  // Like Electron: 'ready' listeners run, then whenReady() resolves.
  const ready = () => {
    isReady = true;
    onReady.splice(0).forEach((fn) => fn());
    resolveReady();
  };
  const listeners = new Map<string, unknown[]>();
  const handlers = new Map<string, unknown>();
  const session = () => ({
    setPreloads: vi.fn(),
    getPreloads: vi.fn(() => []),
    registerPreloadScript: vi.fn(),
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
  });
  const windowSession = session();
  const defaultSession = session();
  const windows: BrowserWindow[] = [];
  class BrowserWindow {
    static getAllWindows = () => windows;
    webContents = {
      session: windowSession,
      mainFrame: { url: 'app://dqc/index.html' },
      on: vi.fn(),
      send: vi.fn(),
      getZoomLevel: () => 1.5,
      setZoomLevel: vi.fn(),
      setWindowOpenHandler: vi.fn(),
      isDestroyed: () => false,
      isCrashed: () => false,
    };
    loadURL = vi.fn(async (url: string) => void calls.push(`loadURL ${url}`));
    loadFile = vi.fn(async () => undefined);
    once = vi.fn();
    on = vi.fn();
    maximize = vi.fn();
    getNormalBounds = () => ({ x: 20, y: 30, width: 1300, height: 850 });
    isMaximized = () => false;
    isDestroyed = () => false;
    constructor(public options: unknown) {
      windows.push(this);
    }
  }
  const electron = {
    app: {
      name: 'DQC Console',
      isPackaged: true,
      isReady: () => isReady,
      whenReady: () => readyPromise,
      requestSingleInstanceLock: () => true,
      setAsDefaultProtocolClient: vi.fn(() => true),
      getPath: (name: string) => `${process.env.DQC_TEST_USER_DATA}/${name}`,
      getVersion: () => '0.0.0-test',
      getName: () => 'DQC Console',
      on: vi.fn(),
      once: vi.fn((event: string, fn: () => void) => {
        if (event === 'ready') onReady.push(fn);
      }),
      off: vi.fn(),
      quit: vi.fn(),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => void calls.push('registerSchemesAsPrivileged')),
      handle: vi.fn(() => void calls.push('protocol.handle')),
    },
    ipcMain: {
      on: vi.fn((channel: string, fn: unknown) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
      }),
      handle: vi.fn((channel: string, fn: unknown) => void handlers.set(channel, fn)),
      removeAllListeners: vi.fn((channel: string) => void listeners.delete(channel)),
      removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
    },
    session: { defaultSession },
    webContents: { getAllWebContents: () => [] },
    BrowserWindow,
    Menu: { buildFromTemplate: vi.fn(() => ({})), setApplicationMenu: vi.fn() },
    net: { fetch: vi.fn() },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: vi.fn((plain: string) => Buffer.from(plain)),
      decryptString: vi.fn((data: Buffer) => data.toString()),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    utilityProcess: { fork: vi.fn() },
    dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn(async () => ({ response: 0 })) },
    shell: { openExternal: vi.fn(), openPath: vi.fn(async (_path: string) => '') },
    powerMonitor: { on: vi.fn() },
  };
  // electron-updater's autoUpdater: an emitter whose check the test scripts.
  const updaterListeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const autoUpdater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    logger: null as unknown,
    setFeedURL: vi.fn(),
    quitAndInstall: vi.fn(),
    checkForUpdates: vi.fn(async () => void calls.push('checkForUpdates')),
    on: vi.fn((event: string, fn: (...args: unknown[]) => void) => {
      updaterListeners.set(event, [...(updaterListeners.get(event) ?? []), fn]);
    }),
    emit: (event: string, ...args: unknown[]) =>
      updaterListeners.get(event)?.forEach((fn) => fn(...args)),
  };
  /** Where the mocked machineSettingsPath points (IT's file can't be written to /etc here). */
  const paths = { machine: '' };
  /** What the glue passed to V8's setFlagsFromString. */
  const v8Flags: string[] = [];
  return {
    electron,
    v8Flags,
    autoUpdater,
    paths,
    calls,
    ready,
    listeners,
    handlers,
    windows,
    windowSession,
    defaultSession,
  };
});

vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));
vi.mock('electron-updater', () => ({ autoUpdater: fake.autoUpdater }));
vi.mock('node:v8', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:v8')>()),
  setFlagsFromString: (flags: string) => void fake.v8Flags.push(flags),
}));
vi.mock('../../../src/main/core/settings', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/main/core/settings')>()),
  machineSettingsPath: () => fake.paths.machine,
}));
// No keychain here: keytar answers as it does without a D-Bus session.
vi.mock('keytar', () => {
  const refuse = async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  return { default: { getPassword: refuse, setPassword: refuse, deletePassword: refuse } };
});

const require = createRequire(import.meta.url);
type Spy = ReturnType<typeof vi.spyOn>;
let warn: Spy;
let info: Spy;
let ipcTransport: { level: unknown } | undefined;

let userData = '';
let markStale: Spy;
const FEED = 'https://updates.corp.example/dqc';

beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'dqc-glue-'));
  process.env.DQC_TEST_USER_DATA = userData;
  process.env.DQC_API_URL = 'http://127.0.0.1:9';
  mkdirSync(join(userData, 'userData'));
  // IT's file pins a feed; the user's own file is broken (logged, no dialog).
  fake.paths.machine = join(userData, 'machine-config.json');
  writeFileSync(fake.paths.machine, JSON.stringify({ updateUrl: FEED, updateChannel: 'stable' }));
  writeFileSync(join(userData, 'userData', 'settings.json'), '{ broken');
  writeFileSync(
    join(userData, 'userData', 'window-state.json'),
    JSON.stringify({ x: 10, y: 10, width: 1200, height: 800, maximized: false, zoomLevel: 2 }),
  );
  markStale = vi.spyOn(SessionManager.prototype, 'markStale');
  const electronPath = require.resolve('electron');
  require.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: fake.electron,
  } as unknown as NodeJS.Module;
  // electron-log adds its renderer-mirroring transport only when it sees Electron. A release long
  // out of support (Electron 33 ended 30's support on 2024-10-15), whatever day the test runs.
  Object.defineProperty(process.versions, 'electron', { value: '30.5.1', configurable: true });
  const log = require('electron-log/main') as typeof import('electron-log/main').default;
  ipcTransport = log.transports.ipc;
  log.transports.console.level = false;
  log.transports.file.level = false;
  warn = vi.spyOn(log, 'warn');
  info = vi.spyOn(log, 'info');
  await import('../../../src/main/index');
});
afterAll(() => {
  delete process.env.DQC_API_URL;
  Reflect.deleteProperty(process.versions, 'electron');
});

describe('Electron glue at start-up', () => {
  it("keeps core's young generation small, once, before the app is ready", () => {
    expect(fake.v8Flags).toEqual([YOUNG_GENERATION_FLAGS]);
    expect(fake.windows).toHaveLength(0);
  });

  it('registers the app:// scheme as privileged before the app is ready', () => {
    expect(fake.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(fake.electron.protocol.handle).not.toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
  });

  it("removes electron-log's IPC channel as soon as it is loaded", () => {
    // electron-log registered it (so this test does exercise the real thing)...
    expect(fake.electron.ipcMain.on).toHaveBeenCalledWith('__ELECTRON_LOG__', expect.any(Function));
    // ...and nothing of it is left.
    expect([...fake.listeners.keys()]).toEqual([]);
    expect([...fake.handlers.keys()]).toEqual([]);
    // Nor are main's log lines mirrored to the renderer.
    expect(ipcTransport).toBeDefined();
    expect(ipcTransport!.level).toBe(false);
  });

  it(
    'once ready, serves app:// and loads the page from it, never from file://',
    { timeout: 20_000 },
    async () => {
      fake.ready();
      await vi.waitFor(() => expect(fake.calls).toContain('loadURL app://dqc/index.html'), {
        timeout: 10_000,
      });
      expect(fake.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(
        fake.calls.indexOf('protocol.handle'),
      );
      expect(fake.calls.indexOf('protocol.handle')).toBeLessThan(
        fake.calls.indexOf('loadURL app://dqc/index.html'),
      );
      expect(fake.electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
      expect(fake.windows[0]!.loadFile).not.toHaveBeenCalled();

      const [, handler] = fake.electron.protocol.handle.mock.calls[0] as unknown as [
        string,
        (r: Request) => Promise<Response>,
      ];
      expect((await handler(new Request('app://dqc/..%2fmain%2findex.ts'))).status).toBe(403);
    },
  );

  it('registers only the bridge channel on ipcMain, and no preload but its own', () => {
    expect([...fake.handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL]);
    expect([...fake.listeners.keys()]).toEqual([]);
    for (const session of [fake.windowSession, fake.defaultSession]) {
      expect(session.setPreloads).not.toHaveBeenCalled();
      expect(session.registerPreloadScript).not.toHaveBeenCalled();
    }
    const options = (
      fake.windows[0] as unknown as { options: Electron.BrowserWindowConstructorOptions }
    ).options;
    expect(options.webPreferences?.preload).toMatch(/preload[\\/]index\.js$/);
  });

  it("refuses safeStorage's basic_text backend: the session is kept in memory, with warnings", () => {
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'basic_text'"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('will not be remembered'));
    expect(info).not.toHaveBeenCalledWith('Secrets are kept in: safeStorage');
    expect(fake.electron.safeStorage.encryptString).not.toHaveBeenCalled();
  });

  it('warns in the log and on About when the Electron release is out of support', async () => {
    const text =
      'This console runs on Electron 30.5.1, which has been out of support since 2024-10-15: ' +
      'it gets no security fixes any more. Ask IT for a newer release of DQC Console.';
    expect(warn).toHaveBeenCalledWith(text);
    expect(await invoke('app.info')).toMatchObject({
      ok: true,
      data: {
        desktop: {
          electron: { status: 'out-of-support', version: '30.5.1', endedOn: '2024-10-15' },
        },
      },
    });
  });

  it('denies permissions and sends the CSP on the window session', () => {
    expect(fake.windowSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.windowSession.webRequest.onHeadersReceived).toHaveBeenCalled();
  });
});

/** Calls the bridge as our own window's main frame would. */
async function invoke(channel: string, payload?: unknown): Promise<Envelope<unknown>> {
  const handler = fake.handlers.get(IPC_INVOKE_CHANNEL) as (
    event: unknown,
    channel: string,
    payload: unknown,
  ) => Promise<Envelope<unknown>>;
  const contents = fake.windows.at(-1)!.webContents;
  return handler({ sender: contents, senderFrame: contents.mainFrame }, channel, payload);
}

describe('Electron glue for IT and long shifts', () => {
  it('takes the update feed and channel from the machine-wide file and checks once the page is up', () => {
    expect(fake.autoUpdater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: FEED,
      channel: 'stable',
    });
    expect(fake.autoUpdater.autoDownload).toBe(true);
    expect(fake.autoUpdater.autoInstallOnAppQuit).toBe(true);
    expect(fake.autoUpdater.logger).not.toBeNull();
    expect(fake.calls.indexOf('loadURL app://dqc/index.html')).toBeLessThan(
      fake.calls.indexOf('checkForUpdates'),
    );
  });

  it("sends the updater's progress to the window and installs only when asked", async () => {
    fake.autoUpdater.emit('update-available', { version: '9.9.9' });
    fake.autoUpdater.emit('download-progress', { percent: 40 });
    fake.autoUpdater.emit('update-downloaded', { version: '9.9.9' });
    const send = fake.windows.at(-1)!.webContents.send;
    expect(send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      type: 'app.update',
      status: { state: 'downloading', version: '9.9.9', percent: 40 },
    });
    expect(send).toHaveBeenLastCalledWith(IPC_EVENT_CHANNEL, {
      type: 'app.update',
      status: { state: 'ready', version: '9.9.9' },
    });
    expect(fake.autoUpdater.quitAndInstall).not.toHaveBeenCalled();
    expect(await invoke('app.restartToUpdate')).toEqual({ ok: true, data: null });
    expect(fake.autoUpdater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it("names only IT's file in a dialog: a broken user file is logged", () => {
    expect(fake.electron.dialog.showMessageBox).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/settings\.json is not valid JSON/));
  });

  it('writes the log to the logs folder, and "Open logs folder" opens it', async () => {
    const logs = join(userData, 'logs');
    expect(existsSync(join(logs, 'main.log'))).toBe(true);
    const info = (await invoke('app.info')) as Envelope<{ desktop: { logFolder: string } }>;
    expect(info.ok && info.data.desktop.logFolder).toBe(logs);
    expect(await invoke('app.openLogFolder')).toEqual({ ok: true, data: null });
    expect(fake.electron.shell.openPath).toHaveBeenCalledWith(logs);
    // openPath resolves with an error string rather than rejecting.
    fake.electron.shell.openPath.mockResolvedValueOnce('Failed to open path');
    expect(await invoke('app.openLogFolder')).toMatchObject({
      ok: false,
      error: { status: 500, message: expect.stringContaining('Failed to open path') },
    });
  });

  it('opens a link in the system browser only through app.openExternal, and only https', async () => {
    const { openExternal } = fake.electron.shell;
    expect(await invoke('app.openExternal', { url: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { status: 400, code: 'LINK_REFUSED' },
    });
    expect(openExternal).not.toHaveBeenCalled();
    expect(await invoke('app.openExternal', { url: 'https://x.com/a/status/1' })).toEqual({
      ok: true,
      data: { openIn: 'system', url: 'https://x.com/a/status/1' },
    });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://x.com/a/status/1');
  });

  it('marks the session stale after resume and unlock (not the macOS-only event on Linux)', () => {
    const events = fake.electron.powerMonitor.on.mock.calls.map(([event]) => event as string);
    expect(events.sort()).toEqual(['resume', 'unlock-screen']);
    for (const [, handler] of fake.electron.powerMonitor.on.mock.calls) (handler as () => void)();
    expect(markStale).toHaveBeenCalledTimes(2);
  });

  it('puts the remembered zoom back on load and saves it with the window state', () => {
    const window = fake.windows.at(-1)! as unknown as {
      webContents: { on: ReturnType<typeof vi.fn>; setZoomLevel: ReturnType<typeof vi.fn> };
      on: ReturnType<typeof vi.fn>;
    };
    const loaded = window.webContents.on.mock.calls.find(([event]) => event === 'did-finish-load');
    (loaded![1] as () => void)();
    expect(window.webContents.setZoomLevel).toHaveBeenCalledWith(2);
    const close = window.on.mock.calls.find(([event]) => event === 'close');
    (close![1] as () => void)();
    const saved = JSON.parse(
      readFileSync(join(userData, 'userData', 'window-state.json'), 'utf8'),
    ) as unknown;
    expect(saved).toEqual({
      x: 20,
      y: 30,
      width: 1300,
      height: 850,
      maximized: false,
      zoomLevel: 1.5,
    });
  });

  it(
    'an invalid machine-wide file is named in a dialog with its reason, and updates are off',
    { timeout: 20_000 },
    async () => {
      writeFileSync(fake.paths.machine, JSON.stringify({ updateUrl: 'http://updates.example' }));
      fake.autoUpdater.setFeedURL.mockClear();
      fake.calls.length = 0;
      vi.resetModules();
      await import('../../../src/main/index');
      await vi.waitFor(() => expect(fake.calls).toContain('loadURL app://dqc/index.html'), {
        timeout: 10_000,
      });
      expect(fake.electron.dialog.showMessageBox).toHaveBeenCalledOnce();
      const [options] = fake.electron.dialog.showMessageBox.mock.calls[0] as unknown as [
        { type: string; message: string; detail: string },
      ];
      expect(options.type).toBe('warning');
      expect(options.message).toBe('Some settings of the machine-wide file are ignored');
      expect(options.detail).toContain(fake.paths.machine);
      expect(options.detail).toMatch(/updateUrl: http:\/\/ is allowed only for a loopback host/);
      // The app started all the same, with updates off and saying why.
      expect(fake.autoUpdater.setFeedURL).not.toHaveBeenCalled();
      expect(await invoke('app.updateStatus')).toEqual({
        ok: true,
        data: { state: 'off', reason: UPDATES_OFF.machineFileInvalid },
      });
    },
  );
});

describe('Electron glue at quit', () => {
  it("holds the first quit until the user's queue claims are given back, then quits; a second quit passes", async () => {
    const beforeQuit = fake.electron.app.on.mock.calls.find(([event]) => event === 'before-quit');
    expect(beforeQuit).toBeDefined();
    const handler = beforeQuit![1] as (event: { preventDefault(): void }) => void;
    fake.electron.app.quit.mockClear();
    const first = { preventDefault: vi.fn() };
    handler(first);
    // Held: the release (signed out here, so it asks nothing) runs first, and then the quit.
    expect(first.preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(fake.electron.app.quit).toHaveBeenCalledOnce());
    // That quit comes back through before-quit, which now lets it through.
    const second = { preventDefault: vi.fn() };
    handler(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(fake.electron.app.quit).toHaveBeenCalledOnce();
  });
});
