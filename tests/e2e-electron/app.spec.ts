import { _electron as electron, expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The desktop app itself, driven through Playwright's Electron support. Electron's binary cannot
 * be downloaded on every machine (offline or locked-down ones); there these tests say loudly that
 * they were skipped, and the same behaviour is covered in browser mode (tests/e2e).
 */
const root = resolve(__dirname, '../..');
// The same check `npm start` makes (scripts/electron-binary.mjs), run by Node itself because the
// helper is plain ESM.
const binary =
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./scripts/electron-binary.mjs').then((m) => process.stdout.write(m.installedElectronPath() ?? ''))",
    ],
    { cwd: root, encoding: 'utf8' },
  ) || null;
if (!binary) {
  console.warn(
    '\n*** SKIPPED Electron E2E: no Electron binary is installed on this machine. ***\n',
  );
}

test.describe('desktop app (Electron)', () => {
  test.skip(!binary, 'SKIPPED: no Electron binary installed on this machine');

  test('starts on the demo server, signs in and out through the real window', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: [resolve(root, 'out/main/index.js')],
      env: { ...process.env, DQC_KEYCHAIN_SERVICE: `DQC Console electron e2e ${Date.now()}` },
    });
    try {
      const window = await app.firstWindow();
      await expect(window.getByText('Demo data')).toBeVisible({ timeout: 60_000 });
      // Served from the privileged app:// scheme, never file:// (the release fuses make file://
      // behave as in a browser, where the page's module scripts would not load).
      expect(new URL(window.url())).toMatchObject({ protocol: 'app:', host: 'dqc' });
      expect(window.url()).toMatch(/^app:\/\/dqc\/index\.html(#.*)?$/);
      // The scheme serves the renderer folder only: a way out of it is refused, the page is not.
      const statuses = await window.evaluate(async () => ({
        page: (await fetch('app://dqc/index.html')).status,
        out: (await fetch('app://dqc/..%2fmain%2findex.js')).status,
        missing: (await fetch('app://dqc/no-such-file.js')).status,
      }));
      expect(statuses).toEqual({ page: 200, out: 403, missing: 404 });
      // Isolated and sandboxed: the page sees neither Node nor Electron, only the bridge.
      const exposed = await window.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        bridge: Object.keys((globalThis as { dqc?: object }).dqc ?? {}).sort(),
      }));
      expect(exposed).toEqual({
        require: 'undefined',
        process: 'undefined',
        bridge: ['invoke', 'onEvent'],
      });
      await window.getByLabel('Username').fill('reviewer1');
      await window.getByLabel('Password').fill('demo');
      await window.locator('form').getByRole('button', { name: 'Log In' }).click();
      await expect(window.getByRole('heading', { name: 'Review' })).toBeVisible();
      await window.getByRole('button', { name: 'Log Out' }).click();
      await expect(window.getByLabel('Username')).toBeVisible();
    } finally {
      await app.close();
    }
  });
});

test.describe('desktop app (Electron): About & Settings', () => {
  test.skip(!binary, 'SKIPPED: no Electron binary installed on this machine');

  test('opens About & Settings from the side menu and sees the version', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: [resolve(root, 'out/main/index.js')],
      env: { ...process.env, DQC_KEYCHAIN_SERVICE: `DQC Console electron e2e ${Date.now()}` },
    });
    try {
      const version = await app.evaluate(({ app: electronApp }) => electronApp.getVersion());
      const window = await app.firstWindow();
      await window.getByLabel('Username').fill('reviewer1', { timeout: 60_000 });
      await window.getByLabel('Password').fill('demo');
      await window.locator('form').getByRole('button', { name: 'Log In' }).click();
      await expect(window.getByRole('heading', { name: 'Review' })).toBeVisible();
      await window
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About & Settings', exact: true })
        .click();
      await expect(
        window.getByRole('heading', { level: 1, name: 'About & Settings' }),
      ).toBeVisible();
      const thisConsole = window.getByRole('region', { name: 'This console' });
      await expect(thisConsole).toContainText(version);
      await expect(thisConsole).toContainText('Desktop app');
      // No API host is set here: the embedded demo server, said so.
      await expect(window.getByRole('region', { name: 'Server' })).toContainText(
        'embedded demo server',
      );
    } finally {
      await app.close();
    }
  });
});
