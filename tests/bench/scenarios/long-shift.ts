/**
 * Long shift: 2,000 scripted review actions in Chromium (BENCH_ACTIONS), a
 * reviewer's mix: decisions on cards (Select / Eliminate, each flipping the card, so the data
 * stays balanced and the screen always has cards), Review with its confirmation, page switches,
 * filter changes, and a visit to the keyword list to open and close a keyword's form. Judged:
 * the page's JavaScript heap after garbage collection grows <= 10 MB, core's resident memory
 * after garbage collection grows <= 20 MB, each from after a warm-up of 100 actions to the end.
 *
 * Core runs in its own process (coreChild.ts), so its resident memory is its own and not the
 * bench process's, which holds the reference server and Playwright.
 */
import type { CDPSession, Page } from '@playwright/test';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../../support/testServer';
import { launchChromium } from '../lib/chromium';
import { spread, type Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';
import { chooseOption, openSignedIn, resultRange } from '../browser/consolePage';
import { startCoreProcess, type CoreProcess } from '../browser/coreProcess';
import { clickToPaint } from '../browser/inPage';
import { decideOnCard, type ActionResult } from '../browser/reviewActions';

const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 2000);
const WARM_UP = 100;
const TIMEOUT_MS = 10_000;
const MB = 2 ** 20;

type Kind = 'decide' | 'review' | 'page' | 'filter' | 'keyword form';

/** The shift's rhythm, 20 actions long: mostly decisions, now and then the rest. */
const RHYTHM: Kind[] = [
  ...Array<Kind>(12).fill('decide'),
  'review',
  'review',
  'page',
  'page',
  'page',
  'filter',
  'filter',
  'keyword form',
];

const CARDS = { items: '[data-item-id]', count: 20, key: 'data-item-id', timeoutMs: TIMEOUT_MS };

class Shift {
  constructor(private readonly page: Page) {}

  async act(n: number): Promise<ActionResult> {
    const kind = RHYTHM[n % RHYTHM.length]!;
    try {
      switch (kind) {
        case 'decide':
        case 'review':
          return await this.page.evaluate(decideOnCard, {
            index: (n * 7) % 20, // spread over the page's cards
            kind,
            timeoutMs: TIMEOUT_MS,
          });
        case 'page':
          // Next from the first page, else back: pages 0 and 1 in turn, whatever a filter did.
          return await this.paint(
            (await this.page.locator('li.ant-pagination-prev.ant-pagination-disabled').count())
              ? 'li.ant-pagination-next'
              : 'li.ant-pagination-prev',
          );
        case 'filter':
          return await this.filter();
        case 'keyword form':
          return await this.keywordForm();
      }
    } catch (error) {
      // Whatever went wrong, the next action starts from the Review screen again.
      await this.page.keyboard.press('Escape').catch(() => undefined);
      return {
        ok: false,
        reason: error instanceof Error ? error.message.split('\n')[0]! : String(error),
      };
    }
  }

  private async paint(click: string): Promise<ActionResult> {
    const result = await this.page.evaluate(clickToPaint, { click, ...CARDS });
    return result.ok ? { ok: true } : result;
  }

  /** Sort order and then Filter: new cards each time. */
  private async filter(): Promise<ActionResult> {
    const form = this.page.locator('form[aria-label="Review filter"]');
    const current = await form
      .locator('.ant-select', { hasText: /New to Old|Old to New/ })
      .innerText();
    const next = current.includes('New to Old') ? 'Old to New' : 'New to Old';
    await chooseOption(this.page, form.getByLabel('Sort By Detect Time'), next);
    return this.paint('form[aria-label="Review filter"] button[type="submit"]');
  }

  /** To the keyword list, a keyword's Update form opened and closed, back to Review. */
  private async keywordForm(): Promise<ActionResult> {
    const page = this.page;
    await page.evaluate(() => (location.hash = '#/keyword/get-keywords'));
    const row = page.locator('.ant-table-tbody tr[data-row-key]').first();
    await row.getByRole('button', { name: 'Update' }).click({ timeout: TIMEOUT_MS });
    const modal = page.locator('.ant-modal').filter({ hasText: 'Update' }).last();
    await modal.getByRole('button', { name: 'Close' }).click({ timeout: TIMEOUT_MS });
    await modal.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
    await page.evaluate(() => (location.hash = '#/filter'));
    await resultRange(page).waitFor({ timeout: TIMEOUT_MS });
    await page.locator('[data-item-id]').nth(19).waitFor({ timeout: TIMEOUT_MS });
    return { ok: true };
  }
}

