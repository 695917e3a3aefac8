import type { Browser, Page } from '@playwright/test';
import { performance } from 'node:perf_hooks';

/**
 * The page's main-thread tasks over a stretch of time, two ways: the page's own `longtask`
 * entries (PerformanceObserver, buffered; only tasks of 50 ms or more), and a Chromium trace of
 * the renderer's main thread, which has every task with its wall time and its thread (CPU) time.
 * On a busy machine a task's wall time includes the time the thread waited for a core; its CPU
 * time is the page's own work.
 */

/** tsx (esbuild keepNames) wraps nested functions in `__name`, which the page does not have. */
const NAME_SHIM = 'globalThis.__name = (fn) => fn;';

/** The mark the page sets itself in the task that receives a run's done event. */
export const RUN_DONE_MARK = 'bench-run-done';

/**
 * The page marks the moment its bridge delivers a run's done event, in the very task that handles
 * it: the end of "while the run goes" on the page's own clock and in the trace, so that what the
 * page does once the run has ended (the list's reload) falls after it, whatever the timing.
 */
const RUN_DONE_WATCH = `(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const text = typeof event.data === 'string' ? event.data : '';
        if (text.includes('"type":"runs.changed"') && text.includes('"status":"done"'))
          performance.mark(${JSON.stringify(RUN_DONE_MARK)});
      });
    }
  };
})();`;

export interface BridgeFrame {
  /** This process's clock when the frame arrived. */
  at: number;
  /** The event's type ('runs.changed', 'journal.appended'); null for a response. */
  type: string | null;
}

export interface WatchedPage {
  page: Page;
  /** Every bridge message the page received, as it arrived. */
  frames: BridgeFrame[];
}

/**
 * A page of the console signed in on the Review screen, its bridge WebSocket watched from
 * Playwright (outside the page, so the count costs the page nothing) from before it opens.
 */
export async function openWatched(
  browser: Browser,
  url: string,
  username = 'reviewer1',
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript({ content: RUN_DONE_WATCH });
  const page = await context.newPage();
  const frames: BridgeFrame[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const type = text.startsWith('{"kind":"event"')
        ? (/"type":"([^"]+)"/.exec(text)?.[1] ?? '?')
        : null;
      frames.push({ at: performance.now(), type });
    }),
  );
  await page.goto(url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.locator('form').getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('status', { name: 'Result range' }).waitFor({ timeout: 60_000 });
  return { page, frames };
}

/** The Review screen filtered to `keyword`: the run's items are the cards on screen. */
export async function filterReview(page: Page, keyword: string, count: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Review filter' });
  await form.getByLabel('Filter with Keyword').fill(keyword);
  await form.getByRole('button', { name: /Filter$/ }).click();
  const total = new RegExp(`of ${count.toLocaleString('en-US')} results|of ${count} results`);
  await page
    .getByRole('status', { name: 'Result range' })
    .filter({ hasText: total })
    .waitFor({ timeout: 30_000 });
}

export interface Task {
  /** Wall time, ms. */
  wall: number;
  /** The renderer main thread's CPU time, ms. */
  cpu: number;
}

export interface TaskWindow {
  /** Every task on the renderer's main thread in the window. */
  tasks: Task[];
  /** The page's longtask entries (>= 50 ms) in the window, ms. */
  longTasks: number[];
}

export interface Traced {
  /** From the mark before `work` to the page's own `splitMark`. */
  during: TaskWindow;
  /** From `splitMark` for `tailMs` after `work` ended. */
  after: TaskWindow;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

interface LongTaskEntry {
  start: number;
  duration: number;
}

type BenchWindow = Window & { __benchLongTasks?: LongTaskEntry[] };

const MARK_START = 'bench-work-start';

/**
 * Traces the page while `work` runs and for `tailMs` after (what the page does once the work has
 * ended). `work` ends once the page has set `splitMark` (performance.mark), which splits the two
 * windows: in the trace (blink.user_timing), and on the page's clock for its longtask entries.
 */
export async function traceWhile(
  browser: Browser,
  page: Page,
  work: () => Promise<void>,
  splitMark: string,
  tailMs: number,
): Promise<Traced> {
  await page.evaluate(() => {
    const w = window as BenchWindow;
    w.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__benchLongTasks?.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await browser.startTracing(page, {
    // RunTask with wall and thread times is in the timeline's own category; marks in user timing.
    categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  let raw: Buffer;
  let pageClock: { start: number; split: number; end: number };
  try {
    const start = await page.evaluate((name) => {
      window.performance.mark(name);
      return window.performance.now();
    }, MARK_START);
    await work();
    const splitHandle = await page.waitForFunction(
      (name) => window.performance.getEntriesByName(name, 'mark').at(-1)?.startTime,
      splitMark,
      { timeout: 30_000 },
    );
    const split = (await splitHandle.jsonValue()) as number;
    await page.waitForTimeout(tailMs);
    const end = await page.evaluate(() => window.performance.now());
    pageClock = { start, split, end };
  } finally {
    raw = await browser.stopTracing();
  }
  const entries = await page.evaluate(() => (window as BenchWindow).__benchLongTasks ?? []);
  const events = (JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const startMark = events.find((e) => e.name === MARK_START);
  const splitAt = events.findLast((e) => e.name === splitMark);
  if (!startMark || !splitAt) throw new Error('the trace has no marks: cannot place the tasks');
  // The marks are on the page's main thread: its tasks are the ones on that thread.
  const tasks = events.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.pid === startMark.pid &&
      e.tid === startMark.tid &&
      e.ts >= startMark.ts,
  );
  const toTask = (e: TraceEvent): Task => ({
    wall: (e.dur ?? 0) / 1000,
    cpu: (e.tdur ?? 0) / 1000,
  });
  const inPage = (from: number, to: number) =>
    entries.filter((e) => e.start >= from && e.start < to).map((e) => e.duration);
  return {
    // The task that set the split mark began before it: it is the page handling the last event.
    during: {
      tasks: tasks.filter((e) => e.ts < splitAt.ts).map(toTask),
      longTasks: inPage(pageClock.start, pageClock.split),
    },
    after: {
      tasks: tasks.filter((e) => e.ts >= splitAt.ts).map(toTask),
      longTasks: inPage(pageClock.split, pageClock.end),
    },
  };
}

/** The longest task by wall time and the longest by CPU time (not always the same task). */
export function longest(window: TaskWindow): { wall: Task; cpu: Task } {
  const none: Task = { wall: 0, cpu: 0 };
  const by = (key: keyof Task) => window.tasks.reduce((a, b) => (b[key] > a[key] ? b : a), none);
  return { wall: by('wall'), cpu: by('cpu') };
}
