/**
 * The first command of the README's Start on a machine without libsecret's headers: keytar (the OS
 * keychain module) cannot be built there, and that must not fail the install; the console then
 * starts as `npm run start:browser` starts it, signs in, keeps the session in memory, and says so
 * once on its output and in About.
 *
 * Two halves hold that promise on every run. The install: keytar, declared as the project declares
 * it (an optional dependency), installed while pkg-config finds nothing, fails its build and the
 * install still succeeds. The start: a scratch copy of the project whose node_modules is the
 * project's own, less keytar, signs in with the session in memory. The whole `npm ci` of a scratch
 * copy (about 100 s of two cores, most of it unpacking packages that have nothing to do with
 * libsecret) runs on a full pass (DQC_E2E_FULL=1), as a nightly job would.
 */
import type { Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MEMORY_WARNING } from '../../src/renderer/features/about/aboutTexts';
import { expect, header, signIn, test } from './fixtures';
import { FULL_PASS } from './share';

const root = resolve(__dirname, '../..');
const KEYCHAIN_WARNING =
  'No keychain is reachable: the session will not be remembered after the app closes.';

/** The tracked files as they are in the working tree, and the renderer already built. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dqc-fresh-'));
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .stdout.split('\0')
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  // Copied after the sources, so it is newer than they are and start:browser does not rebuild it.
  cpSync(join(root, 'out'), join(dir, 'out'), { recursive: true });
  return dir;
}

test.describe.configure({ timeout: 10 * 60_000 });

const withoutLibsecret = {
  ...process.env,
  PKG_CONFIG_LIBDIR: '/nonexistent',
  // No prebuilt keytar either (where one could be downloaded): only the source build, which
  // cannot find libsecret.
  npm_config_build_from_source: 'true',
};

/**
 * The project's node_modules less keytar, as a folder of links to each package: what `npm ci`
 * leaves where keytar's build failed.
 */
function linkModulesWithoutKeytar(dir: string): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === 'keytar' || entry === '.cache') continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  expect(existsSync(join(modules, 'keytar'))).toBe(false);
}

/** Browser mode started from `dir` as `npm run start:browser` starts it, signed in through its page. */
async function signsInWithSessionInMemory(dir: string, page: Page, apiUrl: string) {
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, [join(dir, 'scripts/start-browser.mjs')], {
      cwd: dir,
      env: {
        ...process.env,
        DQC_API_URL: apiUrl,
        XDG_CONFIG_HOME: join(dir, '.config'),
        DQC_KEYCHAIN_SERVICE: `DQC Console fresh install ${Date.now()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const url = await new Promise<string>((resolveUrl, reject) => {
      const take = (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((l) => l.startsWith('http://127.0.0.1:'));
        if (line) resolveUrl(line.trim());
      };
      child!.stdout!.on('data', take);
      child!.stderr!.on('data', take);
      child!.on('exit', (code) => reject(new Error(`browser mode exited (${code}):\n${output}`)));
    });
    expect(output.split(KEYCHAIN_WARNING)).toHaveLength(2); // said once

    await page.goto(url);
    await signIn(page);
    await expect(header(page)).toBeVisible({
      timeout: 30_000,
    });
    await page.evaluate(() => (window.location.hash = '#/about'));
    await expect(page.getByText(MEMORY_WARNING)).toBeVisible();
  } finally {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  }
}

test('keytar, an optional dependency, fails to build without libsecret and the install still succeeds', () => {
  const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
    allowScripts?: Record<string, boolean>;
  };
  // Declared as the README's Start promises: optional, never a plain dependency.
  expect(project.optionalDependencies?.keytar).toBeTruthy();
  expect(project.dependencies?.keytar).toBeUndefined();
  const dir = mkdtempSync(join(tmpdir(), 'dqc-keytar-optional-'));
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'keytar-optional-check',
        private: true,
        optionalDependencies: { keytar: project.optionalDependencies!.keytar },
        allowScripts: project.allowScripts,
      }),
    );
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--foreground-scripts'],
      { cwd: dir, encoding: 'utf8', env: withoutLibsecret },
    );
    expect(install.status, `npm install failed:\n${install.stdout}\n${install.stderr}`).toBe(0);
    // It was tried and failed (not skipped): its build looked for libsecret and found nothing.
    expect(`${install.stdout}\n${install.stderr}`).toMatch(/libsecret/);
    expect(existsSync(join(dir, 'node_modules/keytar'))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without keytar, browser mode signs in with the session in memory and says so', async ({
  page,
  server,
}) => {
  const dir = scratchCopy();
  try {
    linkModulesWithoutKeytar(dir);
    await signsInWithSessionInMemory(dir, page, server.url);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm ci without libsecret succeeds, and browser mode signs in with the session in memory', async ({
  page,
  server,
}) => {
  test.skip(!FULL_PASS, 'the whole npm ci of a scratch copy runs on a full pass (DQC_E2E_FULL=1)');
  const dir = scratchCopy();
  try {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      encoding: 'utf8',
      env: withoutLibsecret,
    });
    expect(install.status, `npm ci failed:\n${install.stdout}\n${install.stderr}`).toBe(0);
    expect(existsSync(join(dir, 'node_modules/keytar'))).toBe(false);
    await signsInWithSessionInMemory(dir, page, server.url);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
