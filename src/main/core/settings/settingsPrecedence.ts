import {
  MACHINE_ONLY_SETTINGS,
  MACHINE_PINNED_SETTINGS,
  SETTING_ENV_VARS,
  type ApiUrlSource,
  type SettingKey,
  type SettingSource,
} from '../../../shared/desktop';
import type { Logger } from '../log';
import { DEFAULT_SETTINGS, type Settings, type SettingsFile } from './settingsSchema';
import {
  readMachineSettingsFile,
  readSettingsFile,
  settingsFromEnv,
  type MachineSettings,
  type SettingsProblem,
  type SettingsSources,
} from './settingsSources';

/**
 * Which source wins, highest first: environment, the user's settings file, the machine-wide file
 * IT installs, then defaults (which mean: start the embedded demo server). A setting of
 * MACHINE_PINNED_SETTINGS (src/shared/desktop.ts: the API host, the password key, the client ids,
 * the keychain entry, the update keys) that the machine-wide file sets is IT's: the user's file
 * and the environment cannot override it (docs/configuration.md, Settings and where they come
 * from: "What IT sets, IT pins"); MACHINE_ONLY_SETTINGS come from the machine-wide file alone.
 */

/**
 * Takes out of a lower layer (the user's file, the environment) every key IT pins in the
 * machine-wide file, with a warning naming it: the user's value is ignored, not merged.
 */
function withoutPinned(
  layer: SettingsFile,
  pinned: MachineSettings['pinned'],
  where: (key: SettingKey) => string,
  log: Logger,
): SettingsFile {
  const kept: SettingsFile = { ...layer };
  for (const key of MACHINE_PINNED_SETTINGS) {
    if (!(key in kept) || (pinned !== 'all' && !pinned.has(key))) continue;
    delete kept[key];
    log.warn(
      pinned === 'all'
        ? `${key} from ${where(key)} is ignored: the machine-wide settings file cannot be read, so what IT pins is unknown and the default applies.`
        : `${key} from ${where(key)} is ignored: the machine-wide settings file sets it, and IT's value cannot be overridden.`,
    );
  }
  return kept;
}

/** Takes out of the user's file what only the machine-wide file may set, with a warning. */
function withoutMachineOnly(user: SettingsFile, log: Logger): SettingsFile {
  const kept: SettingsFile = { ...user };
  for (const key of MACHINE_ONLY_SETTINGS) {
    if (!(key in kept)) continue;
    delete kept[key];
    log.warn(
      `${key} from the user's settings file is ignored: only the machine-wide settings file may set it.`,
    );
  }
  return kept;
}

export interface SettingsReport {
  settings: Settings;
  /** Where each setting's value came from. */
  sourceOf: Record<keyof Settings, SettingSource>;
  /** Files that were ignored, and why. */
  problems: SettingsProblem[];
}

/** The settings, where each came from, and which files were ignored. */
export function settingsReport(sources: SettingsSources): SettingsReport {
  const problems: SettingsProblem[] = [];
  const { values: machine, pinned: pins } = sources.machineFile
    ? readMachineSettingsFile(sources.machineFile, sources, problems)
    : { values: {}, pinned: new Set<SettingKey>() };
  const user = withoutPinned(
    withoutMachineOnly(
      sources.userFile ? readSettingsFile(sources.userFile, sources, problems) : {},
      sources.log,
    ),
    pins,
    () => `the user's settings file`,
    sources.log,
  );
  const env = withoutPinned(
    settingsFromEnv(sources.env, sources.log),
    pins,
    (key) => `the environment (${SETTING_ENV_VARS[key]})`,
    sources.log,
  );
  const settings: Settings = { ...DEFAULT_SETTINGS, ...machine, ...user, ...env };
  const sourceOf = Object.fromEntries(
    (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).map((key): [string, SettingSource] => [
      key,
      key in env
        ? 'environment'
        : key in user
          ? 'user file'
          : key in machine
            ? 'machine-wide file'
            : 'default',
    ]),
  ) as Record<keyof Settings, SettingSource>;
  return { settings, sourceOf, problems };
}

export function loadSettings(sources: SettingsSources): Settings {
  return settingsReport(sources).settings;
}

/** Where the API host came from, for the About screen: no setting means the demo server. */
export function apiUrlSourceOf(report: SettingsReport): ApiUrlSource {
  const source = report.sourceOf.apiUrl;
  return source === 'default' || report.settings.apiUrl === null ? 'demo' : source;
}
