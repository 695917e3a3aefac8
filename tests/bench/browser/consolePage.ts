import type { Browser, Locator, Page } from '@playwright/test';
import type { TestServer } from '../../support/testServer';
import { performance } from 'node:perf_hooks';
import { BRIDGE_LOG_SIZE, installBridgeLog } from './bridgeLog';

/**
 * tsx (esbuild with keepNames) wraps nested functions in `__name(fn, "name")`, a helper that
 * exists in Node but not in the page a function is sent to: the page gets a no-op of the same name.
 */
export const NAME_SHIM = 'globalThis.__name = (fn) => fn;';

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
  // Times on the wall clock in milliseconds with their fractions (timeOrigin + now), the clock the
  // page's own `performance.timeOrigin + performance.now()` reads on the same machine.
  const wall = () => performance.timeOrigin + performance.now();
  let arrivals: number[] = [];
  let finishes: number[] = [];
  const onRequest = (
    _request: unknown,
    response: { on(event: 'finish', listener: () => void): void },
  ) => {
    const at = arrivals.push(wall()) - 1;
    response.on('finish', () => (finishes[at] = wall()));
  };
  const http = server.app.server;
  http.on('request', onRequest);
  return {
    reset() {
      arrivals = [];
      finishes = [];
    },
    /**
     * The span since the last reset, once every request that arrived has finished: of the requests
     * answered by `before` (a wall-clock time: when the new rows reached the page's DOM) when
     * given, so that a call the page sends after drawing them (the keyword lists read again, the
     * stories of the page) is not counted as time the rows waited for.
     */
    async span(before?: number): Promise<{ ms: number; requests: number }> {
      const done = () => finishes.filter((f) => f !== undefined).length;
      for (let i = 0; i < 100 && done() < arrivals.length; i++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const waitedFor = arrivals
        .map((arrival, i) => ({ arrival, finish: finishes[i] }))
        .filter(
          (r): r is { arrival: number; finish: number } =>
            r.finish !== undefined && (before === undefined || r.finish <= before),
        );
      if (waitedFor.length === 0) return { ms: 0, requests: 0 };
      return {
        ms:
          Math.max(...waitedFor.map((r) => r.finish)) -
          Math.min(...waitedFor.map((r) => r.arrival)),
        requests: waitedFor.length,
      };
    },
    stop() {
      http.off('request', onRequest);
    },
  };
}
