import { defineConfig } from '@playwright/test';

/**
 * E2E runs the built renderer in browser mode, in Debian's Chromium: Playwright never downloads
 * a browser. Electron tests run only where an Electron binary is installed.
 */
export default defineConfig({
  timeout: 60_000,
  // Two cores run two browsers, two cores and the servers: waits are generous, not tight.
  expect: { timeout: 15_000 },
  workers: 2,
  // CI runs ~120 browser tests on two loaded cores: a test that fails once is run once more and
  // reported as flaky, so load alone does not fail a run; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testDir: 'tests/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.DQC_CHROMIUM ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    { name: 'electron', testDir: 'tests/e2e-electron' },
  ],
});
