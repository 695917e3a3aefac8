import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { startBrowserMode } from '../../src/browser/browserMode';
import { createCore, type Core } from '../../src/main/core/createCore';
import { silentLogger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/memorySecretStore';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings';
import { ABOUT_AREA, AREAS, ROUTE_PATHS } from '../../src/renderer/app/routePaths';
import { areaRoutes } from '../../src/renderer/domain/screens/screens';
import { blockingViolations, settle } from './axe';
import { expect, openSignedIn, test as base } from './fixtures';
import { todaysShare } from './share';

/** The demo console's page address and core: what openSignedIn needs. */
interface DemoConsole {
  url: string;
  host: { core: Core };
}

/** A demo console's core and the browser-mode server in front of it. */
async function startDemoConsole(serverUrl: string) {
  const core = createCore({
    settings: DEFAULT_SETTINGS,
    apiUrl: serverUrl,
    demo: true,
    shell: 'browser',
    version: '0.0.0-a11y',
    secrets: createMemorySecretStore(),
    log: silentLogger,
    apiUrlSource: 'demo',
    settingsFiles: { user: null, machine: null },
  });
  const running = await startBrowserMode({
    core,
    rendererDir: resolve(__dirname, '../../out/renderer'),
    port: 0,
    log: silentLogger,
  });
  return { console: { url: running.url, host: { core } }, close: () => running.close() };
}

const VIEWPORT = { width: 1280, height: 800 };

/**
 * The console flagged as demo, so that the demo tag and banner (shown only on the embedded demo
 * server) are checked too; the data comes from the worker's test server. `demoConsole` is a fresh
 * one for a test that signs in or changes what the shell keeps; `routePage` is one signed-in page
 * that the route checks share, each moving it to its route as the side menu does (a hash change,
 * no new page load): those checks only read, and the console's start-up, which would otherwise
 * be most of each one's time, has its own tests (session.spec.ts, the start-up benchmark).
 */
const test = base.extend<{ demoConsole: DemoConsole }, { routePage: Page }>({
  demoConsole: async ({ server }, use) => {
    const started = await startDemoConsole(server.url);
    await use(started.console);
    await started.close();
  },
  routePage: [
    async ({ server, browser }, use) => {
      const started = await startDemoConsole(server.url);
      const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await openSignedIn(page, started.console, '/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      // The route checks move this page by its address; openSignedIn needs the console too.
      Object.assign(page, { demoConsole: started.console });
      await use(page);
      await context.close();
      await started.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** Moves the shared page to a route, in the theme a check asks for. */
async function showRoute(page: Page, path: string, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
  const { url } = (page as Page & { demoConsole: DemoConsole }).demoConsole;
  await page.goto(`${url}#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
}

test.use({ viewport: VIEWPORT });
// Axe takes seconds on a long list: the routes share the workers.
test.describe.configure({ mode: 'parallel' });

/** Level-one headings: each screen has exactly one. */
async function headingOnes(page: Page): Promise<number> {
  return page.getByRole('heading', { level: 1 }).count();
}

test('the login screen has no serious or critical axe violation and one level-one heading', async ({
  page,
  demoConsole,
}) => {
  await page.goto(demoConsole.url);
  await expect(page.getByLabel('Username')).toBeVisible();
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
  expect(await headingOnes(page)).toBe(1);
});

// The check itself: a page with a serious violation is reported, so a pass below means something.
test('the axe check reports a serious violation when a page has one', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><button type="button"></button></main></html>',
  );
  expect(await blockingViolations(page)).toEqual([
    expect.stringMatching(/^button-name \(critical\): button$/),
  ]);
});

/** The level-one heading each route shows: its screen's title (an area's path shows its first). */
const HEADINGS = new Map(
  [...AREAS, ABOUT_AREA].flatMap(areaRoutes).map(({ path, screen }) => [path, screen.title]),
);

/** The routes that are pages of their own, not lists under a result header. */
const OWN_PAGES = new Set(['/about', '/shift', '/quality', '/queues']);

// One test per route: a failure names its route. Each also shows that every protected route of
// SPEC.md 2 renders its screen: its list under the result header (About, the console's own
// screen, its title). The route guard in front of them all has its own test (session.spec.ts).
for (const { path } of ROUTE_PATHS) {
  test(`${path} renders its screen, with no serious or critical axe violation and one level-one heading`, async ({
    routePage: page,
  }) => {
    await showRoute(page, path, 'light');
    // Its own title first: the screen before (a worker shows the routes in turn) may also have
    // a result header, and entering a list draws once core has its call.
    await expect(
      page.getByRole('heading', { level: 1, name: HEADINGS.get(path), exact: true }),
    ).toBeVisible();
    // A list also shows its result header; About, Shift, Quality and Queues are pages of their
    // own, not lists: their title says they rendered.
    if (!OWN_PAGES.has(path)) {
      // A list's first load can take long on a loaded machine (the PostgreSQL suites run beside
      // the browser suite).
      await expect(page.getByText(/^You see \( \d+ - \d+ \) of \d+ results$/).first()).toBeVisible({
        timeout: 30_000,
      });
    }
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    expect(await headingOnes(page)).toBe(1);
  });
}

// Dark mode (About & Settings' theme): the same promise with the system set to dark, which the console follows.
test('in dark mode, the login screen has no serious or critical axe violation', async ({
  page,
  demoConsole,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(demoConsole.url);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
});

// The dark pass repeats the light one with other colours: a share of the routes a run, another
// share each day, every route on the full pass (tests/e2e/share.ts).
for (const { path } of todaysShare(ROUTE_PATHS, 4)) {
  test(`in dark mode, ${path} has no serious or critical axe violation`, async ({
    routePage: page,
  }) => {
    await showRoute(page, path, 'dark');
    await expect(
      page.getByRole('heading', { level: 1, name: HEADINGS.get(path), exact: true }),
    ).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('the collapsed side menu has no serious or critical axe violation', async ({
  page,
  demoConsole,
}) => {
  await openSignedIn(page, demoConsole, '/keyword');
  await page.getByRole('button', { name: 'Collapse the side menu' }).click();
  await expect(page.locator('#dqc-side-menu')).toHaveClass(/ant-layout-sider-collapsed/);
  await settle(page);
  expect(await blockingViolations(page)).toEqual([]);
});
