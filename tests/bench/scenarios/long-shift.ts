/**
 * Long shift: 2,000 scripted review actions in Chromium (BENCH_ACTIONS), a
 * reviewer's mix: decisions on cards (Select / Eliminate, each flipping the card, so the data
 * stays balanced and the screen always has cards), Review with its confirmation, page switches,
 * filter changes, and a visit to the keyword list to open and close a keyword's form. Judged:
 * one decision (Select, Eliminate, Review), click to the changed card shown, <= 250 ms at p95
 * (the spec's 150 ms reload delay included; timed in the page, reviewActions.ts); no failed
 * action; the page's JavaScript heap after garbage collection grows <= 10 MB, core's resident
 * memory after garbage collection grows <= 20 MB, each from after a warm-up of 100 actions to
 * the end. Every action of any kind is also timed from the bench process, click to done (reported).
 *
 * Core runs in its own process (coreChild.ts), so its resident memory is its own and not the
 * bench process's, which holds the reference server and Playwright.
 */
import type { CDPSession, Page } from '@playwright/test';
import { createWriteStream, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../../support/testServer';
import { launchChromium } from '../lib/chromium';
import { spread, type Figure } from '../lib/figures';
import { runScenario } from '../lib/scenario';
import { chooseOption, openSignedIn, resultRange } from '../browser/consolePage';
import { startCoreProcess, type CoreProcess } from '../browser/coreProcess';
import { clickToPaint } from '../browser/inPage';
import { decideOnCard, type ActionResult } from '../browser/reviewActions';
import { DecisionTimes } from '../browser/decisionTimes';

const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 2000);
const WARM_UP = 100;
/**
 * How long an action may wait for its result before it counts as failed: a slow action is the
 * timing figures' business, a failed one means no result at all. 10 s was too short for the
 * keyword list's round trip on a loaded two-core machine (a keyword-form action failed after 10 s
 * at a load average of 17 while every other action succeeded).
 */
const TIMEOUT_MS = 30_000;
const MB = 2 ** 20;
const USERNAME = 'reviewer1';
/** A decision slower than this is listed with its split, to tell where its time went. */
const SLOW_MS = 250;
/**
 * A folder to write the page's heap snapshots to (`BENCH_HEAP_SNAPSHOTS=/tmp/heaps`), after the
 * warm-up, at each reading along the way and at the end: what the heap's growth is made of, for
 * `tests/bench/lib/heapDiff.ts` to compare. Off by default: a snapshot takes seconds and memory.
 */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;

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

/**
 * A dialog whose opening zoom has ended (SPEC.md: a modal's transition is 300 ms), which is when a
 * person sees it. Before the zoom begins, Ant Design draws the dialog for a frame or two at full
 * size but transparent; Playwright counts that as visible and stable, and its press on Close then
 * landed there while the release came after the zoom had moved Close away, so no click. That was
 * the keyword form's lost Close (docs/performance.md, A long shift). Reproduced by opening the
 * dialog and pressing Close in its first frame (class ant-zoom-appear-prepare), then releasing two
 * frames later (zoom active): the click was lost 6 times of 6, the dialog left open with the focus
 * on Close, as in the failed action; pressed once the zoom had ended, it closed 6 times of 6.
 */
const SETTLED_DIALOG = '.ant-modal:not([class*="-appear"]):not([class*="-enter"])';

const CARDS = { items: '[data-item-id]', count: 20, key: 'data-item-id', timeoutMs: TIMEOUT_MS };

class Shift {
  constructor(private readonly page: Page) {}

  /**
   * One action; a failed one is followed by a return to the Review screen, so that it stays one
   * failure. (Before, a keyword-form action that failed on the keyword list left the page there, and
   * the next 19 actions of the rhythm failed in turn for want of cards, a pager or the filter form,
   * until the next keyword-form action happened to navigate back: 20 failures in one stretch.)
   */
  async act(n: number): Promise<ActionResult> {
    const result = await this.attempt(n);
    if (!result.ok) await this.backToReview();
    return result;
  }

