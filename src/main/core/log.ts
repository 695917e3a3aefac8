/** The logging the core needs; Electron passes electron-log, browser mode the console. */
export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export const consoleLogger: Logger = {
  info: (...args) => console.log('[dqc]', ...args),
  warn: (...args) => console.warn('[dqc]', ...args),
  error: (...args) => console.error('[dqc]', ...args),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
