// What the test command needs from the machine, checked in its first seconds: the Debian packages
// of the E2E browser, the keychain session and the throwaway PostgreSQL. Missing ones are
// installed when this process may (root, apt-get), with one line saying so; otherwise the test
// command stops at once with the exact `apt-get install` line to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Each package and how to see that it is there without dpkg (a machine without it). */
export const TEST_PACKAGES = [
  { name: 'chromium', present: () => existsSync(process.env.DQC_CHROMIUM ?? '/usr/bin/chromium') },
  // The E2E suite's browser: Chromium's headless shell draws no window and composites less, so a
  // test costs about a sixth less CPU than in the full browser (tests/support/chromiumLaunch.ts).
  {
    name: 'chromium-headless-shell',
    present: () => existsSync(process.env.DQC_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell'),
  },
  { name: 'dbus', present: () => onPath('dbus-run-session') },
  { name: 'dbus-x11', present: () => onPath('dbus-launch') },
  { name: 'gnome-keyring', present: () => onPath('gnome-keyring-daemon') },
  { name: 'postgresql', present: postgresInstalled },
];

/**
 * What keytar (the OS keychain module, an optional dependency) needs to build at `npm ci`: .ci/run
 * installs them first (`node scripts/preflight.mjs keytar-build`), so CI has a real keychain.
 */
export const KEYTAR_BUILD_PACKAGES = ['libsecret-1-dev', 'python3', 'make', 'g++'].map((name) => ({
  name,
  present: () => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status === 0,
}));

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function postgresInstalled() {
  try {
    return readdirSync('/usr/lib/postgresql').some((v) =>
      existsSync(`/usr/lib/postgresql/${v}/bin/initdb`),
    );
  } catch {
    return false;
  }
}

export function missingPackages(packages = TEST_PACKAGES) {
  return packages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
}

/** keytar loads (it was built at install): without it the keychain test cannot run. */
export function keytarBuilt(root) {
  try {
    createRequire(`${root}/package.json`)('keytar');
    return true;
  } catch {
    return false;
  }
}

const canInstall = () => process.getuid?.() === 0 && onPath('apt-get');

/**
 * Installs what is missing, or prints the line to run and answers false. Returns true when the
 * machine has everything.
 */
export function ensurePackages(
  packages = TEST_PACKAGES,
  { log = console.log, mayInstall = canInstall() } = {},
) {
  const missing = missingPackages(packages);
  if (missing.length === 0) return true;
  const line = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!mayInstall) {
    log(
      `The tests need Debian packages this machine lacks. Install them, then run the tests again:\n  sudo ${line}`,
    );
    return false;
  }
  log(`Installing the Debian packages the tests need: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
  if (
    spawnSync('apt-get', ['update', '-qq'], quiet).status !== 0 ||
    spawnSync('sh', ['-c', `${line} -qq`], quiet).status !== 0
  ) {
    log(`Installing them failed. Run it yourself:\n  ${line}`);
    return false;
  }
  return missingPackages(packages).length === 0;
}

// `node scripts/preflight.mjs [keytar-build]`: the test command's check, or keytar's build packages.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const packages = process.argv[2] === 'keytar-build' ? KEYTAR_BUILD_PACKAGES : TEST_PACKAGES;
  process.exit(ensurePackages(packages) ? 0 : 1);
}
