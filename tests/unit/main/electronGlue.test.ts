import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary is not available here; the glue is tested against a mock of its API.
const { openExternal } = vi.hoisted(() => ({ openExternal: vi.fn() }));
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class BrowserWindow extends Emitter {
    static instances: BrowserWindow[] = [];
    options: unknown;
    constructor(options: unknown) {
      super();
      this.options = options;
      BrowserWindow.instances.push(this);
    }
  }
  return { BrowserWindow, shell: { openExternal } };
});

import { shell } from 'electron';
import { IPC_INVOKE_CHANNEL } from '../../../src/shared/bridge';
import { createCore } from '../../../src/main/core/createCore';
import { createMemorySecretStore } from '../../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../../src/main/core/settings';
import { systemBrowserLinks } from '../../../src/main/externalLinks';
import { isTrustedSender, registerBridgeIpc } from '../../../src/main/ipc';
import { menuTemplate } from '../../../src/main/menu';
import {
  appUrlMatcher,
  CONTENT_SECURITY_POLICY,
  denyAllPermissions,
  enforceCsp,
  hardenWebContents,
  mainWindowOptions,
} from '../../../src/main/window';
import { silentLogger } from '../../../src/main/core/log';
import type { BrowserWindow, IpcMain, Session, WebContents } from 'electron';

const isAppUrl = appUrlMatcher(undefined);

function fakeWindow() {
  const mainFrame = { url: 'app://dqc/index.html#/filter' };
  const webContents = { mainFrame };
  return {
    window: { isDestroyed: () => false, webContents } as unknown as BrowserWindow,
    webContents,
    mainFrame,
  };
}