/** The page's JavaScript heap after full collections, and core's RSS after its own, in MB. */
async function memoryNow(cdp: CDPSession, page: Page, core: CoreProcess) {
  // Toasts last 3 s and the list reloads 150 ms after a change: let both settle first.
  await page.waitForTimeout(3_500);
  const heap: number[] = [];
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    heap.push((await cdp.send('Runtime.getHeapUsage')).usedSize / MB);
    await page.waitForTimeout(300);
  }
  const rss: number[] = [];
  for (let i = 0; i < 3; i++) rss.push((await core.memory()).rss / MB);
  return { heap, rss };
}

runScenario('long-shift', async (notes) => {
  const server = await startTestServer('pglite');
  const core = await startCoreProcess(server.url);
  const browser = await launchChromium();
  try {
    const page = await openSignedIn(browser, core.url);
    await page.locator('[data-item-id]').nth(19).waitFor({ timeout: TIMEOUT_MS });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const shift = new Shift(page);
    const failures: string[] = [];
    const durations: number[] = [];
    const run = async (from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const started = performance.now();
        const result = await shift.act(n);
        durations.push(performance.now() - started);
        if (!result.ok) failures.push(`${RHYTHM[n % RHYTHM.length]}: ${result.reason}`);
      }
    };

    await run(0, WARM_UP);
    const warmFailures = failures.length;
    const start = await memoryNow(cdp, page, core);
    durations.length = 0;
    const trend: string[] = [];
    const began = performance.now();
    const stride = Math.max(250, Math.ceil(ACTIONS / 4));
    for (let done = 0; done < ACTIONS; done += stride) {
      await run(WARM_UP + done, WARM_UP + Math.min(ACTIONS, done + stride));
      const elapsed = performance.now() - began;
      if (done + stride < ACTIONS) {
        const { heap } = await memoryNow(cdp, page, core);
        trend.push(`${done + stride}: ${spread(heap).p50.toFixed(1)} MB`);
      }
      console.log(
        `${Math.min(ACTIONS, done + stride)} actions in ${(elapsed / 1000).toFixed(0)} s, ${failures.length} failed`,
      );
    }
    const minutes = (performance.now() - began) / 60_000;
    const end = await memoryNow(cdp, page, core);
    const shiftFailures = failures.length - warmFailures;
    if (failures.length) console.log(`failed actions:\n${failures.join('\n')}`);
    const failed = shiftFailures
      ? `; ${shiftFailures} of ${ACTIONS} actions failed, first: ${failures[warmFailures]}`
      : `; all ${ACTIONS} actions succeeded`;
    notes.push(
      `Long shift: ${ACTIONS} actions after ${WARM_UP} of warm-up (${warmFailures} failed), in the rhythm ${RHYTHM.join(', ')}; page heap after GC along the way: ${trend.join(', ') || '-'}.`,
    );
    return [
      {
        scenario: 'long-shift',
        name: `Page JavaScript heap after GC, after ${ACTIONS} actions`,
        unit: 'MB',
        value: spread(end.heap),
        floor: { name: `after ${WARM_UP} actions of warm-up`, value: spread(start.heap) },
        judge: 'p50 beyond floor',
        target: 10,
        note: `CDP HeapProfiler.collectGarbage (twice) then Runtime.getHeapUsage, 3 readings${failed}`,
      },
      {
        scenario: 'long-shift',
        name: `Core resident memory after GC, after ${ACTIONS} actions`,
        unit: 'MB',
        value: spread(end.rss),
        floor: { name: `after ${WARM_UP} actions of warm-up`, value: spread(start.rss) },
        judge: 'p50 beyond floor',
        target: 20,
        note: `core in its own Node process: global.gc() twice, then process.memoryUsage().rss${failed}`,
      },
      {
        scenario: 'long-shift',
        name: 'One review action, click to done',
        unit: 'ms',
        value: spread(durations),
        floor: null,
        judge: 'p50',
        target: null,
        note: `${(ACTIONS / minutes).toFixed(0)} actions per minute (scripted, no pauses)`,
      },
    ] satisfies Figure[];
  } finally {
    await browser.close();
    await core.close();
    await server.close();
  }
});
