/**
 * What the About / Settings screen and the update notice read: where the settings came
 * from, where secrets and logs are kept, and the updater's state. Plain types: they cross the
 * bridge as data.
 */

/** Where a setting's value came from (docs/configuration.md, Settings and where they come from). */
export type SettingSource = 'environment' | 'user file' | 'machine-wide file' | 'default';

/**
 * Every setting, with the environment variable that may set it, or null where none may
 * (docs/configuration.md, The settings). The keys are those of a settings file and of main/core's
 * Settings, which checks that they are the same.
 */
export const SETTING_ENV_VARS = {
  apiUrl: 'DQC_API_URL',
  passwordKey: 'DQC_PASSWORD_KEY',
  signInClientId: 'DQC_SIGN_IN_CLIENT_ID',
  refreshClientId: 'DQC_REFRESH_CLIENT_ID',
  reviewers: 'DQC_REVIEWERS',
  keychainService: 'DQC_KEYCHAIN_SERVICE',
  requestTimeoutSeconds: 'DQC_REQUEST_TIMEOUT',
  updateUrl: 'DQC_UPDATE_URL',
  updateChannel: 'DQC_UPDATE_CHANNEL',
  updates: 'DQC_UPDATES',
  linkHosts: null,
  runConcurrency: 'DQC_RUN_CONCURRENCY',
  journalRetentionDays: 'DQC_JOURNAL_RETENTION_DAYS',
} as const;
export type SettingKey = keyof typeof SETTING_ENV_VARS;
export const SETTING_KEYS = Object.keys(SETTING_ENV_VARS) as SettingKey[];

/**
 * The settings IT can pin: when the machine-wide file sets one, the user's file and the
 * environment cannot change it (a value there is ignored, with a warning naming the key). These
 * are the ones that decide where the password, the tokens and the next installer go or come from:
 * the API host and the password cipher's key (where a sign-in and its password go), the OAuth
 * client ids (which client the tokens are issued to), the keychain entry (where the refresh token
 * is kept), and the update feed, channel and switch (where an installer comes from). A process
 * running as the user can write the user's file and the environment; only IT writes the
 * machine-wide file. The reviewer list and the request timeout are the user's own business.
 */
export const MACHINE_PINNED_SETTINGS = [
  'apiUrl',
  'passwordKey',
  'signInClientId',
  'refreshClientId',
  'keychainService',
  'updateUrl',
  'updateChannel',
  'updates',
] as const satisfies readonly SettingKey[];

/**
 * Settings only the machine-wide file may set; in the user's file they are ignored, with a
 * warning. linkHosts lists the hosts whose links open without a confirm (RELIABILITY.md, checklist
 * 15): a list a program running as the user could extend would be a way around the confirm.
 */
export const MACHINE_ONLY_SETTINGS = ['linkHosts'] as const satisfies readonly SettingKey[];

/** Whether the machine-wide file's value of this setting is IT's alone (pinned or machine-only). */
export function isPinnedSetting(key: SettingKey): boolean {
  return ([...MACHINE_PINNED_SETTINGS, ...MACHINE_ONLY_SETTINGS] as SettingKey[]).includes(key);
}

/** Every setting from its default: what a shell that reads no settings reports (tests). */
export const ALL_DEFAULT_SOURCES = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, 'default']),
) as Record<SettingKey, SettingSource>;

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

/**
 * Whether the Electron release the desktop app runs on still gets security fixes: Electron
 * supports its latest three stable majors (RELIABILITY.md, checklist 16).
 */
export type ElectronSupport =
  | { status: 'supported'; version: string }
  /** `endedOn` is the day its support ended; null when that was before any date this build knows. */
  | { status: 'out-of-support'; version: string; endedOn: string | null }
  /** A release this build has no support dates for (newer than its table, or no version). */
  | { status: 'unknown'; version: string };

/** The warning of the About screen and the log, for a release that is out of support. */
export function outOfSupportText(support: Extract<ElectronSupport, { status: 'out-of-support' }>) {
  const since = support.endedOn
    ? `has been out of support since ${support.endedOn}`
    : 'is out of support';
  return (
    `This console runs on Electron ${support.version}, which ${since}: it gets no security ` +
    'fixes any more. Ask IT for a newer release of DQC Console.'
  );
}

export interface DesktopInfo {
  apiUrlSource: ApiUrlSource;
  /**
   * Where each setting's value came from, for the About screen (docs/configuration.md, Settings and
   * where they come from).
   */
  settingSources: Record<SettingKey, SettingSource>;
  /** The settings files read, whether present or not (null: none in this shell). */
  settingsFiles: { user: string | null; machine: string | null };
  /** Where the refresh token is kept: the OS keychain, safeStorage's file, or memory only. */
  secretStore: 'keychain' | 'safeStorage' | 'memory';
  /** The folder of the log files; null where the log goes to the console (browser mode). */
  logFolder: string | null;
  /** The Electron release and its support; null in browser mode, which runs on Node. */
  electron: ElectronSupport | null;
}
