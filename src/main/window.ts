import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../shared/csp';

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
 * Applied to every webContents the app creates: no navigation away from the app, no new
 * windows (https links open in the user's browser instead), no webviews.
 */
export function hardenWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (/^https:\/\//i.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
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

/** The app's own pages: the packaged renderer file, or the dev server in development. */
export function appUrlMatcher(
  rendererFile: string,
  devServerUrl: string | undefined,
): (url: string) => boolean {
  const fileUrl = new URL(`file://${rendererFile.replace(/\\/g, '/').replace(/^\/?/, '/')}`);
  return (url) => {
    try {
      const parsed = new URL(url);
      if (devServerUrl && parsed.origin === new URL(devServerUrl).origin) return true;
      return parsed.protocol === 'file:' && parsed.pathname === fileUrl.pathname;
    } catch {
      return false;
    }
  };
}
