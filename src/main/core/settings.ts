/**
 * Settings (DESIGN.md, Main process): what each is (settings/settingsSchema.ts), where they are read
 * from (settings/settingsSources.ts) and which source wins, with what IT pins
 * (settings/settingsPrecedence.ts). Highest first: environment, the user's settings file, the
 * machine-wide file IT installs, then defaults (which mean: start the embedded demo server).
 */
export {
  DEFAULT_KEYCHAIN_SERVICE,
  DEFAULT_SETTINGS,
  isLoopbackHost,
  settingsFileSchema,
  type Settings,
  type SettingsFile,
} from './settings/settingsSchema';
export {
  machineSettingsPath,
  readMachineSettingsFile,
  readSettingsFile,
  type MachineSettings,
  type SettingsProblem,
  type SettingsSources,
} from './settings/settingsSources';
export {
  apiUrlSourceOf,
  loadSettings,
  settingsReport,
  type SettingsReport,
} from './settings/settingsPrecedence';
