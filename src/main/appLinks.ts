import type { App, BrowserWindow } from 'electron';
import { APP_LINK_SCHEME, appLinkInArgv, appLinkTarget } from '../shared/appLink';
import { IPC_EVENT_CHANNEL, type BridgeEvent } from '../shared/bridge';
import type { Logger } from './core/log';

/**
 * dqc-console:// links (DESIGN.md, Links into the app): the OS hands a link to the app by
 * `open-url` (macOS, also before the app is ready when the link launched it), in a second
 * instance's arguments (Windows and Linux: the running app gets `second-instance`, the new one
 * quits) or in the first launch's arguments. Each is checked (shared/appLink.ts) and the screen it
 * names is opened in the window, which comes to the front. The link itself is never logged: it is
 * text from outside.
 */

export interface AppLinks {
  /**
   * The screen the launch's own link names, taken once: the first window opens there rather
   * than being told after it loaded (its screens are not listening yet).
   */
  takeLaunchTarget(): string | null;
}

export function registerAppLinks(options: {
  app: Pick<App, 'on' | 'setAsDefaultProtocolClient'>;
  argv: readonly string[];
  getWindow(): BrowserWindow | null;
  /** Packaged builds only: in development it would make the bare Electron binary the handler. */
  registerWithOs: boolean;
  log: Logger;
}): AppLinks {
  const { app, getWindow, log } = options;
  let launchTarget = targetOf(options.argv, log);

  if (options.registerWithOs) registerWithOs(app, log);

  const open = (target: string | null) => {
    if (target === null) return;
    const window = getWindow();
    // Before the first window (macOS launching the app for a link): it opens there.
    if (!window || window.isDestroyed()) {
      launchTarget = target;
      return;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    const event: BridgeEvent = { type: 'app.openLink', path: target };
    const send = () => window.webContents.send(IPC_EVENT_CHANNEL, event);
    if (window.webContents.isLoading()) window.webContents.once('did-finish-load', send);
    else send();
  };

  app.on('open-url', (event, url) => {
    event.preventDefault();
    open(checked(url, log));
  });
  app.on('second-instance', (_event, argv) => {
    // Whatever else it carried, a second launch brings the running window to the front.
    const window = getWindow();
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
    open(targetOf(argv, log));
  });

  return {
    takeLaunchTarget() {
      const target = launchTarget;
      launchTarget = null;
      return target;
    },
  };
}

/** Links are a convenience: a system that refuses the registration never stops the app. */
function registerWithOs(app: Pick<App, 'setAsDefaultProtocolClient'>, log: Logger): void {
  let registered = false;
  try {
    registered = app.setAsDefaultProtocolClient(APP_LINK_SCHEME);
  } catch (error) {
    log.warn('Registering the link scheme failed:', error);
  }
  if (!registered)
    log.warn(`The system did not make DQC Console the handler of ${APP_LINK_SCHEME}:// links.`);
}

function targetOf(argv: readonly string[], log: Logger): string | null {
  const link = appLinkInArgv(argv);
  return link === null ? null : checked(link, log);
}

function checked(link: string, log: Logger): string | null {
  const target = appLinkTarget(link);
  if (target === null) log.warn('A dqc-console link was refused: it names none of its screens.');
  return target;
}
