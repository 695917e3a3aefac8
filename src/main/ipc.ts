import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC_INVOKE_CHANNEL, type Envelope } from '../shared/bridge';
import type { Dispatch } from './core/bridge/dispatcher';
import type { Logger } from './core/log';

/**
 * Only our own window's main frame, showing our own app URL, may call the bridge. Anything else
 * (a subframe, another webContents, a page that navigated away) is refused here, in one place.
 */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  window: BrowserWindow | null,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!window || window.isDestroyed()) return false;
  const frame = event.senderFrame;
  if (!frame || event.sender !== window.webContents) return false;
  if (frame !== window.webContents.mainFrame) return false;
  return isAppUrl(frame.url);
}

export function registerBridgeIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  getWindow: () => BrowserWindow | null,
  isAppUrl: (url: string) => boolean,
  dispatch: Dispatch,
  log: Logger,
): void {
  ipcMain.handle(
    IPC_INVOKE_CHANNEL,
    async (event, channel: unknown, payload: unknown): Promise<Envelope<unknown>> => {
      if (!isTrustedSender(event, getWindow(), isAppUrl)) {
        log.warn(
          'Bridge call refused from an untrusted sender:',
          event.senderFrame?.url ?? '(no frame)',
        );
        return {
          ok: false,
          error: {
            status: 403,
            code: 'FORBIDDEN_SENDER',
            message: 'This sender may not use the bridge.',
          },
        };
      }
      return dispatch(channel, payload);
    },
  );
}
