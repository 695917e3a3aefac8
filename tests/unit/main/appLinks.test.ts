import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { registerAppLinks } from '../../../src/main/appLinks';
import { IPC_EVENT_CHANNEL } from '../../../src/shared/bridge';
import type { App, BrowserWindow } from 'electron';

/** The link glue against a fake of Electron's app and window (no Electron binary here). */

function fakeApp(registers = true) {
  const app = Object.assign(new EventEmitter(), {
    setAsDefaultProtocolClient: vi.fn(() => registers),
  });
  return app;
}

function fakeWindow({ minimized = false, loading = false } = {}) {
  const contents = Object.assign(new EventEmitter(), {
    send: vi.fn(),
    isLoading: vi.fn(() => loading),
  });
  const window = {
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    webContents: contents,
  };
  return window;
}

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

function setUp(options: { argv?: string[]; window?: ReturnType<typeof fakeWindow> | null } = {}) {
  const app = fakeApp();
  let window: ReturnType<typeof fakeWindow> | null = options.window ?? null;
  const logger = log();
  const links = registerAppLinks({
    app: app as unknown as App,
    argv: options.argv ?? ['/opt/DQC Console/dqc-console'],
    getWindow: () => window as unknown as BrowserWindow | null,
    registerWithOs: true,
    log: logger,
  });
  return {
    app,
    links,
    logger,
    setWindow: (w: ReturnType<typeof fakeWindow>) => (window = w),
  };
}

describe('dqc-console:// links in the desktop app', () => {
  it('registers the scheme with the system, and says so when the system refuses', () => {
    const { app } = setUp();
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('dqc-console');
    const refusing = fakeApp(false);
    const logger = log();
    registerAppLinks({
      app: refusing as unknown as App,
      argv: [],
      getWindow: () => null,
      registerWithOs: true,
      log: logger,
    });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('does not register in development (it would name the bare Electron binary)', () => {
    const app = fakeApp();
    registerAppLinks({
      app: app as unknown as App,
      argv: [],
      getWindow: () => null,
      registerWithOs: false,
      log: log(),
    });
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
  });

  it('opens the first launch link as the first window screen, once', () => {
    const { links } = setUp({
      argv: ['/opt/dqc', 'dqc-console://open/market/get-markets?contains=btc&token=x'],
    });
    expect(links.takeLaunchTarget()).toBe('/market/get-markets?contains=btc');
    expect(links.takeLaunchTarget()).toBeNull();
  });

  it('refuses a first launch link to no screen, without logging the link', () => {
    const { links, logger } = setUp({ argv: ['/opt/dqc', 'dqc-console://open/evil?secret=s3'] });
    expect(links.takeLaunchTarget()).toBeNull();
    expect(logger.warn).toHaveBeenCalled();
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain('s3');
  });

  it('macOS open-url before the window: the first window opens there', () => {
    const { app, links } = setUp();
    const event = { preventDefault: vi.fn() };
    app.emit('open-url', event, 'dqc-console://open/journal');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(links.takeLaunchTarget()).toBe('/journal');
  });

  it('macOS open-url while running: the window comes to the front and opens the screen', () => {
    const window = fakeWindow({ minimized: true });
    const { app } = setUp({ window });
    app.emit('open-url', { preventDefault: vi.fn() }, 'dqc-console://open/filter?contains=eth');
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      type: 'app.openLink',
      path: '/filter?contains=eth',
    });
  });

  it('a second instance brings the window forward and hands over its link', () => {
    const window = fakeWindow();
    const { app } = setUp({ window });
    app.emit('second-instance', {}, [
      'C:\\DQC\\DQC Console.exe',
      '--allow-file-access-from-files',
      'dqc-console://open/keyword/get-keywords?secret=abc',
    ]);
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      type: 'app.openLink',
      path: '/keyword/get-keywords',
    });
  });

  it('a second instance without a link only brings the window forward', () => {
    const window = fakeWindow({ minimized: true });
    const { app } = setUp({ window });
    app.emit('second-instance', {}, ['/opt/dqc']);
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).not.toHaveBeenCalled();
  });

  it('a foreign link sends nothing', () => {
    const window = fakeWindow();
    const { app } = setUp({ window });
    app.emit('open-url', { preventDefault: vi.fn() }, 'dqc-console://open/file:///etc/passwd');
    app.emit('second-instance', {}, ['x', 'dqc-console://elsewhere/filter']);
    expect(window.webContents.send).not.toHaveBeenCalled();
  });

  it('waits for a page still loading before telling it', () => {
    const window = fakeWindow({ loading: true });
    const { app } = setUp({ window });
    app.emit('open-url', { preventDefault: vi.fn() }, 'dqc-console://open/about');
    expect(window.webContents.send).not.toHaveBeenCalled();
    window.webContents.emit('did-finish-load');
    expect(window.webContents.send).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, {
      type: 'app.openLink',
      path: '/about',
    });
  });
});
