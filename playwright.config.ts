import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_EXECUTABLE } from './tests/support/chromiumLaunch';
import { shareDay } from './tests/e2e/share';

// The day's share of the repeated checks (tests/e2e/share.ts), fixed once for every worker.
process.env.DQC_E2E_DAY ??= String(shareDay());

/**
 * E2E runs the built renderer in browser mode, in Debian's Chromium: Playwright never downloads
 * a browser. Electron tests run only where an Electron binary is installed.
 */
export default defineConfig({
  // One prepared PGlite database, which each worker's test servers copy.
  globalSetup: './tests/e2e/globalSetup.ts',
  // A short test takes 20-40 s on a loaded two-core machine: the margin is for such a machine.
  timeout: 90_000,
  // Two cores run the browser, core, the servers and the PostgreSQL suites: waits are generous.
  expect: { timeout: 15_000 },
  // One browser at a time. A browser test takes most of two cores (Chromium's renderer, browser
  // processes, core and the server): on the two-core machine class, a set of 19 reference-data
  // tests took 138 s and 273 CPU-seconds with one worker, 197 s and 392 with two, where each waited
  // on the other (measured while every test recorded a trace). `npm test` runs vitest beside it
  // on what it leaves idle. More cores: `--workers N`.
  workers: 1,
  // Tests, not files, are shared between the workers: each test is independent, and the longest
  // file would otherwise set the suite's time.
  fullyParallel: true,
  // CI runs ~120 browser tests on two loaded cores: a test that fails once is run once more and
  // reported as flaky, so load alone does not fail a run; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 1440, height: 900 },
    // A trace is recorded when a failed test runs again (CI retries once): recording one for every
    // test, to keep it on failure, had Chromium encode a screencast of each test and cost a quarter
    // of the suite's time (22 tests: 80 s and 123 CPU-seconds with it, 63 s and 77 without).
    // DQC_E2E_TRACE=1 records every test's and keeps a failed one's, for a local run without retries.
    trace: process.env.DQC_E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    // The system's "reduce motion" is on, as many users set it: the console then shows each state
    // at once, and a test waits for no slide or fade (tests/e2e/motion.spec.ts checks both ways).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'browser',
      testDir: 'tests/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: E2E_CHROMIUM_EXECUTABLE,
          args: CHROMIUM_ARGS,
        },
      },
    },
    { name: 'electron', testDir: 'tests/e2e-electron' },
  ],
});
