import type { ApiUrlSource, DesktopInfo } from '../../../shared/desktop';

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
  'The console takes the API host from the first of these that sets one: the DQC_API_URL ' +
  'environment variable, your settings file, then the machine-wide settings file installed by ' +
  'IT. When none sets it, the console starts its embedded demo server.';

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
