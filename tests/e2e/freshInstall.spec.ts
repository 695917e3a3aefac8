/**
 * The README's first command on a machine without libsecret's headers: keytar (the OS keychain
 * module) cannot be built there, and that must not fail the install. A scratch copy of the
 * project is installed with `npm ci` while pkg-config finds nothing, then started as
 * `npm run start:browser` starts it: the console signs in, keeps the session in memory, and says
 * so once on its output and in About.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { MEMORY_WARNING } from '../../src/renderer/features/about/aboutTexts';
import { expect, header, signIn, test } from './fixtures';

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

test('npm ci without libsecret succeeds, and browser mode signs in with the session in memory', async ({
  page,
  server,
}) => {
  const dir = scratchCopy();
  let child: ChildProcess | undefined;
  try {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      encoding: 'utf8',
      // No prebuilt keytar either (where one could be downloaded): only the source build, which
      // cannot find libsecret.
      env: {
        ...process.env,
        PKG_CONFIG_LIBDIR: '/nonexistent',
        npm_config_build_from_source: 'true',
      },
    });
    expect(install.status, `npm ci failed:\n${install.stdout}\n${install.stderr}`).toBe(0);
    expect(existsSync(join(dir, 'node_modules/keytar'))).toBe(false);

    child = spawn(process.execPath, [join(dir, 'scripts/start-browser.mjs')], {
      cwd: dir,
      env: {
        ...process.env,
        DQC_API_URL: server.url,
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
    rmSync(dir, { recursive: true, force: true });
  }
});
