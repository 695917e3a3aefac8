import type { Browser, Locator, Page } from '@playwright/test';
import type { TestServer } from '../../support/testServer';
import { performance } from 'node:perf_hooks';
import { BRIDGE_LOG_SIZE, installBridgeLog } from './bridgeLog';

/**
 * tsx (esbuild with keepNames) wraps nested functions in `__name(fn, "name")`, a helper that
 * exists in Node but not in the page a function is sent to: the page gets a no-op of the same name.
 */
const NAME_SHIM = 'globalThis.__name = (fn) => fn;';

/**
 * A page of the console, signed in as a demo reviewer, on the Review screen. With `logBridge`, the
 * page logs its bridge calls with its own clock (bridgeLog.ts), for the actions that split their
 * time by them (the long shift); off by default, so no other figure pays for it.
 */
export async function openSignedIn(
  browser: Browser,
  url: string,
  username = 'reviewer1',
  options: { logBridge?: boolean } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: NAME_SHIM });
  if (options.logBridge)
    await context.addInitScript({
      content: `(${installBridgeLog.toString()})(${BRIDGE_LOG_SIZE});`,
    });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.locator('form').getByRole('button', { name: 'Log In' }).click();
  await resultRange(page).waitFor({ state: 'visible', timeout: 60_000 });
  return page;
}

/** A page on the reference server's own origin (its 404 answer), for same-origin fetches. */
export async function openOnServer(browser: Browser, serverUrl: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript({ content: NAME_SHIM });
  const page = await context.newPage();
  await page.goto(`${serverUrl}/bench-floor-page`);
  return page;
}

export const resultRange = (page: Page) => page.getByRole('status', { name: 'Result range' });

/**
 * Chooses an option of an Ant Design select and waits until the select shows it and its dropdown
 * has gone; tries again when a click lands while the dropdown is still sliding in.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const field = select.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select ")][1]');
  for (let attempt = 0; attempt < 5; attempt++) {
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!(await dropdown.isVisible())) await select.click();
    try {
      await dropdown
        .locator(`.ant-select-item-option[title="${option}"]`)
        .click({ timeout: 5_000 });
      await field.filter({ hasText: option }).waitFor({ timeout: 2_000 });
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  throw new Error(`could not choose "${option}"`);
}

/**
 * The reference server's own time for the requests a click causes: from the first request's
 * arrival to the last response's finish, taken on the server's Node http server in this process.
 */
export function watchServer(server: TestServer) {
  let arrivals: number[] = [];
  let finishes: number[] = [];
  const onRequest = (
    _request: unknown,
    response: { on(event: 'finish', listener: () => void): void },
  ) => {
    arrivals.push(performance.now());
    response.on('finish', () => finishes.push(performance.now()));
  };
  const http = server.app.server;
  http.on('request', onRequest);
  return {
    reset() {
      arrivals = [];
      finishes = [];
    },
    /** The span since the last reset, once every request that arrived has finished. */
    async span(): Promise<{ ms: number; requests: number }> {
      for (let i = 0; i < 100 && finishes.length < arrivals.length; i++)
        await new Promise((done) => setTimeout(done, 5));
      if (arrivals.length === 0) return { ms: 0, requests: 0 };
      return { ms: Math.max(...finishes) - Math.min(...arrivals), requests: arrivals.length };
    },
    stop() {
      http.off('request', onRequest);
    },
  };
}
