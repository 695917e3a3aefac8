import type { z } from 'zod';
import { SETTING_ENV_VARS, type SettingKey } from '../../../shared/desktop';
import type { Logger } from '../log';
import { settingsFileSchema, type SettingsFile } from './settingsSchema';

/**
 * Where settings are read from: the environment, the user's settings file and the machine-wide
 * file IT installs. Each source is read on its own and its problems reported; which one wins is
 * settingsPrecedence.ts's.
 */

export interface SettingsSources {
  env: Record<string, string | undefined>;
  /** Paths of the user's and the machine-wide settings files. */
  userFile: string | null;
  machineFile: string | null;
  readFile(path: string): string | null;
  log: Logger;
}

/** A settings file that was ignored, and why: the machine-wide one is named in a dialog. */
export interface SettingsProblem {
  file: string;
  reason: string;
}

/** Reads one settings file; a missing file is normal, a broken one is reported and skipped. */
export function readSettingsFile(
  path: string,
  sources: Pick<SettingsSources, 'readFile' | 'log'>,
  problems: SettingsProblem[] = [],
): SettingsFile {
  const ignore = (reason: string, detail?: unknown): SettingsFile => {
    problems.push({ file: path, reason });
    if (detail === undefined) sources.log.warn(`Settings file ${path} ${reason}`);
    else sources.log.warn(`Settings file ${path} ${reason}`, detail);
    return {};
  };
  let text: string | null;
  try {
    text = sources.readFile(path);
  } catch (error) {
    return ignore('could not be read and is ignored:', error);
  }
  if (text === null) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return ignore('is not valid JSON and is ignored.');
  }
  const parsed = settingsFileSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
      .join('; ');
    return ignore(`is ignored: ${detail}`);
  }
  return parsed.data;
}

/**
 * What IT's machine-wide file says, read key by key: a bad value or an unknown key is reported
 * and dropped alone, so a typo in one entry never unpins the others. `pinned` holds every key the
 * file sets or tried to set (with a bad value: its default then applies, no one else's); 'all'
 * when the file cannot be read at all, since what IT meant is then unknown.
 */
export interface MachineSettings {
  values: SettingsFile;
  pinned: ReadonlySet<SettingKey> | 'all';
}

export function readMachineSettingsFile(
  path: string,
  sources: Pick<SettingsSources, 'readFile' | 'log'>,
  problems: SettingsProblem[],
): MachineSettings {
  const unreadable = (reason: string, detail?: unknown): MachineSettings => {
    problems.push({ file: path, reason });
    sources.log.warn(`Settings file ${path} ${reason}`, ...(detail === undefined ? [] : [detail]));
    return { values: {}, pinned: 'all' };
  };
  let text: string | null;
  try {
    text = sources.readFile(path);
  } catch (error) {
    return unreadable('could not be read and is ignored:', error);
  }
  if (text === null) return { values: {}, pinned: new Set() };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return unreadable('is not valid JSON and is ignored.');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return unreadable('is not a JSON object and is ignored.');
  const values: SettingsFile = {};
  const pinned = new Set<SettingKey>();
  const refused: string[] = [];
  const shape = settingsFileSchema.shape as Record<string, z.ZodType | undefined>;
  for (const [key, value] of Object.entries(json)) {
    const field = shape[key];
    if (!field) {
      refused.push(`${key}: not a setting`);
      continue;
    }
    pinned.add(key as SettingKey);
    const parsed = field.safeParse(value);
    if (parsed.success) Object.assign(values, { [key]: parsed.data });
    else
      refused.push(
        parsed.error.issues
          .map((issue) => `${[key, ...issue.path].join('.')}: ${issue.message}`)
          .join('; '),
      );
  }
  if (refused.length > 0) {
    const reason = `has settings that are ignored: ${refused.join('; ')}`;
    problems.push({ file: path, reason });
    sources.log.warn(`Settings file ${path} ${reason}`);
  }
  return { values, pinned };
}

/** 'true'/'1' and 'false'/'0'; anything else is passed on for the schema to refuse, naming it. */
function booleanFromEnv(value: string): boolean | string {
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return value;
}

/** How an environment variable's text becomes a setting's value, where it is not the text. */
const FROM_ENV_TEXT: Partial<Record<SettingKey, (value: string) => unknown>> = {
  reviewers: (value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  updates: booleanFromEnv,
};

/** The settings the environment sets (SETTING_ENV_VARS); a bad value is logged and dropped. */
export function settingsFromEnv(env: SettingsSources['env'], log: Logger): SettingsFile {
  const result: SettingsFile = {};
  for (const [key, name] of Object.entries(SETTING_ENV_VARS) as [SettingKey, string | null][]) {
    const text = name === null ? undefined : env[name];
    if (!text) continue;
    const value = FROM_ENV_TEXT[key]?.(text) ?? text;
    const parsed = settingsFileSchema.shape[key].safeParse(value);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
    else
      log.warn(
        `Environment setting for ${key} is ignored: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
  }
  return result;
}

/**
 * Where IT installs the machine-wide file, per platform (docs/configuration.md, Settings and where
 * they come from).
 */
export function machineSettingsPath(platform: NodeJS.Platform): string {
  // Not %ProgramData% from the environment: any process of the user's can set that, and the
  // machine-wide file is the one only IT may write (docs/configuration.md, For IT: the
  // machine-wide file).
  if (platform === 'win32') return 'C:\\ProgramData\\DQC Console\\config.json';
  if (platform === 'darwin') return '/Library/Application Support/DQC Console/config.json';
  return '/etc/dqc-console/config.json';
}
