import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_INVOKE_CHANNEL } from '../../../src/shared/bridge';

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
  const windows: { loadURL: ReturnType<typeof vi.fn>; loadFile: ReturnType<typeof vi.fn> }[] = [];
  class BrowserWindow {
    static getAllWindows = () => windows;
    webContents = {
      session: windowSession,
      mainFrame: { url: '' },
      on: vi.fn(),
      send: vi.fn(),
      setWindowOpenHandler: vi.fn(),
      isDestroyed: () => false,
      isCrashed: () => false,
    };
    loadURL = vi.fn(async (url: string) => void calls.push(`loadURL ${url}`));
    loadFile = vi.fn(async () => undefined);
    once = vi.fn();
    on = vi.fn();
    maximize = vi.fn();
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
    dialog: { showErrorBox: vi.fn() },
    shell: { openExternal: vi.fn() },
  };
  return {
    electron,
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

beforeAll(async () => {
  process.env.DQC_TEST_USER_DATA = mkdtempSync(join(tmpdir(), 'dqc-glue-'));
  process.env.DQC_API_URL = 'http://127.0.0.1:9';
  const electronPath = require.resolve('electron');
  require.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: fake.electron,
  } as unknown as NodeJS.Module;
  // electron-log adds its renderer-mirroring transport only when it sees Electron.
  Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true });
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

  it('denies permissions and sends the CSP on the window session', () => {
    expect(fake.windowSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.windowSession.webRequest.onHeadersReceived).toHaveBeenCalled();
  });
});
