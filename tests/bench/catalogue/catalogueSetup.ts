import type { Page } from '@playwright/test';
import { bearerOf, startTestServer, type TestServer } from '../../support/testServer';
import { startBenchConsole, type BenchConsole } from '../lib/browserConsole';
import { launchChromium } from '../lib/chromium';
import { installProbe } from '../lib/pageProbe';
import { growCatalogue, type SeededCatalogue } from './seedCatalogue';
import { serverClock, type ServerClock } from './serverClock';

/** Everything the catalogue scenario measures on: server, console, one signed-in page. */
export interface CatalogueBench {
  server: TestServer;
  seeded: SeededCatalogue;
  clock: ServerClock;
  console: BenchConsole;
  page: Page;
  /** Headers of a signed-in API client, for raw fetches of the same server. */
  auth: Record<string, string>;
  close(): Promise<void>;
}

export async function startCatalogueBench(currencies: number): Promise<CatalogueBench> {
  const server = await startTestServer('pglite');
  const seeded = await growCatalogue(server.context.db, currencies);
  const clock = serverClock(server.app.server);
  const console = await startBenchConsole(server.url);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installProbe(context);
  const page = await context.newPage();
  await page.goto(console.url);
  await page.getByLabel('Username').fill('reviewer1');
  await page.getByLabel('Password').fill('demo');
  await page.locator('form').getByRole('button', { name: 'Log In' }).click();
  await page.locator('input[type="password"]').waitFor({ state: 'detached' });
  return {
    server,
    seeded,
    clock,
    console,
    page,
    auth: await bearerOf(server),
    async close() {
      await browser.close();
      await console.close();
      clock.stop();
      await server.close();
    },
  };
}

/** Opens a light screen (About) and waits for it, so that the next navigation starts from it. */
export async function parkOnAbout(page: Page): Promise<void> {
  await page.evaluate("location.hash = '#/about'");
  await page.getByRole('heading', { name: 'About & Settings', level: 1 }).waitFor();
}
