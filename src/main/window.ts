import { BrowserWindow, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../shared/csp';
import { APP_HOST, APP_SCHEME } from './appProtocol';

/** The renderer's Content-Security-Policy (src/shared/csp.ts). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export interface MainWindowOptions {
  preloadPath: string;
  bounds: { x?: number; y?: number; width?: number; height?: number };
  devTools: boolean;
  title: string;
}

export function mainWindowOptions(
  options: MainWindowOptions,
): Electron.BrowserWindowConstructorOptions {
  return {
    ...options.bounds,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: options.title,
    backgroundColor: '#f5f5f5',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: options.devTools,
    },
  };
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options));
  window.once('ready-to-show', () => window.show());
  return window;
}

/**
 * Applied to every webContents the app creates: no navigation away from the app in any frame, no
 * new windows and no webviews. Nothing a page does opens a link outside (a target=_blank link, window.open):
 * a link from item data leaves only through the app.openExternal channel, after the user has seen
 * its host (src/main/externalLinks.ts; RELIABILITY.md, checklists 13 to 15).
 */
export function hardenWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  // will-navigate is the main frame's only: every frame, an iframe included, has the same rule.
  contents.on('will-frame-navigate', (details) => {
    if (!isAppUrl(details.url)) details.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Every permission (camera, notifications, geolocation, …) is refused; the console needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Sends the CSP as a header too, so it also covers the dev server's responses. */
export function enforceCsp(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    });
  });
}

/**
 * The app's own page: app://dqc/index.html (any hash or query), or the dev server's origin in
 * development. Used by the navigation guard and the IPC sender check alike. Host and path are
 * compared after parsing, never as string prefixes (a prefix test would let app://dqc.evil in).
 */
export function appUrlMatcher(devServerUrl: string | undefined): (url: string) => boolean {
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : null;
  return (url) => {
    try {
      const parsed = new URL(url);
      if (devOrigin && parsed.origin === devOrigin) return true;
      return (
        parsed.protocol === `${APP_SCHEME}:` &&
        parsed.host.toLowerCase() === APP_HOST &&
        parsed.pathname === '/index.html' &&
        parsed.username === '' &&
        parsed.password === ''
      );
    } catch {
      return false;
    }
  };
}
