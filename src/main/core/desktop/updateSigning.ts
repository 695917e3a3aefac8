import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// A devDependency: electron-vite bundles it into the main process (only `dependencies` stay
// external), so the packaged app carries it without a node_modules entry of its own.
import { parse } from 'yaml';

/**
 * What this build can show about an update before it installs it (docs/configuration.md, For IT:
 * updates). An update is an installer that runs on quit; the app installs one only where something
 * checks that it comes from the same publisher as the app itself.
 */
export type SigningFacts =
  /**
   * The publisher names of app-update.yml, which electron-builder writes next to the app from the
   * signing certificate or WIN_PUBLISHER_NAME. electron-updater checks each downloaded installer's
   * Authenticode signature against them, and checks nothing at all when there are none.
   */
  | { platform: 'win32'; publisherNames: string[] }
  /**
   * Whether this app carries a Developer ID signature: Squirrel.Mac installs only an update whose
   * signature meets this app's own designated requirement, and an unsigned app can meet none.
   */
  | { platform: 'darwin'; developerId: boolean }
  /** AppImage, deb and rpm: nothing the updater checks, so only IT's own feed is trusted. */
  | { platform: 'linux' }
  /** Any other platform: nothing known. */
  | { platform: 'other' };

/** How the facts are read; tests pass fakes. */
export interface SigningProbe {
  platform: NodeJS.Platform;
  /** The text of app-update.yml in the app's resources folder, or null when there is none. */
  readAppUpdateConfig(): string | null;
  /** What `codesign --display --verbose=2` says of the app bundle, or null when it failed. */
  codesignDisplay(): Promise<string | null>;
}

/** The publisher names of an app-update.yml (one name or a list), or none. */
export function publisherNamesOf(appUpdateConfig: string | null): string[] {
  if (appUpdateConfig === null) return [];
  let config: unknown;
  try {
    config = parse(appUpdateConfig);
  } catch {
    return [];
  }
  if (typeof config !== 'object' || config === null) return [];
  const names: unknown = (config as { publisherName?: unknown }).publisherName;
  const list = Array.isArray(names) ? (names as unknown[]) : [names];
  return list.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}

/**
 * True when codesign names a Developer ID Application authority. An ad-hoc signature (what an
 * unsigned arm64 build carries) names none and says `Signature=adhoc`.
 */
export function isDeveloperIdSigned(codesignOutput: string | null): boolean {
  if (codesignOutput === null) return false;
  const lines = codesignOutput.split(/\r?\n/).map((line) => line.trim());
  return (
    !lines.includes('Signature=adhoc') &&
    lines.some((line) => line.startsWith('Authority=Developer ID Application: '))
  );
}

export async function readSigningFacts(probe: SigningProbe): Promise<SigningFacts> {
  switch (probe.platform) {
    case 'win32':
      return { platform: 'win32', publisherNames: publisherNamesOf(probe.readAppUpdateConfig()) };
    case 'darwin':
      return {
        platform: 'darwin',
        developerId: isDeveloperIdSigned(await probe.codesignDisplay()),
      };
    case 'linux':
      return { platform: 'linux' };
    default:
      return { platform: 'other' };
  }
}

/**
 * The probe of a packaged app: app-update.yml in `resourcesPath` (where electron-updater reads it
 * too), and the bundle three levels above the executable (`X.app/Contents/MacOS/X`) for codesign.
 */
export function packagedAppProbe(options: {
  platform: NodeJS.Platform;
  resourcesPath: string;
  execPath: string;
}): SigningProbe {
  return {
    platform: options.platform,
    readAppUpdateConfig: () => {
      const path = join(options.resourcesPath, 'app-update.yml');
      return existsSync(path) ? readFileSync(path, 'utf8') : null;
    },
    codesignDisplay: () =>
      new Promise((done) => {
        const bundle = resolve(options.execPath, '..', '..', '..');
        // codesign writes what it displays to stderr; an unsigned bundle makes it exit non-zero.
        execFile(
          '/usr/bin/codesign',
          ['--display', '--verbose=2', bundle],
          { timeout: 10_000 },
          (error, stdout, stderr) => done(error ? null : `${stdout}\n${stderr}`),
        );
      }),
  };
}
