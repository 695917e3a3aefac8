/**
 * Bulk decisions, undo and the journal in the browser, against our reference server and against
 * the spec provider stand-in (SPEC.md 7's calls only): three cards chosen by keyboard and
 * eliminated; Act on all results over a filter of 200 items with its progress in the top bar, cancelled
 * half-way from the Runs drawer; the Undo of a single decision from its notice; the Journal screen
 * showing the run; axe on the new modal, drawer and screen. A fault proxy in front of either server
 * slows the calls when a test needs a run to last.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { addBulkTweets } from '../support/runHarness';
import { fault, startFaultProxy, type FaultProxy } from '../support/faultProxy';
import { blockingViolations } from './axe';
import { expect, header, launchConsole, openSignedIn, type ConsoleApp } from './fixtures';
import { test as serversTest, type Backend } from './referenceData/kinds';

const SEEDED = 200;
/** Every 20th seeded tweet (never the newest, shown first) is eliminated by similarity: 10 left
 * out, 190 acted on. */
const LEFT_OUT = 10;

interface Fixtures {
  faults: FaultProxy;
  /** A keyword only this test's 200 tweets carry, and their data ids. */
  seeded: { keyword: string; ids: number[] };
}

/** The reference-data suite's servers (kinds.ts), with a fault proxy between them and the console. */
const test = serversTest.extend<Fixtures>({
  faults: async ({ backend }, use) => {
    const proxy = await startFaultProxy(
      backend.kind === 'reference' ? backend.server.url : backend.provider.url,
    );
    await use(proxy);
    await proxy.close();
  },
  app: async ({ faults: proxy }, use) => {
    // Two calls in flight, so that a slowed run lasts long enough to be cancelled half-way.
    const app = await launchConsole(proxy.url, { DQC_RUN_CONCURRENCY: '2' });
    await use(app);
    await app.close();
  },
  seeded: async ({ backend }, use) => {
    const keyword = `bulk${randomUUID().slice(0, 8)}`;
    if (backend.kind === 'provider') {
      const tweets = addBulkTweets(backend.provider, SEEDED, SEEDED / LEFT_OUT, keyword);
      await use({ keyword, ids: tweets.map((t) => t.id) });
      return;
    }
    const rows = await backend.server.context.db.query<{ id: string }>(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
         detect_time, detected_keywords, selected, eliminated_by_similarity)
       SELECT '${keyword}-' || g, 'spam_bot', 'spam_bot', 'https://x.com/spam_bot/status/' || g,
         'free coins ${keyword} #' || g, timestamp '2024-01-01' + g * interval '1 minute',
         timestamp '2024-01-01' + g * interval '1 minute', ARRAY['${keyword}'],
         g % ${SEEDED / LEFT_OUT} <> 1, g % ${SEEDED / LEFT_OUT} = 1
       FROM generate_series(1, ${SEEDED}) AS g RETURNING id`,
    );
    await use({ keyword, ids: rows.map((r) => Number(r.id)) });
  },
});

/** The ids of the seeded tweets that are eliminated now, as the server holds them. */
async function eliminatedNow(backend: Backend, ids: number[]): Promise<number[]> {
  if (backend.kind === 'provider')
    return backend.provider.state.tweets
      .filter((t) => ids.includes(t.id) && !t.selected && !t.eliminatedBySimilarity)
      .map((t) => t.id);
  const rows = await backend.server.context.db.query<{ id: string }>(
    `SELECT id FROM tweets WHERE id = ANY($1::bigint[]) AND NOT selected
       AND NOT eliminated_by_similarity`,
    [ids],
  );
  return rows.map((r) => Number(r.id));
}

const card = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
const reviewFilter = (page: Page) => page.getByRole('form', { name: 'Review filter' });
const runsButton = (page: Page) => page.getByRole('button', { name: /^(Eliminating|Runs)/ });

async function openFiltered(page: Page, app: ConsoleApp, keyword: string) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  const filter = reviewFilter(page);
  await filter.getByLabel('Filter with Keyword').fill(keyword);
  await filter.getByRole('button', { name: /Filter$/ }).click();
  await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${SEEDED} results`);
}

for (const kind of ['reference', 'provider'] as const) {
  test.describe(`bulk decisions ${kind === 'reference' ? 'on the reference server' : 'against the spec provider'}`, () => {
    test.use({ kind });
    test.describe.configure({ timeout: 150_000 });

    test('three cards chosen by keyboard are eliminated together', async ({
      page,
      app,
      backend,
      seeded,
    }) => {
      await openFiltered(page, app, seeded.keyword);
      const cards = page.locator('[data-item-id]');
      const first = Number(await cards.nth(0).getAttribute('data-item-id'));
      const second = Number(await cards.nth(1).getAttribute('data-item-id'));
      const third = Number(await cards.nth(2).getAttribute('data-item-id'));
      await expect(
        card(page, first).getByRole('checkbox', { name: `Choose item ${first}` }),
      ).toBeVisible();

      // Keys act on the focused card: the first one, once focus is on the page.
      await header(page).click();
      await page.keyboard.press('x');
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.keyboard.press('Shift+X');
      await expect(page.getByText('3 chosen', { exact: true })).toBeVisible();
      for (const id of [first, second, third])
        await expect(page.getByRole('checkbox', { name: `Choose item ${id}` })).toBeChecked();

      await page.getByRole('button', { name: 'Eliminate chosen' }).click();
      await expect
        .poll(() => eliminatedNow(backend, seeded.ids), { timeout: 30_000 })
        .toEqual(expect.arrayContaining([first, second, third]));
      expect((await eliminatedNow(backend, seeded.ids)).length).toBe(3);
      await expect(page.getByText('3 chosen', { exact: true })).toBeHidden();
    });

    test('Act on all results runs over 190 items with progress, and is cancelled half-way', async ({
      page,
      app,
      backend,
      faults: proxy,
      seeded,
    }) => {
      await openFiltered(page, app, seeded.keyword);
      await page.getByRole('button', { name: 'Act on all results' }).click();
      const modal = page.getByRole('dialog', { name: 'Act on all results' });
      await expect(modal.getByText(`This filter matches ${SEEDED} items`)).toBeVisible();
      await expect(modal.getByText(`${SEEDED - LEFT_OUT} items will be eliminated`)).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        modal.getByText(
          `${LEFT_OUT} eliminated by similarity or by quoted post are left out: they are never acted on.`,
        ),
      ).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);

      // Slow every data call from here on, so that the run lasts.
      proxy.set(fault.latency(120));
      await modal.getByRole('button', { name: 'Start' }).click();
      await expect(modal).toBeHidden();
      const progress = runsButton(page);
      await expect(progress).toHaveText(/^Eliminating: \d+ of 190/, { timeout: 30_000 });
      await expect
        .poll(async () => Number(/: (\d+) of/.exec((await progress.textContent()) ?? '')?.[1]), {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(10);

      await progress.click();
      const drawer = page.getByRole('dialog', { name: 'Runs' });
      await expect(drawer).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Cancel' }).first().click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Cancel this run?' });
      await confirm.getByRole('button', { name: 'Yes!' }).click();
      await expect(drawer.getByText(/cancelled/i).first()).toBeVisible({ timeout: 30_000 });
      proxy.set(fault.none());

      const atCancel = await eliminatedNow(backend, seeded.ids);
      expect(atCancel.length).toBeGreaterThanOrEqual(10);
      expect(atCancel.length).toBeLessThan(SEEDED - LEFT_OUT);
      // Escape closes the drawer once the confirm has gone; pressed while it was still leaving,
      // on a loaded machine, it reached the confirm and the drawer stayed open.
      await expect(confirm).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The journal shows the run's writes, newest first.
      await page.getByRole('link', { name: 'Journal' }).click();
      await expect(page.getByRole('heading', { name: 'Journal', level: 1 })).toBeVisible();
      const rows = page.locator('.ant-table-row');
      await expect(rows.first()).toContainText('PUT /twitter-service/manually-eliminate');
      await expect(rows.first()).toContainText('Eliminating');
      expect(await blockingViolations(page)).toEqual([]);
      expect((await eliminatedNow(backend, seeded.ids)).length).toBe(atCancel.length);
    });

    test('a single Eliminate is undone from its notice', async ({ page, app, backend, seeded }) => {
      await openFiltered(page, app, seeded.keyword);
      const first = Number(
        await page.locator('[data-item-id]').first().getAttribute('data-item-id'),
      );
      await card(page, first)
        .getByRole('group', { name: 'Actions' })
        .getByRole('button', { name: 'Eliminate', exact: true })
        .click();
      const notice = page.getByRole('status', { name: 'Decision notice' });
      await expect(notice).toContainText('Eliminate: saved');
      await expect(notice).toContainText(`Eliminated tweet ${first}`);
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('the item stays marked as manually changed');
      // Judged once the list's reload (150 ms after the answer) is done: the card shows its new
      // state, and no button is loading. A loading button is drawn faded, and an inactive control
      // has no contrast requirement (WCAG 1.4.3) that axe could know of.
      await expect(card(page, first)).toContainText('Manually changed');
      await expect(page.locator('.ant-btn-loading')).toHaveCount(0);
      expect(await blockingViolations(page)).toEqual([]);
      await expect.poll(() => eliminatedNow(backend, seeded.ids)).toEqual([first]);

      await notice.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText(`Undone: tweet ${first} is selected again.`)).toBeVisible();
      await expect.poll(() => eliminatedNow(backend, seeded.ids)).toEqual([]);
    });
  });
}
