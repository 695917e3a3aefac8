/**
 * What the About / Settings screen and the update notice read (issue 14): where the settings came
 * from, where secrets and logs are kept, and the updater's state. Plain types: they cross the
 * bridge as data.
 */

/** Where a setting's value came from, highest first (README: Configuration). */
export type SettingSource = 'environment' | 'user file' | 'machine-wide file' | 'default';

/** The API host's origin: a setting, or the embedded demo server when none is set. */
export type ApiUrlSource = Exclude<SettingSource, 'default'> | 'demo';

/** The updater's state, as the app shows it. */
export type UpdateStatus =
  /** No updates here: turned off by IT, browser mode, or a development build. `reason` says which. */
  | { state: 'off'; reason: string }
  /** Waiting for the next check; `checkedAt` is an ISO time, null before the first. */
  | { state: 'idle'; checkedAt: string | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string; percent: number }
  /** Downloaded: installs on quit, or at once with "Restart to update". */
  | { state: 'ready'; version: string }
  | { state: 'error'; message: string; checkedAt: string | null };

export interface DesktopInfo {
  apiUrlSource: ApiUrlSource;
  /** The settings files read, whether present or not (null: none in this shell). */
  settingsFiles: { user: string | null; machine: string | null };
  /** Where the refresh token is kept: the OS keychain, safeStorage's file, or memory only. */
  secretStore: 'keychain' | 'safeStorage' | 'memory';
  /** The folder of the log files; null where the log goes to the console (browser mode). */
  logFolder: string | null;
}
