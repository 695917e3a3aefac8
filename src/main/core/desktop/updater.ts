import type { UpdateStatus } from '../../../shared/desktop';
import { MESSAGES } from '../../../shared/messages';
import type { Logger } from '../log';
import type { SettingsReport } from '../settings';
import { noUpdates, type UpdatesPort } from './desktopPorts';
import type { SigningFacts } from './updateSigning';

/**
 * The part of electron-updater's `autoUpdater` the app drives; tests pass a fake. One overload per
 * event, as electron-updater names them, so the real object fits without a cast.
 */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export const UPDATES_OFF = {
  byIt: 'Updates are turned off by IT (machine-wide settings).',
  bySettings: 'Updates are turned off in the settings.',
  machineFileInvalid:
    'Updates are off: the machine-wide settings file is invalid, so what IT wants is not known.',
  development: 'Development build: no updates.',
  noFeed: 'No update feed is configured (updateUrl).',
  unsigned: MESSAGES.updatesUnsigned,
  linuxFeedNotPinned: MESSAGES.updatesLinuxFeedNotPinned,
} as const;

export type UpdatePlan =
  | { on: true; url: string; channel: string }
  | { on: false; reason: (typeof UPDATES_OFF)[keyof typeof UPDATES_OFF] };

/**
 * Whether the build's signature lets an update be checked before it installs (updateSigning.ts):
 * Windows needs a publisher in app-update.yml, macOS a Developer ID signature. Linux has nothing
 * to check; there only IT's own feed is trusted (see updatePlan).
 */
function signatureGap(signing: SigningFacts): UpdatePlan | null {
  switch (signing.platform) {
    case 'win32':
      return signing.publisherNames.length > 0 ? null : { on: false, reason: UPDATES_OFF.unsigned };
    case 'darwin':
      return signing.developerId ? null : { on: false, reason: UPDATES_OFF.unsigned };
    case 'linux':
      return null;
    case 'other':
      return { on: false, reason: UPDATES_OFF.unsigned };
  }
}

/**
 * Whether this start updates, and from where. Updates fail closed: an invalid machine-wide file
 * turns them off rather than letting defaults or the user's own feed apply (it may have been IT's
 * `updates: false`), and so does a build that could not check what it installs: an unsigned one,
 * or on Linux a feed that IT's machine-wide file does not set to an https:// address (a user's
 * file or the environment could otherwise point the app at any installer).
 */
