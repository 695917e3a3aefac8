import {
  MACHINE_PINNED_SETTINGS,
  SETTING_ENV_VARS,
  isPinnedSetting,
  type ApiUrlSource,
  type DesktopInfo,
  type SettingKey,
  type SettingSource,
} from '../../../shared/desktop';

/** The sentences of the About & Settings screen, one place to read and test them. */
export const SHELL_TEXT: Record<'electron' | 'browser', string> = {
  electron: 'Desktop app',
  browser: 'Browser mode: the console’s pages served to a web browser on this computer',
};

export const API_SOURCE_TEXT: Record<ApiUrlSource, string> = {
  environment: 'The DQC_API_URL environment variable',
  'user file': 'Your settings file',
  'machine-wide file': 'The machine-wide settings file installed by IT',
  demo: 'No API host is set, so the console runs its embedded demo server with demo data',
};

export const PRECEDENCE_TEXT =
  'The console takes the API host from the first of these that sets one: the machine-wide ' +
  'settings file installed by IT (nothing else can override it), the DQC_API_URL environment ' +
  'variable, then your settings file. When none sets it, the console starts its embedded demo ' +
  'server.';

/** Where one setting's value came from, for the Settings section's table. */
export function settingSourceText(key: SettingKey, source: SettingSource): string {
  switch (source) {
    case 'environment': {
      const name = SETTING_ENV_VARS[key];
      return name ? `The ${name} environment variable` : 'The environment';
    }
    case 'user file':
      return 'Your settings file';
    case 'machine-wide file':
      return isPinnedSetting(key)
        ? 'The machine-wide settings file installed by IT (pinned: your settings file and the environment cannot change it)'
        : 'The machine-wide settings file installed by IT';
    case 'default':
      return 'Default';
  }
}

/** docs/configuration.md, Settings and where they come from: "What IT sets, IT pins". */
export const PINNED_TEXT =
  `What the machine-wide settings file sets for ${MACHINE_PINNED_SETTINGS.join(', ')} is pinned: ` +
  'a value for the same setting in your settings file or in the environment is ignored. ' +
  'linkHosts is read from the machine-wide settings file only. Any ' +
  'other setting is taken from the environment first, then your settings file, then the ' +
  'machine-wide file.';

export const SECRET_STORE_TEXT: Record<DesktopInfo['secretStore'], string> = {
  keychain:
    'The operating system’s keychain (Keychain on macOS, Credential Manager on Windows, the ' +
    'Secret Service on Linux). Your session is remembered when the console restarts.',
  safeStorage:
    'An encrypted file in your profile (Electron safeStorage), because no keychain could be ' +
    'reached. Your session is remembered when the console restarts.',
  memory: 'Memory only: no keychain could be reached.',
};

export const MEMORY_WARNING =
  'Your session is not remembered: you will sign in again each time the console starts.';

export const NO_LOG_FOLDER_TEXT: Record<'electron' | 'browser', string> = {
  browser:
    'Browser mode writes its log to the terminal that started the console, so there is no log ' +
    'folder to open.',
  electron: 'This build writes its log to the console, so there is no log folder to open.',
};
