/**
 * Debian's Chromium and the flags it runs with here, for the E2E suite (playwright.config.ts) and
 * the benchmarks alike: Playwright never downloads a browser.
 */
export const CHROMIUM_EXECUTABLE = process.env.DQC_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The E2E suite's browser: the same Chromium's headless shell (Debian's chromium-headless-shell),
 * which draws no window. On two cores it spends about a sixth less CPU per test than the full
 * browser. The benchmarks keep the full browser, as a user's window is.
 */
export const E2E_CHROMIUM_EXECUTABLE =
  process.env.DQC_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