export function updatePlan(
  report: Pick<SettingsReport, 'settings' | 'sourceOf' | 'problems'>,
  build: { packaged: boolean; machineFile: string | null; signing: SigningFacts },
): UpdatePlan {
  const { settings, sourceOf, problems } = report;
  if (!build.packaged) return { on: false, reason: UPDATES_OFF.development };
  if (build.machineFile && problems.some((p) => p.file === build.machineFile))
    return { on: false, reason: UPDATES_OFF.machineFileInvalid };
  if (!settings.updates)
    return {
      on: false,
      reason: sourceOf.updates === 'machine-wide file' ? UPDATES_OFF.byIt : UPDATES_OFF.bySettings,
    };
  const gap = signatureGap(build.signing);
  if (gap) return gap;
  if (!settings.updateUrl) return { on: false, reason: UPDATES_OFF.noFeed };
  if (
    build.signing.platform === 'linux' &&
    (sourceOf.updateUrl !== 'machine-wide file' || !/^https:\/\//i.test(settings.updateUrl))
  )
    return { on: false, reason: UPDATES_OFF.linuxFeedNotPinned };
  return { on: true, url: settings.updateUrl, channel: settings.updateChannel };
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface UpdaterOptions {
  updater: AutoUpdaterLike;
  feed: { url: string; channel: string };
  log: Logger;
  now?: () => Date;
  timers?: Timers;
  intervalMs?: number;
}

export interface RunningUpdates extends UpdatesPort {
  /** Checks now, then every `intervalMs`. */
  start(): void;
  stop(): void;
}

/** A short sentence for the status line; the full error (with its stack) goes to the log. */
function sentence(prefix: string, error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const first = (raw.split('\n')[0] ?? '').trim() || 'unknown error';
  const short = first.length > 160 ? `${first.slice(0, 157)}…` : first;
  return `${prefix}: ${short}`;
}

/**
 * electron-updater on the generic feed, as an UpdatesPort. Downloads on its own and installs when
 * the app quits; it never restarts the app by itself, so an open edit is never lost: only the
 * user's "Restart to update" calls quitAndInstall.
 */
export function createUpdater(options: UpdaterOptions): RunningUpdates {
  const { updater, feed, log } = options;
  const now = options.now ?? (() => new Date());
  const timers: Timers = options.timers ?? {
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  };
  const listeners = new Set<(status: UpdateStatus) => void>();
  let status: UpdateStatus = { state: 'idle', checkedAt: null };
  let checkedAt: string | null = null;
  let available: string | null = null;
  let interval: unknown = null;

  const set = (next: UpdateStatus) => {
    status = next;
    listeners.forEach((listener) => listener(next));
  };

  // The channel goes in the feed options, not `autoUpdater.channel`: that setter would also
  // allow downgrades.
  updater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;

  updater.on('checking-for-update', () => set({ state: 'checking' }));
  updater.on('update-available', (info) => {
    available = info.version;
    checkedAt = now().toISOString();
    set({ state: 'downloading', version: info.version, percent: 0 });
  });
  updater.on('download-progress', (info) => {
    const percent = Math.max(0, Math.min(100, Math.round(info.percent)));
    set({ state: 'downloading', version: available ?? '', percent });
  });
  updater.on('update-downloaded', (info) => {
    log.info(`Update ${info.version} downloaded; it installs when the app quits.`);
    set({ state: 'ready', version: info.version });
  });
  updater.on('update-not-available', () => {
    checkedAt = now().toISOString();
    set({ state: 'idle', checkedAt });
  });
  updater.on('error', (error) => {
    log.warn('Update failed:', error);
    const downloading = status.state === 'downloading';
    checkedAt = now().toISOString();
    set({
      state: 'error',
      message: sentence(
        downloading ? 'The update could not be downloaded' : 'Could not check for updates',
        error,
      ),
      checkedAt,
    });
  });

  const check = (): UpdateStatus => {
    // Nothing to do while a check or download runs, or once an update waits for the restart.
    if (['checking', 'downloading', 'ready'].includes(status.state)) return status;
    set({ state: 'checking' });
    updater.checkForUpdates().catch((error: unknown) => {
      // electron-updater usually emits 'error' as well; this covers a rejection without one.
      if (status.state === 'checking') {
        log.warn('Update check failed:', error);
        checkedAt = now().toISOString();
        set({ state: 'error', message: sentence('Could not check for updates', error), checkedAt });
      }
    });
    return status;
  };

  return {
    status: () => status,
    check: async () => check(),
    restartToUpdate: async () => {
      if (status.state !== 'ready') throw new Error('No update has been downloaded yet.');
      log.info(`Restarting to install update ${status.version}.`);
      // Not silent: a per-machine install may need the installer to ask for elevation.
      updater.quitAndInstall(false, true);
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      check();
      interval ??= timers.setInterval(() => check(), options.intervalMs ?? CHECK_EVERY_MS);
    },
    stop() {
      if (interval !== null) timers.clearInterval(interval);
      interval = null;
    },
  };
}

/** The port for this start: the updater when the plan says so, else one that says why not. */
export function updatesFor(
  plan: UpdatePlan,
  makeUpdater: () => AutoUpdaterLike,
  log: Logger,
): RunningUpdates {
  if (!plan.on) {
    log.info(plan.reason);
    return { ...noUpdates(plan.reason), start() {}, stop() {} };
  }
  log.info(`Updates from ${plan.url} (channel ${plan.channel}).`);
  return createUpdater({ updater: makeUpdater(), feed: plan, log });
}
