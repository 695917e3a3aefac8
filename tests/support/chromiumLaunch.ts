/**
 * Debian's Chromium and the flags it runs with here, for the E2E suite (playwright.config.ts) and
 * the benchmarks alike: Playwright never downloads a browser.
 */
export const CHROMIUM_EXECUTABLE = process.env.DQC_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
