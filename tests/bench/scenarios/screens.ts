/**
 * Screens: in Chromium, signed in, what a reviewer waits for after a click, beyond the server's own
 * time for the calls that click causes (p95 beyond floor: 20 cards at most 100 ms, 50 list rows at
 * most 60 ms; docs/performance.md, Review and the lists; the Queues screen at most 300 ms, issue
 * 49): (a) Filter on the Review screen to 20 new
 * cards painted, (b) a page switch of the review pager the same, (c) the Crypto Tags reference list
 * (client pages of 50 rows, 292 tags in the demo data) to 50 new rows painted after a Filter, (d)
 * the Queues screen opened from the side menu to its five queues painted (core reads each queue
 * with SPEC.md 7's calls: the floor is their server time). Each
 * click brings different content from the one before (sort order, page, search text alternate), so
 * no sample times a no-op render.
 *
 * The click is timed inside the page (performance.now(): click to rows in the DOM and a frame
 * produced after them); the server's span (first request's arrival to last response's finish) is
 * taken on the reference server's Node http server in this process. Core runs in a process of
 * its own, as the desktop app's main process does.
 */
import type { Page } from '@playwright/test';
import { startTestServer } from '../../support/testServer';
import { launchChromium } from '../lib/chromium';
import { spread, type Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';
import { PAINT_RATIO_TARGET } from '../lib/paintRatio';
import { clickSamples, type ClickSamples } from '../browser/clickSamples';
import { chooseOption, openSignedIn, watchServer } from '../browser/consolePage';
import { startCoreProcess } from '../browser/coreProcess';

const SAMPLES = Math.max(30, Number(process.env.BENCH_ROUNDS ?? 40));
const WARM_UP = 5;
const TIMEOUT_MS = 20_000;

/**
 * The budgets beyond the server, at p95 (docs/performance.md, Review and the lists): 20 review
 * cards, and 50 rows of a list.
 */
const CARDS_BUDGET_MS = 100;
const ROWS_BUDGET_MS = 60;

const REVIEW_FILTER = 'form[aria-label="Review filter"]';
const CARDS = { items: '[data-item-id]', count: 20, key: 'data-item-id', timeoutMs: TIMEOUT_MS };

/** The figure judged against the paint floor; the fixed budget of the ms figure is reported. */
function ratioFigureOf(name: string, s: ClickSamples): Figure {
  const { p50, p95 } = spread(s.floor);
  return {
    scenario: 'screens',
    name: `${name}, beyond the server, against its paint floor`,
    unit: 'ms',
    value: spread(s.beyond),
    floor: { name: 'its final markup painted from a string', value: spread(s.floor) },
    judge: 'p95 ratio',
    target: PAINT_RATIO_TARGET,
    note: `paint floor ${p50.toFixed(1)} / ${p95.toFixed(1)} ms over ${s.floor.length} samples, each right after its click`,
  };
}

function figureOf(name: string, s: ClickSamples, floorName: string, target: number): Figure {
  const p = (values: number[]) => {
    const { p50, p95 } = spread(values);
    return `${p50.toFixed(0)} / ${p95.toFixed(0)} ms`;
  };
  return {
    scenario: 'screens',
    name,
    unit: 'ms',
    value: spread(s.paint),
    floor: { name: floorName, value: spread(s.server) },
    judge: 'p95 beyond floor',
    // Issue 51: a fixed budget says more of the machine's hour than of the code; it is reported,
    // and the ratio to the paint floor is judged (ratioFigureOf). The Queues screen keeps its own.
    target: target === QUEUES_BUDGET_MS ? target : null,
    note:
      (target === QUEUES_BUDGET_MS ? '' : `budget was ${target} ms; `) +
      `${s.paint.length} samples after ${WARM_UP}; click to rows in the DOM ${p(s.dom)}; ` +
      `per sample painted minus server ${p(s.beyond)}; ${spread(s.requests).max} server requests per click` +
      (s.failures.length ? `; ${s.failures.length} clicks failed: ${s.failures[0]}` : ''),
  };
}

async function reviewFilter(page: Page, server: ReturnType<typeof watchServer>) {
  const sort = page.locator(REVIEW_FILTER).getByLabel('Sort By Detect Time');
  // Old to New, then New to Old: the 20 cards are a different set each time.
  return clickSamples(
    page,
    server,
    () => ({ click: `${REVIEW_FILTER} button[type="submit"]`, ...CARDS }),
    (i) => chooseOption(page, sort, i % 2 === 0 ? 'Old to New' : 'New to Old'),
    SAMPLES,
    WARM_UP,
  );
}

async function reviewPager(page: Page, server: ReturnType<typeof watchServer>) {
  // Next, then Previous: pages 1 and 0 in turn.
  return clickSamples(
    page,
    server,
    (i) => ({
      click: i % 2 === 0 ? 'li.ant-pagination-next' : 'li.ant-pagination-prev',
      ...CARDS,
    }),
    async () => undefined,
    SAMPLES,
    WARM_UP,
  );
}

async function tagList(page: Page, server: ReturnType<typeof watchServer>) {
  await page.locator('a[href="#/cryptoTag"]').first().click();
  const form = page.locator('form[aria-label="Crypto tag filter"]');
  await form.waitFor({ timeout: TIMEOUT_MS });
  await page.locator('.ant-table-tbody tr[data-row-key]').nth(49).waitFor({ timeout: TIMEOUT_MS });
  const contains = form.getByLabel('Contains');
  // Tags containing "o" (136), then "e" (203): two different first pages of 50.
  return clickSamples(
    page,
    server,
    () => ({
      click: 'form[aria-label="Crypto tag filter"] button[type="submit"]',
      items: '.ant-table-tbody tr[data-row-key]',
      count: 50,
      key: 'data-row-key',
      timeoutMs: TIMEOUT_MS,
    }),
    (i) => contains.fill(i % 2 === 0 ? 'o' : 'e'),
    SAMPLES,
    WARM_UP,
  );
}

/** The Queues screen opened from the side menu (issue 49): at most 300 ms beyond its calls. */
const QUEUES_BUDGET_MS = 300;

async function queuesScreen(page: Page, server: ReturnType<typeof watchServer>) {
  // From the Journal (which asks the provider nothing) to Queues and back: each opening reads
  // every queue anew, and its rows name the read they show. The screen shows the last read at
  // once while it reads again: that one is not the click's content.
  const rowsSelector = 'table[aria-label="Queues"] tr[data-read-at]';
  let lastRead = '';
  return clickSamples(
    page,
    server,
    () => ({
      click: 'nav[aria-label="Main"] a[href="#/queues"]',
      items: rowsSelector,
      count: 5,
      key: 'data-read-at',
      stale: lastRead,
      timeoutMs: TIMEOUT_MS,
    }),
    async () => {
      lastRead =
        (await page
          .locator(rowsSelector)
          .first()
          .getAttribute('data-read-at', { timeout: 1000 })
          .catch(() => null)) ?? '';
      await page.locator('nav[aria-label="Main"] a[href="#/journal"]').click();
      await page
        .getByRole('heading', { name: 'Journal', level: 1 })
        .waitFor({ timeout: TIMEOUT_MS });
    },
    SAMPLES,
    WARM_UP,
  );
}

runScenario('screens', async (notes) => {
  const server = await startTestServer('pglite');
  const core = await startCoreProcess(server.url);
  const browser = await launchChromium();
  const watcher = watchServer(server);
  try {
    const page = await openSignedIn(browser, core.url);
    const filter = await reviewFilter(page, watcher);
    const pager = await reviewPager(page, watcher);
    const tags = await tagList(page, watcher);
    const queues = await queuesScreen(page, watcher);
    notes.push(
      'Screens: "painted" is the new rows in the DOM and a frame produced after them (requestAnimationFrame, then a message posted from it); the floor is the server\'s span for the requests the click caused.',
    );
    return [
      figureOf(
        'Review: Filter click to 20 new cards painted',
        filter,
        'server time of its calls',
        CARDS_BUDGET_MS,
      ),
      ratioFigureOf('Review: Filter click to 20 new cards', filter),
      figureOf(
        'Review: page switch to 20 new cards painted',
        pager,
        'server time of its calls',
        CARDS_BUDGET_MS,
      ),
      ratioFigureOf('Review: page switch to 20 new cards', pager),
      figureOf(
        'Crypto Tags: Filter to 50 new rows painted',
        tags,
        'server time of its call',
        ROWS_BUDGET_MS,
      ),
      ratioFigureOf('Crypto Tags: Filter to 50 new rows', tags),
      figureOf(
        'Queues: opened from the side menu to its 5 queues painted',
        queues,
        'server time of its calls',
        QUEUES_BUDGET_MS,
      ),
    ];
  } finally {
    watcher.stop();
    await browser.close();
    await core.close();
    await server.close();
  }
});