  private async attempt(n: number): Promise<ActionResult> {
    const kind = RHYTHM[n % RHYTHM.length]!;
    try {
      switch (kind) {
        case 'decide':
        case 'review':
          return await this.page.evaluate(decideOnCard, {
            index: (n * 7) % 20, // spread over the page's cards
            kind,
            username: USERNAME,
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
      return {
        ok: false,
        reason: error instanceof Error ? error.message.split('\n')[0]! : String(error),
      };
    }
  }

  /**
   * After a failure: whatever is open (a modal, a dropdown) closed, the Review screen shown with its
   * cards, whichever screen the failure left. A return that fails too is left to the next action.
   */
  private async backToReview(): Promise<void> {
    const page = this.page;
    try {
      await page.keyboard.press('Escape');
      await page.evaluate(() => {
        if (!location.hash.startsWith('#/filter')) location.hash = '#/filter';
      });
      await resultRange(page).waitFor({ timeout: TIMEOUT_MS });
      await page.locator('[data-item-id]').nth(19).waitFor({ timeout: TIMEOUT_MS });
    } catch {
      // The next action fails on its own and tries again.
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
      .innerText({ timeout: TIMEOUT_MS });
    const next = current.includes('New to Old') ? 'Old to New' : 'New to Old';
    await chooseOption(this.page, form.getByLabel('Sort By Detect Time'), next);
    return this.paint('form[aria-label="Review filter"] button[type="submit"]');
  }

  /** To the keyword list, a keyword's Update form opened and closed, back to Review. */
  private async keywordForm(): Promise<ActionResult> {
    const page = this.page;
    const modal = page.locator('.ant-modal').filter({ hasText: 'Update' }).last();
    await this.step('to the keyword list', () =>
      page.evaluate(() => (location.hash = '#/keyword/get-keywords')),
    );
    await this.step('Update clicked', () =>
      page
        .locator('.ant-table-tbody tr[data-row-key]')
        .first()
        .getByRole('button', { name: 'Update' })
        .click({ timeout: TIMEOUT_MS }),
    );
    await this.step('the form drawn', () =>
      modal.and(page.locator(SETTLED_DIALOG)).waitFor({ timeout: TIMEOUT_MS }),
    );
    await this.step('Close clicked', () =>
      modal.getByRole('button', { name: 'Close' }).click({ timeout: TIMEOUT_MS }),
    );
    await this.step('the form hidden', () =>
      modal.waitFor({ state: 'hidden', timeout: TIMEOUT_MS }),
    );
    await this.step('back to Review', () => page.evaluate(() => (location.hash = '#/filter')));
    await this.step('the result range shown', () =>
      resultRange(page).waitFor({ timeout: TIMEOUT_MS }),
    );
    await this.step('20 cards shown', () =>
      page.locator('[data-item-id]').nth(19).waitFor({ timeout: TIMEOUT_MS }),
    );
    return { ok: true };
  }

  /**
   * One step of an action: a failure says which step, and what the page showed then (its address,
   * cards, open dialogs and the text of any error), so that a failed action can be explained.
   */
  private async step<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const first = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      const seen = await this.page
        .evaluate(() => {
          const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
          const errors = Array.from(
            document.querySelectorAll('.ant-result, .ant-alert-error, .ant-message-error'),
          ).map((e) => e.textContent?.slice(0, 120));
          const dialogs = Array.from(document.querySelectorAll('.ant-modal'))
            .filter(visible)
            .map((e) => `"${e.querySelector('.ant-modal-title')?.textContent ?? ''}"`);
          return [
            `at ${location.hash}`,
            `${document.querySelectorAll('[data-item-id]').length} cards`,
            `${dialogs.length} dialogs open ${dialogs.join(' ')}`,
            `focus on ${document.activeElement?.tagName ?? '-'} "${document.activeElement?.textContent?.slice(0, 30) ?? ''}"`,
            `${document.querySelectorAll('.ant-table-tbody tr[data-row-key]').length} table rows`,
            ...(errors.length ? [`errors: ${errors.join(' / ')}`] : []),
            `last pointer events: ${(window as PointerLogWindow).pointerLog?.join(' | ') ?? '-'}`,
          ].join(', ');
        })
        .catch((e: unknown) => `page not readable: ${String(e).slice(0, 80)}`);
      // What the screen showed, to look at afterwards.
      const shot = join(tmpdir(), `dqc-long-shift-${Date.now()}.png`);
      await this.page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${name}: ${first} (${seen}; screenshot ${shot})`);
    }
  }
}

type PointerLogWindow = Window & { pointerLog?: string[] };
const POINTER_LOG_SIZE = 12;

/**
 * Keeps the page's last pointer events (type, time, the element and its button's top edge), for a
 * failed step to show: a click lost between press and release (the keyword form's) says
 * where each half landed. Runs in the page; the listeners outlive the screens' route changes.
 */
function logPointerEvents(size: number): void {
  const log: string[] = [];
  (window as PointerLogWindow).pointerLog = log;
  const note = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    const top = button ? Math.round(button.getBoundingClientRect().top) : '-';
    const { clientX, clientY } = event as MouseEvent;
    log.push(
      // The event's own time, not performance.now(): this function's source runs in the page,
      // where the name `performance` imported above for Node is not defined (it threw a
      // ReferenceError at every pointer event, which DevTools kept: 2 KB of page heap an action).
      `${event.type} ${Math.round(event.timeStamp)} ${target?.tagName ?? '-'} ` +
        `"${button?.textContent?.slice(0, 20) ?? ''}" top ${top} at ${clientX},${clientY}`,
    );
    if (log.length > size) log.shift();
  };
  for (const type of ['pointerdown', 'pointerup', 'click'])
    document.addEventListener(type, note, true);
}

/** The page's uncaught errors of the shift: how many of each message, the commonest first. */
function pageErrorNote(errors: string[], warmUp: number): string {
  const counts = new Map<string, number>();
  for (const message of errors.slice(warmUp)) counts.set(message, (counts.get(message) ?? 0) + 1);
  const listed = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${n} x "${m.slice(0, 120)}"`);
  return `Playwright's pageerror events after the warm-up (${warmUp} during it): ${listed.join('; ') || 'none'}`;
}

/** The middle of three readings, in MB. */
const mbMiddle = (values: number[]) => `${spread(values).p50.toFixed(1)} MB`;

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
  const coreHeap: number[] = [];
  const coreCommitted: number[] = [];
  const coreExternal: number[] = [];
  const coreNewSpace: number[] = [];
  for (let i = 0; i < 3; i++) {
    const memory = await core.memory();
    rss.push(memory.rss / MB);
    coreHeap.push(memory.heapUsed / MB);
    coreCommitted.push(memory.heapTotal / MB);
    coreExternal.push(memory.external / MB);
    coreNewSpace.push(memory.newSpace / MB);
  }
  return { heap, rss, coreHeap, coreCommitted, coreExternal, coreNewSpace };
}

/**
 * The page's heap after `actions` actions, as DevTools takes it (after its own collection), written
 * into the BENCH_HEAP_SNAPSHOTS folder; nothing without it.
 */
async function writeHeapSnapshot(cdp: CDPSession, actions: number): Promise<void> {
  if (!SNAPSHOTS) return;
  const path = join(SNAPSHOTS, `after-${actions}.heapsnapshot`);
  mkdirSync(SNAPSHOTS, { recursive: true });
  const out = createWriteStream(path);
  const write = ({ chunk }: { chunk: string }) => out.write(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', write);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', write);
  await new Promise<void>((done, fail) =>
    out.end((error?: Error | null) => (error ? fail(error) : done())),
  );
  console.log(`heap snapshot: ${path}`);
}

runScenario('long-shift', async (notes) => {
  const server = await startTestServer('pglite');
  const core = await startCoreProcess(server.url);
  const browser = await launchChromium();
  try {
    const page = await openSignedIn(browser, core.url, USERNAME, { logBridge: true });
    // An error the page throws and nobody catches is a defect a reviewer may never see; DevTools
    // also keeps each one, so they would grow the heap figure. Counted over the shift, judged 0.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.evaluate(logPointerEvents, POINTER_LOG_SIZE);
    await page.locator('[data-item-id]').nth(19).waitFor({ timeout: TIMEOUT_MS });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const shift = new Shift(page);
    const failures: string[] = [];
    const durations: number[] = [];
    const decisions = new DecisionTimes(SLOW_MS);
    const began = performance.now();
    const run = async (from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const kind = RHYTHM[n % RHYTHM.length]!;
        const started = performance.now();
        const result = await shift.act(n);
        const took = performance.now() - started;
        durations.push(took);
        decisions.add({ n, kind, atSeconds: (started - began) / 1000, tookMs: took, result });
        if (n % 100 === 99)
          console.log(`action ${n + 1} at ${((performance.now() - began) / 1000).toFixed(0)} s`);
        if (!result.ok) {
          failures.push(`${n} ${kind}: ${result.reason}`);
          console.log(
            `action ${n} (${kind}) failed at ${((started - began) / 1000).toFixed(1)} s: ${result.reason}`,
          );
        }
      }
    };

    await run(0, WARM_UP);
    const warmFailures = failures.length;
    const warmPageErrors = pageErrors.length;
    const start = await memoryNow(cdp, page, core);
    await writeHeapSnapshot(cdp, WARM_UP);
    durations.length = 0;
    decisions.clear();
    const trend: string[] = [];
    const shiftBegan = performance.now();
    const stride = Math.max(250, Math.ceil(ACTIONS / 4));
    for (let done = 0; done < ACTIONS; done += stride) {
      await run(WARM_UP + done, WARM_UP + Math.min(ACTIONS, done + stride));
      const elapsed = performance.now() - shiftBegan;
      if (done + stride < ACTIONS) {
        const { heap } = await memoryNow(cdp, page, core);
        trend.push(`${done + stride}: ${spread(heap).p50.toFixed(1)} MB`);
        await writeHeapSnapshot(cdp, WARM_UP + done + stride);
      }
      console.log(
        `${Math.min(ACTIONS, done + stride)} actions in ${(elapsed / 1000).toFixed(0)} s, ${failures.length} failed`,
      );
    }
    const minutes = (performance.now() - shiftBegan) / 60_000;
    console.log(decisions.summary());
    const end = await memoryNow(cdp, page, core);
    await writeHeapSnapshot(cdp, WARM_UP + ACTIONS);
    const shiftFailures = failures.length - warmFailures;
    if (failures.length) console.log(`failed actions:\n${failures.join('\n')}`);
    const failed = shiftFailures
      ? `; ${shiftFailures} of ${ACTIONS} actions failed, first: ${failures[warmFailures]}`
      : `; all ${ACTIONS} actions succeeded`;
    notes.push(
      `Long shift: ${ACTIONS} actions after ${WARM_UP} of warm-up (${warmFailures} failed), in the rhythm ${RHYTHM.join(', ')}; page heap after GC along the way: ${trend.join(', ') || '-'}.`,
    );
    /** A memory reading at the end of the shift, judged against the same after the warm-up. */
    const grown = (
      name: string,
      reading: 'heap' | 'rss' | 'coreHeap',
      target: number | null,
      note: string,
    ): Figure => ({
      scenario: 'long-shift',
      name: `${name} after GC, after ${ACTIONS} actions`,
      unit: 'MB',
      value: spread(end[reading]),
      floor: { name: `after ${WARM_UP} actions of warm-up`, value: spread(start[reading]) },
      judge: 'p50 beyond floor',
      target,
      note,
    });
    return [
      grown(
        'Page JavaScript heap',
        'heap',
        10,
        `CDP HeapProfiler.collectGarbage (twice) then Runtime.getHeapUsage, 3 readings${failed}`,
      ),
      grown(
        'Core resident memory',
        'rss',
        20,
        `core in its own Node process: global.gc() twice, then process.memoryUsage().rss${failed}`,
      ),
      // Beside the RSS: whether a growth is JavaScript objects core still holds (this grows
      // too) or lies outside V8's heap (buffers, native memory, what the allocator keeps).
      grown(
        'Core JavaScript heap',
        'coreHeap',
        null,
        `core in its own Node process: global.gc() twice, then process.memoryUsage().heapUsed; V8's heap as committed (heapTotal) ${mbMiddle(start.coreCommitted)} -> ${mbMiddle(end.coreCommitted)}, of it the young generation (new space, kept small: src/main/core/youngGeneration.ts) ${mbMiddle(start.coreNewSpace)} -> ${mbMiddle(end.coreNewSpace)}, outside it (external) ${mbMiddle(start.coreExternal)} -> ${mbMiddle(end.coreExternal)}`,
      ),
      {
        scenario: 'long-shift',
        name: 'One review decision, click to the changed card shown',
        unit: 'ms',
        value: spread(decisions.shown()),
        floor: null,
        judge: 'p95',
        target: 250,
        note: `Select, Eliminate and Review (with its confirmation), timed in the page: click to a frame after the card, reloaded 150 ms after the change (SPEC.md 4), shows its new state; ${decisions.splitNote()}`,
      },
      {
        scenario: 'long-shift',
        name: `Failed actions, of ${ACTIONS}`,
        unit: 'actions',
        value: spread([shiftFailures]),
        floor: null,
        judge: 'p50',
        target: 0,
        note: shiftFailures ? `first: ${failures[warmFailures]}` : 'none failed',
      },
      {
        scenario: 'long-shift',
        name: `Uncaught errors in the page, over ${ACTIONS} actions`,
        unit: 'errors',
        value: spread([pageErrors.length - warmPageErrors]),
        floor: null,
        judge: 'p50',
        target: 0,
        note: pageErrorNote(pageErrors, warmPageErrors),
      },
      {
        scenario: 'long-shift',
        name: 'One action of any kind, click to done (from the bench process)',
        unit: 'ms',
        value: spread(durations),
        floor: null,
        judge: 'p50',
        target: null,
        note: `${(ACTIONS / minutes).toFixed(0)} actions per minute (scripted, no pauses); ${decisions.kindNote()}`,
      },
    ] satisfies Figure[];
  } finally {
    await browser.close();
    await core.close();
    await server.close();
  }
});
