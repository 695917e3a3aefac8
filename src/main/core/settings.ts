import { z } from 'zod';
import {
  DEFAULT_PASSWORD_KEY,
  DEFAULT_REFRESH_CLIENT_ID,
  DEFAULT_REVIEWERS,
  SIGN_IN_CLIENT_ID,
} from '../../shared/constants';
import { checkPasswordKey } from '../../shared/passwordKey';
import { linkHostEntry } from '../../shared/externalLink';
import {
  MACHINE_ONLY_SETTINGS,
  MACHINE_PINNED_SETTINGS,
  SETTING_ENV_VARS,
  type ApiUrlSource,
  type SettingKey,
  type SettingSource,
} from '../../shared/desktop';
import type { Logger } from './log';

/**
 * Settings, highest first: environment, the user's settings file, the machine-wide file IT
 * installs, then defaults (which mean: start the embedded demo server). A setting of
 * MACHINE_PINNED_SETTINGS (src/shared/desktop.ts: the API host, the password key, the client ids,
 * the keychain entry, the update keys) that the machine-wide file sets is IT's: the user's file
 * and the environment cannot override it (README: Configuration).
 */
export interface Settings {
  /** The provider's API host; null means the embedded demo server. */
  apiUrl: string | null;
  passwordKey: string;
  signInClientId: string;
  refreshClientId: string;
  reviewers: string[];
  /** Service name under which the refresh token is kept in the OS keychain. */
  keychainService: string;
  /**
   * How long a call to the provider may take before it is given up, in seconds; null waits as
   * long as it takes (the spec's client sets no timeout, so that is the default).
   */
  requestTimeoutSeconds: number | null;
  /** The generic update feed (electron-updater); null means no updates. */
  updateUrl: string | null;
  /** The feed's channel: `<channel>.yml` is read from updateUrl ('latest', 'beta', …). */
  updateChannel: string;
  /** false turns updates off. */
  updates: boolean;
  /**
   * Hosts whose links open without the confirm (RELIABILITY.md, checklist 15): each matches itself
   * and its subdomains. Only the machine-wide file sets it; none by default.
   */
  linkHosts: string[];
  /** The most calls a bulk run has in flight at once (runs.ts): kind to the provider. */
  runConcurrency: number;
  /** Journal entries older than this many days are dropped (DESIGN.md, per-user local data). */
  journalRetentionDays: number;
}

// Settings and the shared list of keys (SETTING_ENV_VARS) name the same settings.
type SameKeys = [keyof Settings] extends [SettingKey]
  ? [SettingKey] extends [keyof Settings]
    ? true
    : never
  : never;
const sameKeys: SameKeys = true;
void sameKeys;

export const DEFAULT_KEYCHAIN_SERVICE = 'DQC Console';

/** localhost, 127.0.0.0/8 and ::1: the only hosts where plain http:// cannot be overheard. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  // The URL parser has already turned 127.1 or 0x7f.0.0.1 into dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * https:// for any host; http:// only for a loopback one (the embedded demo server, a local
 * stand-in). Over http:// to anywhere else, passwords and tokens would cross the network in clear;
 * for the update feed, anyone on the way could offer an installer.
 */
const serverUrlSchema = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://')
  .refine((u) => {
    try {
      const url = new URL(u);
      return url.protocol !== 'http:' || isLoopbackHost(url.hostname);
    } catch {
      return true; // not a URL at all: .url() above has said so
    }
  }, 'http:// is allowed only for a loopback host (localhost, 127.0.0.0/8, ::1); use https:// for any other host')
  .transform((u) => u.replace(/\/+$/, ''));

/** A host of IT's linkHosts, as checkExternalLink gives it (lower case, ASCII). */
const linkHostSchema = z.string().transform((entry, context) => {
  const host = linkHostEntry(entry);
  if (host === null) {
    context.addIssue({
      code: 'custom',
      message: `"${entry.slice(0, 80)}" is not a host name such as x.com (no scheme, port, path, wildcard or address; at least two labels)`,
    });
    return z.NEVER;
  }
  return host;
});

/** The keys a settings file may hold; anything else is reported and ignored. */
export const settingsFileSchema = z
  .object({
    apiUrl: serverUrlSchema,
    passwordKey: z
      .string()
      .refine((k) => checkPasswordKey(k) === null, 'must be 16, 24 or 32 bytes'),
    signInClientId: z.string().min(1),
    refreshClientId: z.string().min(1),
    reviewers: z.array(z.string().min(1)).min(1),
    keychainService: z.string().min(1),
    requestTimeoutSeconds: z.coerce.number().int().min(1).max(3600).nullable(),
    updateUrl: serverUrlSchema,
    // It names a file on the feed (`<channel>.yml`): no slashes or dots that could leave the folder.
    updateChannel: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/i, 'must be a word such as latest or beta'),
    updates: z.boolean(),
    linkHosts: z.array(linkHostSchema).max(200),
    runConcurrency: z.coerce.number().int().min(1).max(16),
    journalRetentionDays: z.coerce.number().int().min(1).max(3650),
  })
  .partial()
  .strict();
export type SettingsFile = z.infer<typeof settingsFileSchema>;

export const DEFAULT_SETTINGS: Settings = {
  apiUrl: null,
  passwordKey: DEFAULT_PASSWORD_KEY,
  signInClientId: SIGN_IN_CLIENT_ID,
  refreshClientId: DEFAULT_REFRESH_CLIENT_ID,
  reviewers: [...DEFAULT_REVIEWERS],
  keychainService: DEFAULT_KEYCHAIN_SERVICE,
  requestTimeoutSeconds: null,
  updateUrl: null,
  updateChannel: 'latest',
  updates: true,
  linkHosts: [],
  runConcurrency: 4,
  journalRetentionDays: 90,
};

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

function fromEnv(env: SettingsSources['env'], log: Logger): SettingsFile {
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
    fromEnv(sources.env, sources.log),
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

/** Where IT installs the machine-wide file, per platform (README: Configuration). */
export function machineSettingsPath(platform: NodeJS.Platform): string {
  // Not %ProgramData% from the environment: any process of the user's can set that, and the
  // machine-wide file is the one only IT may write (README: For IT).
  if (platform === 'win32') return 'C:\\ProgramData\\DQC Console\\config.json';
  if (platform === 'darwin') return '/Library/Application Support/DQC Console/config.json';
  return '/etc/dqc-console/config.json';
}
