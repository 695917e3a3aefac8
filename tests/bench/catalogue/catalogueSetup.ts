import type { Page } from '@playwright/test';
import { seedDemoCurrencies } from '../../../src/server/seed/demoCurrencies';
import { seedDemoUsers } from '../../../src/server/seed/demoUsers';
import { bearerOf, startTestServer, TEST_SCRYPT, type TestServer } from '../../support/testServer';
import { startBenchConsole, type BenchConsole } from '../lib/browserConsole';
import { launchChromium } from '../lib/chromium';
import { installProbe } from '../lib/pageProbe';
import { NAME_SHIM } from '../browser/consolePage';
import { serverClock, type ServerClock } from './serverClock';
import { startCoreProcess } from '../browser/coreProcess';
import type { Envelope } from '../../../src/shared/bridge';

export interface SeededCatalogue {
  currencies: number;
  tradingPairs: number;
}

/** The demo seed's catalogue ids are drawn from 1-30,000: a larger catalogue cannot get its own. */
const MOST_CURRENCIES = 25_000;

/**
 * The demo catalogue itself, at `total` currencies instead of 2,500 (seedDemoCurrencies' own
 * `catalogue` option: websites, socials, tags, trading pairs for the better-ranked half), on a
 * server seeded with nothing else but the demo users the page signs in as.
 */
async function seedCatalogue(server: TestServer, total: number): Promise<SeededCatalogue> {
  if (!Number.isInteger(total) || total < 1 || total > MOST_CURRENCIES)
    throw new Error(`BENCH_CURRENCIES must be a whole number from 1 to ${MOST_CURRENCIES}.`);
  await seedDemoUsers(server.context.db, TEST_SCRYPT);
  await seedDemoCurrencies(server.context.db, { catalogue: total });
  const [counts] = await server.context.db.query<SeededCatalogue>(
    `SELECT (SELECT count(*)::int FROM currencies) AS currencies,
            (SELECT count(*)::int FROM currency_trading_pairs) AS "tradingPairs"`,
  );
  return { currencies: Number(counts!.currencies), tradingPairs: Number(counts!.tradingPairs) };
}

/** A sign-in that must succeed before anything is measured. */
async function signedIn(answer: Promise<Envelope<unknown>>): Promise<void> {
  const envelope = await answer;
  if (!envelope.ok) throw new Error(`core could not sign in: ${envelope.error.message}`);
}

/** Everything the catalogue scenario measures on: server, console, one signed-in page. */
export interface CatalogueBench {
  server: TestServer;
  seeded: SeededCatalogue;
  clock: ServerClock;
  /** A core in the bench's own process, signed in, for the figures of core itself. */
  console: BenchConsole;
  page: Page;
  /** Headers of a signed-in API client, for raw fetches of the same server. */
  auth: Record<string, string>;
  /** The bridge's messages to the page (its WebSocket frames received), as the page gets them. */
  bridge: BridgeFrames;
  close(): Promise<void>;
}

/** The size of every bridge message the page received since the last take. */
export interface BridgeFrames {
  /** Bytes of each message received since the last take, in order. */
  take(): number[];
}

/** Records the bridge's messages to the page from its first, so none is missed. */
function recordBridge(page: Page): BridgeFrames {
  let sizes: number[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      sizes.push(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
    });
  });
  return {
    take() {
      const taken = sizes;
      sizes = [];
      return taken;
    },
  };
}

export async function startCatalogueBench(currencies: number): Promise<CatalogueBench> {
  const server = await startTestServer('pglite', { seedDemoData: false });
  const seeded = await seedCatalogue(server, currencies);
  const clock = serverClock(server.app.server);
  // The page's core runs in its own process, as Electron's main process is beside a server
  // elsewhere: in the bench's process it shared one thread with the server and its database, and
  // its reading of the answer counted as the server's time while the server waited on it. The
  // figures of core itself (cataloguePage dispatched, no page) use a core in this process.
  const pageCore = await startCoreProcess(server.url);
  const console = await startBenchConsole(server.url);
  await signedIn(
    console.core.dispatch('session.signIn', { username: 'reviewer1', password: 'demo' }),
  );
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installProbe(context);
  // The paint floor is measured with page.evaluate (inPage.ts's paintFloor), compiled by tsx.
  await context.addInitScript({ content: NAME_SHIM });
  const page = await context.newPage();
  const bridge = recordBridge(page);
  await page.goto(pageCore.url);
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
    bridge,
    async close() {
      await browser.close();
      await console.close();
      await pageCore.close();
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
