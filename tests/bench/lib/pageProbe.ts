import type { BrowserContext, Page } from '@playwright/test';

/**
 * Paint timing inside the page, on the page's own clock: a condition on the DOM is checked at
 * every animation frame; the first frame where it holds is the one that paints it, and a message
 * posted from that frame's rAF arrives just after the frame is drawn. So a figure ends at the
 * paint, not at the DOM change, and none of Playwright's round trips is in it.
 *
 * The probe is a plain script installed with addInitScript (DevTools injects it, so the page's
 * CSP does not apply): the page forbids eval, so conditions are named here, with arguments, not
 * passed as functions; and functions tsx compiled for page.evaluate may carry its helpers.
 */
const PROBE = String.raw`(() => {
  const shown = (el) => !!el && el.getBoundingClientRect().height > 0;
  const text = (el) => (el ? el.textContent.replace(/\s+/g, ' ').trim() : '');
  const conditions = {
    /** A list's rows painted with a current answer: header and first row as expected, not loading. */
    list: ({ header, firstRow }) => {
      const status = document.querySelector('[role="status"][aria-label="Result range"]');
      const row = document.querySelector('.ant-table-tbody .ant-table-row');
      return (
        text(status) === header &&
        text(row).includes(firstRow) &&
        shown(row) &&
        !document.querySelector('.ant-table-wrapper[aria-busy="true"]')
      );
    },
    /** A text box showing what was typed. */
    value: ({ selector, value }) => document.querySelector(selector)?.value === value,
    /** The login form: both boxes and the button drawn. */
    login: () =>
      shown(document.querySelector('input#username, input[autocomplete="username"]')) &&
      shown(document.querySelector('input[type="password"]')) &&
      shown(document.querySelector('button[type="submit"]')),
    /** The blank page of the floor. */
    blank: () => shown(document.getElementById('blank')),
  };
  const whenPainted = (name, args, from, timeoutMs) =>
    new Promise((resolve, reject) => {
      const tick = () => {
        if (conditions[name](args)) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - from);
          channel.port2.postMessage(null);
        } else if (performance.now() - from > timeoutMs)
          reject(new Error(name + ' was not painted within ' + timeoutMs + ' ms'));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  let pending = null;
  // Conditions watched from the document's start (the page cannot be asked before it exists).
  const opened = {};
  for (const name of window.__benchWatch || []) {
    opened[name] = whenPainted(name, {}, 0, 60000);
    opened[name].catch(() => undefined);
  }
  window.__benchProbe = {
    /** Changes the route, then the time to the paint of the condition. */
    navigate: (hash, name, args, timeoutMs) => {
      const from = performance.now();
      location.hash = hash;
      return whenPainted(name, args, from, timeoutMs);
    },
    /** From the next keydown of key (its event time: when the key was pressed) to the paint. */
    armKey: (key, name, args, timeoutMs) => {
      pending = new Promise((resolve, reject) => {
        const onKey = (event) => {
          if (event.key !== key) return;
          document.removeEventListener('keydown', onKey, true);
          whenPainted(name, args, event.timeStamp, timeoutMs).then(resolve, reject);
        };
        document.addEventListener('keydown', onKey, true);
      });
      return true;
    },
    settle: () => pending,
    /** From the navigation's start (the page's time origin) to the paint of a watched condition. */
    sinceOpened: (name) => opened[name],
  };
})();`;

export type Condition =
  | { name: 'list'; args: { header: string; firstRow: string } }
  | { name: 'value'; args: { selector: string; value: string } }
  | { name: 'login'; args: Record<string, never> }
  | { name: 'blank'; args: Record<string, never> };

const TIMEOUT_MS = 60_000;

/** Installs the probe in every page of the context; `watch`: conditions timed from page start. */
export const installProbe = (context: BrowserContext, watch: ('login' | 'blank')[] = []) =>
  context.addInitScript(`window.__benchWatch = ${JSON.stringify(watch)};\n${PROBE}`);

const call = (method: string, ...args: unknown[]) =>
  `window.__benchProbe.${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

/** Changes the page's route and resolves with the time to the paint of `until`. */
export const navigateAndTime = (page: Page, hash: string, until: Condition) =>
  page.evaluate<number>(call('navigate', hash, until.name, until.args, TIMEOUT_MS));

/** Presses `key` (already focused where it should land) and times it to the paint of `until`. */
export async function pressAndTime(page: Page, key: string, until: Condition): Promise<number> {
  await page.evaluate(call('armKey', key, until.name, until.args, TIMEOUT_MS));
  await page.keyboard.press(key);
  return page.evaluate<number>(call('settle'));
}

/** The time from the start of the page's navigation to the paint of a watched condition. */
export const paintedSinceOpened = (page: Page, watched: 'login' | 'blank') =>
  page.evaluate<number>(call('sinceOpened', watched));
