import { describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain ES module script of the project, without types
import * as preflight from '../../../scripts/preflight.mjs';

interface Pkg {
  name: string;
  present: () => boolean;
}
const { ensurePackages, missingPackages, TEST_PACKAGES } = preflight as {
  ensurePackages(p: Pkg[], o: { log: (line: string) => void; mayInstall: boolean }): boolean;
  missingPackages(p: Pkg[]): string[];
  TEST_PACKAGES: Pkg[];
};

const absent = (name: string): Pkg => ({ name, present: () => false });
const present = (name: string): Pkg => ({ name, present: () => true });

describe("the test command's preflight", () => {
  it('names every package the suites need', () => {
    expect(TEST_PACKAGES.map((p) => p.name).sort()).toEqual(
      [
        'chromium',
        'chromium-headless-shell',
        'dbus',
        'dbus-x11',
        'gnome-keyring',
        'postgresql',
      ].sort(),
    );
  });

  it('passes at once when nothing is missing, saying nothing', () => {
    const log = vi.fn();
    expect(ensurePackages([present('chromium')], { log, mayInstall: false })).toBe(true);
    expect(log).not.toHaveBeenCalled();
  });

  it('stops with the exact apt-get line when it may not install', () => {
    const log = vi.fn();
    const packages = [present('chromium'), absent('gnome-keyring'), absent('postgresql')];
    expect(missingPackages(packages)).toEqual(['gnome-keyring', 'postgresql']);
    expect(ensurePackages(packages, { log, mayInstall: false })).toBe(false);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![0]).toContain(
      'sudo apt-get install -y --no-install-recommends gnome-keyring postgresql',
    );
  });
});
