import { z } from 'zod';
import {
  DEFAULT_PASSWORD_KEY,
  DEFAULT_REFRESH_CLIENT_ID,
  DEFAULT_REVIEWERS,
  SIGN_IN_CLIENT_ID,
} from '../../../shared/constants';
import { checkPasswordKey } from '../../../shared/passwordKey';
import { linkHostEntry } from '../../../shared/externalLink';
import type { SettingKey } from '../../../shared/desktop';

/** What each setting is, what a settings file may hold, and the defaults. */
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
