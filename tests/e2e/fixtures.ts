import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBrowserMode, type BrowserMode } from '../../src/browser/browserMode';
import { createNodeHost, type NodeHost, type NodeHostOptions } from '../../src/browser/nodeHost';
import type { Core } from '../../src/main/core/createCore';
import { silentLogger } from '../../src/main/core/log';
import { startTestServer, type TestServer } from '../support/testServer';

const projectRoot = resolve(__dirname, '../..');

/** The console in browser mode: real core, real keychain where there is one, built renderer. */
export interface ConsoleApp {
  url: string;
  host: NodeHost;
  keychainService: string;
  /**
   * Stops core and the browser-mode server and starts them again, as a user restarting the app: on
   * the same port, so the page keeps its origin and its localStorage, as the desktop app's does.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function startConsole(
  apiUrl: string,
  keychainService: string,
  dataDir: string,
  env: Record<string, string>,
  hostOptions: ConsoleHostOptions,
  port = 0,
) {
  const host = await createNodeHost({
    ...hostOptions,
    userDataDir: dataDir,
    env: { ...env, DQC_API_URL: apiUrl, DQC_KEYCHAIN_SERVICE: keychainService },
    userFile: null,
    machineFile: null,
    log: silentLogger,
    version: '0.0.0-e2e',
    projectRoot,
  });
  const browser = await startBrowserMode({
    core: host.core,
    rendererDir: resolve(projectRoot, 'out/renderer'),
    port,
    log: silentLogger,
  });
  return { host, browser };
}

/** What a test may change in a console's core beyond its settings. */
export type ConsoleHostOptions = Pick<NodeHostOptions, 'livePollIntervalMs'>;

/**
 * `env`: more settings by their environment variables (docs/configuration.md, The settings);
 * `hostOptions`: core's test hooks (a shorter poll of the cards on screen).
 */
export async function launchConsole(
  apiUrl: string,
  env: Record<string, string> = {},
  hostOptions: ConsoleHostOptions = {},
): Promise<ConsoleApp> {
  const keychainService = `DQC Console e2e ${randomUUID()}`;
  // Each console its own user-data folder (journals, runs), kept across a restart.
  const dataDir = mkdtempSync(join(tmpdir(), 'dqc-e2e-data-'));
  let running: { host: NodeHost; browser: BrowserMode } = await startConsole(
    apiUrl,
    keychainService,
    dataDir,
    env,
    hostOptions,
  );
  const app: ConsoleApp = {
    url: running.browser.url,
    host: running.host,
    keychainService,
    async restart() {
      const port = Number(new URL(running.browser.url).port);
      // The old core ends as a quitting app's does: its runs and outbox send nothing more.
      await running.host.core.close();
      await running.browser.close();
      running = await startConsole(apiUrl, keychainService, dataDir, env, hostOptions, port);
      app.url = running.browser.url;
      app.host = running.host;
    },
    async close() {
      // Leave no session behind in the developer's keychain.
      running.host.core.halt();
      await running.host.core.session.signOut('user').catch(() => undefined);
      // Its files closed, not left to the garbage collector.
      await running.host.core.close();
      await running.browser.close();
    },
  };
  return app;
}

interface Fixtures {
  app: ConsoleApp;
}
interface WorkerFixtures {
  server: TestServer;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startTestServer('pglite');
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  app: async ({ server }, use) => {
    const app = await launchConsole(server.url);
    await use(app);
    await app.close();
  },
});

export { expect };

/**
 * A list's result range above its table, "You see ( from - to ) of N results" (SPEC.md 2): the one
 * locator every E2E file reads it with.
 */
export const header = (page: Page) => page.getByRole('status', { name: 'Result range' });

/** Signs in through the login form, as a person does: for the tests whose subject is signing in. */
export async function signIn(page: Page, username = 'reviewer1', password = 'demo') {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Log In' }).click();
}

/**
 * Opens a route already signed in, as a reopened window finds core's session: core signs in, then
 * the page loads straight onto the screen. For every test whose subject is not the login form,
 * which session.spec.ts and the route guard's own tests cover; it spares each test the login
 * screen's load and its typing. A console that is signed in already (one a worker's tests share,
 * as faults.spec.ts does) is left as it is.
 */
export async function openSignedIn(
  page: Page,
  app: { url: string; host: { core: Core } },
  route: string,
  username = 'reviewer1',
  password = 'demo',
) {
  if (!app.host.core.session.isLogged()) {
    const signedIn = await app.host.core.dispatch('session.signIn', { username, password });
    expect(signedIn.ok, `core signs in as ${username}`).toBe(true);
  }
  await page.goto(`${app.url}#${route}`);
}

/**
 * Chooses an option of an Ant Design select and waits until the select shows it. A click that
 * lands while the dropdown is still sliding in can be lost on a busy machine; then it tries again.
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!(await dropdown.isVisible())) await select.click();
    await page.locator(`.ant-select-item-option[title="${option}"]`).click({ timeout: 5_000 });
    await expect(
      select.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select ")][1]'),
    ).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * chooseOption for a list longer than its dropdown shows (the 13 markets): the dropdown's virtual
 * list scrolls on wheel events only, so it is scrolled from the top until the option is drawn.
 */
export async function chooseListedOption(page: Page, select: Locator, option: string) {
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!(await dropdown.isVisible())) await select.click();
    const item = dropdown.locator(`.ant-select-item-option[title="${option}"]`);
    if ((await item.count()) === 0) {
      // A dropdown still closing from the last choice matches but never becomes hoverable: a
      // bounded wait lets toPass open it again instead of waiting out the test.
      await dropdown.hover({ timeout: 2_000 });
      await page.mouse.wheel(0, -2_000);
    }
    for (let step = 0; step < 12 && (await item.count()) === 0; step += 1) {
      await page.mouse.wheel(0, 64);
    }
    await item.click({ timeout: 5_000 });
    await expect(
      select.locator('xpath=ancestor-or-self::*[contains(@class,"ant-select ")][1]'),
    ).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
