import { redactLogCall } from './logRedaction';

/** The logging the core needs; Electron passes electron-log, browser mode the console. */
export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /**
   * The most verbose level: whole HTTP exchanges and errors, secrets included, for the redaction
   * of the log's writer to remove (src/main/core/logRedaction.ts). Off unless asked for.
   */
  debug?(...args: unknown[]): void;
}

/** Browser mode's log: the console, through the same redaction as the desktop log file. */
export const consoleLogger: Logger = {
  info: (...args) => console.log('[dqc]', redactLogCall(args)),
  warn: (...args) => console.warn('[dqc]', redactLogCall(args)),
  error: (...args) => console.error('[dqc]', redactLogCall(args)),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
