import type { IpcMain } from 'electron';
import type { MainLogger } from 'electron-log';

/** electron-log 5's own channel (node_modules/electron-log/src/main/index.js). */
export const ELECTRON_LOG_IPC_CHANNEL = '__ELECTRON_LOG__';

/**
 * electron-log in the main process only. Importing `electron-log/main` already registers an
 * `ipcMain.on` and an `ipcMain.handle` on its channel, and `log.initialize()` would add a preload
 * of its own to every session: together a second bridge that any frame could write to, outside
 * the sender check of ./ipc.ts. So initialize is never called, both listeners are removed, and
 * main's log lines are not mirrored to the renderer (the `ipc` transport) either. The renderer
 * needs none of it: its errors reach main through the bridge's answers.
 */
export function keepLogsInMain(
  log: Pick<MainLogger, 'transports'>,
  ipcMain: Pick<IpcMain, 'removeAllListeners' | 'removeHandler'>,
): void {
  ipcMain.removeAllListeners(ELECTRON_LOG_IPC_CHANNEL);
  ipcMain.removeHandler(ELECTRON_LOG_IPC_CHANNEL);
  // electron-log creates this transport only under Electron (process.versions.electron).
  const mirror: MainLogger['transports']['ipc'] | undefined = log.transports.ipc;
  if (mirror) mirror.level = false;
}
