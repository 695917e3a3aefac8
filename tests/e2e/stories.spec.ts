/**
 * Stories in the browser (issue 48): on our server, a tweet and its retweets grouped into one
 * story show "+3 similar" on the card, and with the Stories switch on (kept across a reload) one card
 * for the four; the story opens with its members, is eliminated as one run
 * and undone from the Runs drawer, each member back as it was; against the spec provider stand-in
 * nothing of stories shows, not even the switch.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { groupAllArrivals } from '../../src/server/stories/groupArrivals';
import { blockingViolations } from './axe';
import { expect, header, openSignedIn, type ConsoleApp } from './fixtures';
import { test } from './referenceData/kinds';

const COPIES = 3;
const reviewFilter = (page: Page) => page.getByRole('form', { name: 'Review filter' });

async function applyKeyword(page: Page, keyword: string) {
  const filter = reviewFilter(page);
  await filter.getByLabel('Filter with Keyword').fill(keyword);
  await filter.getByRole('button', { name: /Filter$/ }).click();
}

async function openFiltered(page: Page, app: ConsoleApp, keyword: string, total: number) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await applyKeyword(page, keyword);
  await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
}

test.describe('stories on the reference server', () => {
  test.use({ kind: 'reference' });
  test.describe.configure({ timeout: 150_000 });

  test('a story opens, is eliminated as one run, and the run is undone', async ({
    page,
    app,
    backend,
  }) => {
    if (backend.kind !== 'reference') throw new Error('a reference-server test');
    const db = backend.server.context.db;
    const keyword = `story${randomUUID().slice(0, 8)}`;
    const text = `Zentra (ZNT) mainnet ${keyword} goes live at block 5,100,000 with fees down 30% for every user`;
    const rows = await db.query<{ id: string }>(
      `INSERT INTO tweets (tweet_id, twitter_user_name, account_name, url, message, tweet_time,
         detect_time, detected_keywords, selected)
       SELECT '${keyword}-' || g, CASE WHEN g = 0 THEN 'zentra' ELSE 'reader' || g END, 'x',
         'https://x.com/x/status/' || g, CASE WHEN g = 0 THEN $1 ELSE 'RT @zentra: ' || $1 END,
         timestamp '2026-11-20' + g * interval '1 minute', timestamp '2026-11-20' + g * interval '1 minute',
         ARRAY['${keyword}'], true
       FROM generate_series(0, ${COPIES}) AS g ORDER BY g RETURNING id`,
      [text],
    );
    await groupAllArrivals(db);
    const ids = rows.map((r) => Number(r.id));
    const eliminated = async () =>
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM tweets WHERE id = ANY($1::bigint[]) AND NOT selected',
          [ids],
        )
      )[0]?.n;

    await openFiltered(page, app, keyword, COPIES + 1);
    // Stories on: one card for the four, kept for this user across a reload.
    const stories = page.getByRole('switch', { name: 'Stories' });
    await expect(stories).not.toBeChecked();
    await stories.click();
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 stories');
    await expect(page.locator('[data-item-id]')).toHaveCount(1);
    await expect(page.locator(`[data-item-id="${ids[0]}"]`)).toBeVisible();
    await page.reload();
    await expect(header(page)).toHaveText(/ stories$/, { timeout: 30_000 });
    await expect(page.getByRole('switch', { name: 'Stories' })).toBeChecked();
    await applyKeyword(page, keyword);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 stories');
    const open = page.getByRole('button', {
      name: `+${COPIES} similar: open the story of ${COPIES + 1} items`,
    });
    await expect(open.first()).toHaveText(`+${COPIES} similar`);
    await open.first().click();
    const drawer = page.getByRole('dialog', { name: /^Story \d+: 4 items$/ });
    await expect(drawer.getByText('zentra', { exact: true })).toBeVisible();
    await expect(
      drawer.getByText('Not decided yet: each copy waits for a reviewer.'),
    ).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: `Eliminate all ${COPIES + 1}` }).click();
    await expect.poll(eliminated, { timeout: 30_000 }).toBe(COPIES + 1);
    await expect(drawer.getByText(/^Eliminated as one story by reviewer1/)).toBeVisible({
      timeout: 30_000,
    });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: /^Runs/ }).click();
    const runs = page.getByRole('dialog', { name: 'Runs' });
    await runs.getByRole('button', { name: 'Undo run' }).first().click();
    await expect.poll(eliminated, { timeout: 30_000 }).toBe(0);
  });
});

test.describe('stories against the spec provider', () => {
  test.use({ kind: 'provider' });

  test('show nothing: no "+N similar", no story calls', async ({ page, app, backend }) => {
    if (backend.kind !== 'provider') throw new Error('a provider test');
    await openSignedIn(page, app, '/filter');
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-item-id]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /similar: open the story/ })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Stories' })).toHaveCount(0);
    const storyCalls = backend.provider.seen.filter((r) => r.path.includes('/stories'));
    expect(storyCalls).toEqual([]);
  });
});
