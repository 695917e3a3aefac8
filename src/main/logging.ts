import type { IpcMain } from 'electron';
import type { LevelOption, LogMessage, MainLogger, NodeLogger } from 'electron-log';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BridgeFailure } from './core/bridgeFailure';
import { redactLogCall } from './core/logRedaction';
import { LOG_ARCHIVES, LOG_MAX_BYTES, rotateLogFiles } from './core/logRotation';

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

export const LOG_FILE_NAME = 'main.log';

const LEVELS = ['error', 'warn', 'info', 'verbose', 'debug', 'silly'] as const;

/** DQC_LOG_LEVEL picks the file's level; 'info' unless asked (debug writes whole exchanges). */
export function logLevelFrom(value: string | undefined): LevelOption {
  const wanted = value?.trim().toLowerCase();
  return LEVELS.find((level) => level === wanted) ?? 'info';
}

/** electron-log runs the hooks once per transport on the same message: format it once. */
const redactedLines = new WeakMap<readonly unknown[], string>();

/**
 * Every transport's message passes through here first: its arguments come out as the one line
 * they print as, redacted (src/main/core/logRedaction.ts), so no transport formats a raw value.
 */
export function redactingHook(message: LogMessage): LogMessage {
  let line = redactedLines.get(message.data);
  if (line === undefined) {
    line = redactLogCall(message.data);
    redactedLines.set(message.data, line);
  }
  return { ...message, data: [line] };
}

/**
 * The log file: `<folder>/main.log`, rotated at 5 MB into main.1.log … main.5.log, every line
 * redacted. The hook goes first so no other hook or transport sees a secret.
 */
export function configureLogFile(
  log: Pick<NodeLogger, 'transports' | 'hooks'>,
  options: { folder: string; level: LevelOption },
): string {
  const path = join(options.folder, LOG_FILE_NAME);
  const file = log.transports.file;
  file.resolvePathFn = () => path;
  file.level = options.level;
  file.maxSize = LOG_MAX_BYTES;
  file.archiveLogFn = (old) => {
    try {
      rotateLogFiles(old.path, LOG_ARCHIVES);
    } catch {
      // As electron-log does when it cannot rename: start the file again rather than grow it.
      old.clear();
    }
  };
  log.hooks.unshift(redactingHook);
  return path;
}

/**
 * The log folder for the About screen's "Open logs folder". shell.openPath does not reject: it
 * resolves with an error string ('' on success), which becomes the bridge's answer here.
 */
export function logFolderPort(
  path: string,
  openPath: (path: string) => Promise<string>,
): { path: string; open(): Promise<void> } {
  return {
    path,
    async open() {
      // A folder nothing has been written to yet may not exist; the file manager needs it to.
      mkdirSync(path, { recursive: true });
      const error = await openPath(path);
      if (error)
        throw new BridgeFailure(
          500,
          'OPEN_FAILED',
          `The log folder ${path} could not be opened: ${error}`,
        );
    },
  };
}