describe('IPC sender check', () => {
  it('accepts our own window main frame on our own page', () => {
    const { window, webContents, mainFrame } = fakeWindow();
    expect(
      isTrustedSender({ sender: webContents, senderFrame: mainFrame } as never, window, isAppUrl),
    ).toBe(true);
  });

  it('refuses a subframe of our window', () => {
    const { window, webContents } = fakeWindow();
    const sub = { url: 'app://dqc/index.html' };
    expect(
      isTrustedSender({ sender: webContents, senderFrame: sub } as never, window, isAppUrl),
    ).toBe(false);
  });

  it('refuses another webContents', () => {
    const { window, mainFrame } = fakeWindow();
    expect(isTrustedSender({ sender: {}, senderFrame: mainFrame } as never, window, isAppUrl)).toBe(
      false,
    );
  });

  it('refuses our main frame showing a file:// page', () => {
    const { window, webContents, mainFrame } = fakeWindow();
    mainFrame.url = 'file:///app/out/renderer/index.html';
    expect(
      isTrustedSender({ sender: webContents, senderFrame: mainFrame } as never, window, isAppUrl),
    ).toBe(false);
  });

  it('refuses our main frame once it shows a foreign page', () => {
    const { window, webContents, mainFrame } = fakeWindow();
    mainFrame.url = 'https://evil.example/';
    expect(
      isTrustedSender({ sender: webContents, senderFrame: mainFrame } as never, window, isAppUrl),
    ).toBe(false);
  });

  it('refuses when the window is gone', () => {
    const { webContents, mainFrame } = fakeWindow();
    expect(
      isTrustedSender({ sender: webContents, senderFrame: mainFrame } as never, null, isAppUrl),
    ).toBe(false);
  });

  it('registers one handler that dispatches trusted calls and answers others with 403', async () => {
    const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    const ipcMain = {
      handle: (channel: string, fn: never) => handlers.set(channel, fn),
    } as unknown as IpcMain;
    const dispatch = vi.fn(async () => ({ ok: true as const, data: 'yes' }));
    const { window, webContents, mainFrame } = fakeWindow();
    registerBridgeIpc(ipcMain, () => window, isAppUrl, dispatch, silentLogger);
    expect([...handlers.keys()]).toEqual([IPC_INVOKE_CHANNEL]);
    const handler = handlers.get(IPC_INVOKE_CHANNEL)!;

    await expect(
      handler({ sender: webContents, senderFrame: mainFrame }, 'app.info', undefined),
    ).resolves.toEqual({ ok: true, data: 'yes' });
    expect(dispatch).toHaveBeenCalledWith('app.info', undefined);

    const refused = await handler(
      { sender: {}, senderFrame: { url: 'https://evil.example/' } },
      'session.signOut',
      undefined,
    );
    expect(refused).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER' } });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });
});

describe('window settings', () => {
  const options = mainWindowOptions({
    preloadPath: '/p.js',
    bounds: { width: 1200, height: 800 },
    devTools: false,
    title: 'DQC Console',
  });

  it('isolates the renderer', () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/p.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('enables no experimental or Blink features and no insecure content', () => {
    const prefs = options.webPreferences as Record<string, unknown>;
    expect(prefs.experimentalFeatures).toBeUndefined();
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webSecurity).toBe(true);
  });

  it('keeps the remembered size', () => {
    expect(options).toMatchObject({ width: 1200, height: 800 });
  });
});

describe('webContents hardening', () => {
  let contents: EventEmitter & { setWindowOpenHandler: ReturnType<typeof vi.fn> };
  beforeEach(() => {
    contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    hardenWebContents(contents as unknown as WebContents, isAppUrl);
  });

  it('prevents navigation away from the app', () => {
    const event = { preventDefault: vi.fn() };
    contents.emit('will-navigate', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('allows navigation within the app', () => {
    const event = { preventDefault: vi.fn() };
    contents.emit('will-navigate', event, 'app://dqc/index.html#/market');
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('prevents navigation to file:// pages, even the renderer file itself', () => {
    const event = { preventDefault: vi.fn() };
    contents.emit('will-navigate', event, 'file:///app/out/renderer/index.html');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('limits the navigation of every frame, subframes included, by the same rule', () => {
    const cases: [string, boolean, boolean][] = [
      ['https://evil.example/', false, true],
      ['file:///app/out/renderer/index.html', false, true],
      ['app://dqc.evil/index.html', false, true],
      ['https://evil.example/', true, true],
      ['app://dqc/index.html#/market', false, false],
      ['app://dqc/index.html', true, false],
    ];
    for (const [url, isMainFrame, prevented] of cases) {
      const details = { url, isMainFrame, isSameDocument: false, preventDefault: vi.fn() };
      contents.emit('will-frame-navigate', details);
      expect(details.preventDefault.mock.calls.length > 0, `${url} main=${isMainFrame}`).toBe(
        prevented,
      );
    }
  });

  it('prevents redirects and webviews', () => {
    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect, 'http://127.0.0.1:9/');
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(redirect.preventDefault).toHaveBeenCalled();
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every new window and opens nothing outside, https links included', () => {
    const handler = contents.setWindowOpenHandler.mock.calls[0]![0] as (d: { url: string }) => {
      action: string;
    };
    for (const url of [
      'https://docs.example/',
      'http://docs.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-settings:',
      'app://dqc/index.html',
    ])
      expect(handler({ url }), url).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('keeps the page on the app when a link is followed in place', () => {
    for (const url of ['https://x.com/a/status/1', 'javascript:alert(1)', 'ms-settings:']) {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault, url).toHaveBeenCalled();
    }
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('links out through app.openExternal', () => {
  beforeEach(() => openExternal.mockReset());

  function desktopCore() {
    return createCore({
      settings: DEFAULT_SETTINGS,
      apiUrl: 'http://127.0.0.1:1',
      demo: false,
      shell: 'electron',
      version: '1.0.0',
      secrets: createMemorySecretStore(),
      log: silentLogger,
      apiUrlSource: 'environment',
      settingsFiles: { user: null, machine: null },
      links: systemBrowserLinks(shell),
    });
  }

  it('hands an https link to the system browser, as the parser wrote it', async () => {
    const core = desktopCore();
    await expect(
      core.dispatch('app.openExternal', { url: 'https://x.com/reviewer/status/1 ' }),
    ).resolves.toEqual({
      ok: true,
      data: { openIn: 'system', url: 'https://x.com/reviewer/status/1' },
    });
    await core.dispatch('app.openExternal', { url: 'https://good.com@evil.com/a b' });
    expect(openExternal.mock.calls).toEqual([
      ['https://x.com/reviewer/status/1'],
      ['https://good.com@evil.com/a%20b'],
    ]);
  });

  it('refuses every other scheme with 400 and opens nothing', async () => {
    const core = desktopCore();
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<b>x</b>',
      'http://example.com/',
      'ms-settings:',
      'dqc-console://filter',
      'smb://server/share',
      'not a url',
    ])
      await expect(core.dispatch('app.openExternal', { url }), url).resolves.toMatchObject({
        ok: false,
        error: { status: 400, code: 'LINK_REFUSED' },
      });
    await expect(
      core.dispatch('app.openExternal', { href: 'https://x.com' }),
    ).resolves.toMatchObject({ ok: false, error: { status: 400, code: 'INVALID_PAYLOAD' } });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('checks again in the glue, whoever calls it', async () => {
    const links = systemBrowserLinks(shell);
    await expect(links.open('file:///etc/passwd')).rejects.toThrow(
      'Only https:// links open from the console.',
    );
    await expect(links.open('javascript:alert(1)')).rejects.toThrow();
    expect(openExternal).not.toHaveBeenCalled();
    await links.open('https://x.com/');
    expect(openExternal).toHaveBeenCalledWith('https://x.com/');
  });
});

describe('session policies', () => {
  it('denies every permission request and check', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    denyAllPermissions(session as unknown as Session);
    const callback = vi.fn();
    session.setPermissionRequestHandler.mock.calls[0]![0]({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(session.setPermissionCheckHandler.mock.calls[0]![0]()).toBe(false);
  });

  it('adds the strict CSP to every response', () => {
    const session = { webRequest: { onHeadersReceived: vi.fn() } };
    enforceCsp(session as unknown as Session);
    const callback = vi.fn();
    session.webRequest.onHeadersReceived.mock.calls[0]![0](
      { responseHeaders: { A: ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { A: ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });
});

describe('app URL matcher', () => {
  it('accepts the app:// page with any hash or query, and nothing else', () => {
    const packaged = appUrlMatcher(undefined);
    for (const url of [
      'app://dqc/index.html',
      'app://dqc/index.html#/filter',
      'app://dqc/index.html?x=1#/market',
      'app://DQC/index.html',
    ])
      expect(packaged(url), url).toBe(true);
    for (const url of [
      'file:///app/out/renderer/index.html',
      'app://dqc/assets/index.js',
      'app://dqc/',
      'app://dqc.evil/index.html',
      'app://evil/index.html',
      'app://dqc:1/index.html',
      'app://evil@dqc/index.html',
      'https://dqc/index.html',
      'http://localhost:5173/',
      'not a url',
    ])
      expect(packaged(url), url).toBe(false);
  });

  it('accepts the dev server origin in development only', () => {
    const dev = appUrlMatcher('http://localhost:5173');
    expect(dev('http://localhost:5173/#/filter')).toBe(true);
    expect(dev('app://dqc/index.html')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('http://localhost.evil:5173/')).toBe(false);
  });
});

describe('application menu', () => {
  it('has Sign out and Reload that call their actions', () => {
    const actions = { signOut: vi.fn(), reload: vi.fn(), devTools: false, isMac: false };
    const template = menuTemplate(actions);
    const items = template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []));
    const signOut = items.find((i) => i.label === 'Sign out')!;
    const reload = items.find((i) => i.label === 'Reload')!;
    (signOut.click as () => void)();
    (reload.click as () => void)();
    expect(actions.signOut).toHaveBeenCalledOnce();
    expect(actions.reload).toHaveBeenCalledOnce();
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false);
  });

  it('zooms in, out and back with Ctrl/Cmd and +, =, - and 0', () => {
    const template = menuTemplate({ signOut() {}, reload() {}, devTools: false, isMac: false });
    const view = template.find((m) => m.label === 'View')!
      .submenu as Electron.MenuItemConstructorOptions[];
    const zoom = view
      .filter((i) => i.role && /zoom/i.test(i.role))
      .map((i) => [i.role, i.accelerator, i.visible ?? true]);
    expect(zoom).toEqual([
      ['resetZoom', 'CmdOrCtrl+0', true],
      ['zoomIn', 'CmdOrCtrl+Plus', true],
      // A hidden twin, so Ctrl+= (no Shift) zooms in too; macOS needs the flag to honour it.
      ['zoomIn', 'CmdOrCtrl+=', false],
      ['zoomOut', 'CmdOrCtrl+-', true],
    ]);
    expect(view.find((i) => i.accelerator === 'CmdOrCtrl+=')!.acceleratorWorksWhenHidden).toBe(
      true,
    );
  });

  it('offers DevTools only in development', () => {
    const template = menuTemplate({ signOut() {}, reload() {}, devTools: true, isMac: false });
    const items = template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []));
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });
});
