/**
 * Compact density on Review (docs/user-guide.md, A reviewer's shift): at 1280 x 800 with the filter
 * open at least ten items are in view, the choice is kept per user (it is there again after a
 * reload), and every decision works on a compact row: Select, Eliminate, Review with its confirm,
 * and Add Keyword. Against the reference server; its database says what was saved.
 */
import type { Page } from '@playwright/test';
import type { TestServer } from '../support/testServer';
import { pickTweet, searchById } from './reviewItems';
import { chooseOption, expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 120_000 });

const row = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
const actions = (page: Page, id: number) => row(page, id).getByRole('group', { name: 'Actions' });
/** A compact row's decision tag: 'Selected' or 'Eliminated'. */
const decision = (page: Page, id: number) =>
  row(page, id).locator('.dqc-row-status .ant-tag').first();
const reviewFilter = (page: Page) => page.getByRole('form', { name: 'Review filter' });
const density = (page: Page) => page.getByRole('radiogroup', { name: 'Density' });

async function openReview(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
}

async function chooseCompact(page: Page) {
  await density(page).getByText('Compact', { exact: true }).click();
  await expect(page.locator('.dqc-row')).toHaveCount(20);
}

async function tweetRow(server: TestServer, id: number) {
  const [found] = await server.context.db.query<{
    selected: boolean;
    manually_changed: boolean;
    reviewed_by: string | null;
  }>(`SELECT selected, manually_changed, reviewed_by FROM tweets WHERE id = ${id}`);
  return found!;
}

/** The items whose whole box is inside the window. */
async function itemsInView(page: Page): Promise<number> {
  return page.locator('[data-item-id]').evaluateAll((items) => {
    const { innerWidth, innerHeight } = window;
    return items.filter((item) => {
      const box = item.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    }).length;
  });
}

test.describe('compact density', () => {
  test('shows at least ten items at 1280 x 800 with the filter open, and is kept', async ({
    page,
    app,
  }) => {
    await openReview(page, app);
    await expect(page.locator('.dqc-card')).toHaveCount(20);
    expect(await itemsInView(page)).toBeLessThan(10);
    await chooseCompact(page);
    // Kept by core: a new page load opens compact, with the filter open and ten items in view.
    await page.reload();
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.dqc-row')).toHaveCount(20);
    await expect(density(page).getByRole('radio', { name: 'Compact' })).toBeChecked();
    await expect(reviewFilter(page).getByRole('button', { name: /Filter$/ })).toBeInViewport();
    // The reference server offers claims, so My queue's switch is drawn too, and costs no row.
    await expect(page.getByRole('switch', { name: 'My queue' })).toBeInViewport();
    expect(await itemsInView(page)).toBeGreaterThanOrEqual(10);
    // Every row keeps the full card's names; the focused one shows the actions.
    const first = page.locator('[data-item-id]').first();
    const firstId = Number(await first.getAttribute('data-item-id'));
    await expect(page.getByRole('region', { name: `Item ${firstId}` })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(1);
    await expect(first.getByRole('group', { name: 'Actions' })).toBeVisible();
    // A click on another row moves the actions there.
    const third = page.locator('[data-item-id]').nth(2);
    await third.locator('.dqc-row-message').click();
    await expect(third.getByRole('group', { name: 'Actions' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(1);
    // Back to comfortable, kept too.
    await density(page).getByText('Comfortable', { exact: true }).click();
    await expect(page.locator('.dqc-card')).toHaveCount(20);
  });

  test('Select, Eliminate, Review with its confirm and Add Keyword work on a compact row', async ({
    page,
    app,
    server,
  }) => {
    const kept = await pickTweet(server, true, 60);
    const eliminated = await pickTweet(server, false, 60);
    const toReview = await pickTweet(server, true, 61);
    const forKeyword = await pickTweet(server, true, 62);
    await openReview(page, app);
    await chooseCompact(page);

    // Eliminate a kept tweet.
    await searchById(page, kept);
    await expect(decision(page, kept)).toHaveText('Selected');
    await expect(actions(page, kept).getByRole('button')).toHaveText([
      'Add Keyword',
      'Select',
      'Eliminate',
      'Review',
    ]);
    await expect(
      row(page, kept).getByRole('checkbox', { name: `Choose item ${kept}` }),
    ).toBeVisible();
    await actions(page, kept).getByRole('button', { name: 'Eliminate' }).click();
    await expect(page.getByText('Eliminate: saved')).toBeVisible();
    await expect(decision(page, kept)).toHaveText('Eliminated');
    await expect(row(page, kept).getByText('Manually changed')).toBeVisible();
    expect(await tweetRow(server, kept)).toMatchObject({ selected: false, manually_changed: true });

    // Select an eliminated one.
    await reviewFilter(page).getByLabel('Data Id', { exact: true }).fill(String(eliminated));
    await reviewFilter(page)
      .getByRole('button', { name: /Filter$/ })
      .click();
    await expect(row(page, eliminated)).toBeVisible();
    await expect(decision(page, eliminated)).toHaveText('Eliminated');
    await actions(page, eliminated).getByRole('button', { name: 'Select' }).click();
    await expect(page.getByText('Select: saved')).toBeVisible();
    await expect(decision(page, eliminated)).toHaveText('Selected');
    expect(await tweetRow(server, eliminated)).toMatchObject({
      selected: true,
      manually_changed: true,
    });

    // Review, with its confirm.
    await reviewFilter(page).getByLabel('Data Id', { exact: true }).fill(String(toReview));
    await reviewFilter(page)
      .getByRole('button', { name: /Filter$/ })
      .click();
    await expect(row(page, toReview)).toBeVisible();
    await expect(row(page, toReview).getByText('Not reviewed')).toBeVisible();
    await actions(page, toReview).getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await dialog.getByRole('button', { name: 'Yes!' }).click();
    await expect(row(page, toReview).getByText('Reviewed by reviewer1')).toBeVisible();
    expect((await tweetRow(server, toReview)).reviewed_by).toBe('reviewer1');

    // Add Keyword, with its form on the row.
    await reviewFilter(page).getByLabel('Data Id', { exact: true }).fill(String(forKeyword));
    await reviewFilter(page)
      .getByRole('button', { name: /Filter$/ })
      .click();
    await expect(row(page, forKeyword)).toBeVisible();
    const form = row(page, forKeyword);
    await form.getByLabel('Keyword', { exact: true }).fill('e2e-compact-word');
    await chooseOption(page, form.getByLabel('Keyword Type'), 'IMPORTANT');
    await actions(page, forKeyword).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(page.getByText('Add Keyword: saved')).toBeVisible();
    await expect(form.getByLabel('Keyword', { exact: true })).toHaveValue('');
    const words = await server.context.db.query<{ type: string }>(
      "SELECT type FROM tweet_keywords WHERE keyword = 'e2e-compact-word'",
    );
    expect(words).toEqual([{ type: 'IMPORTANT' }]);
  });
});
