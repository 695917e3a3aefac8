import type { Page } from '@playwright/test';
import { chooseOption, expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

async function openKeywords(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/keyword/get-keywords');
  await expect(page.getByRole('heading', { name: 'List Keywords' })).toBeVisible();
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
}

const row = (page: Page, keyword: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: keyword, exact: true }) });

async function filterBy(page: Page, type: 'Tweets' | 'News', contains: string) {
  const form = page.getByRole('form', { name: 'Keyword filter' });
  await chooseOption(page, form.getByLabel('Filter Type'), type);
  await form.getByLabel('Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

test.describe('keyword lists', () => {
  test('filters by Contains on both services, with the zero-based header', async ({
    page,
    app,
    server,
  }) => {
    await openKeywords(page, app);
    const [{ n }] = (await server.context.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tweet_keywords',
    )) as [{ n: number }];
    await expect(header(page)).toHaveText(`You see ( 0 - ${n} ) of ${n} results`);
    await filterBy(page, 'Tweets', 'COIN');
    await expect(row(page, 'bitcoin')).toBeVisible();
    await expect(row(page, 'ethereum')).toHaveCount(0);
    await filterBy(page, 'News', 'sponsor');
    await expect(row(page, 'sponsored')).toBeVisible();
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
  });

  test('adds a keyword (validated, duplicates refused) and the review screen suggests it', async ({
    page,
    app,
  }) => {
    await openKeywords(page, app);
    await page.getByRole('tab', { name: 'Add Keyword' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Keyword' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Please enter a keyword')).toBeVisible();
    await expect(dialog.getByText('Please Select Keyword Type *').last()).toBeVisible();

    await dialog.getByLabel('Keyword').fill('bitcoin');
    await chooseOption(page, dialog.getByLabel('Type'), 'IMPORTANT');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByRole('alert')).toContainText('already exists');
    await expect(dialog.getByLabel('Keyword')).toHaveValue('bitcoin');

    await dialog.getByLabel('Keyword').fill('e2e-tokenomics');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, 'e2e-tokenomics')).toContainText('IMPORTANT');

    await page.getByRole('link', { name: 'Review', exact: true }).click();
    const firstCard = page.locator('[data-item-id]').first();
    await firstCard.getByLabel('Keyword', { exact: true }).fill('E2E-TOKEN');
    await expect(page.getByText('e2e-tokenomics (IMPORTANT)')).toBeVisible();
  });

  test('updates a type, removes one unwanted usage and deletes, each after its confirm', async ({
    page,
    app,
  }) => {
    await openKeywords(page, app);
    await row(page, 'staking').getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Keyword' });
    await expect(dialog.getByLabel('Keyword')).toHaveValue('staking');
    await chooseOption(page, dialog.getByLabel('Type'), 'INFLUENCER');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(row(page, 'staking')).toContainText('INFLUENCER');

    await expect(row(page, 'bitcoin')).toContainText('free bitcoin');
    await row(page, 'bitcoin').getByLabel('Remove free bitcoin').click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are You Sure The Delete This Unwanted Usage' });
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await expect(row(page, 'bitcoin')).not.toContainText('free bitcoin');
    await expect(row(page, 'bitcoin')).toContainText('bitcoin giveaway');

    await row(page, 'moon').getByRole('button', { name: 'Delete' }).click();
    const del = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure to the delete this keyword' });
    await del.getByRole('button', { name: 'Close' }).click();
    await expect(row(page, 'moon')).toBeVisible();
    await row(page, 'moon').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure to the delete this keyword' })
      .getByRole('button', { name: 'Yes!' })
      .click();
    await expect(row(page, 'moon')).toHaveCount(0);
  });

  test('a server error is shown, the list emptied, and Try Again recovers', async ({
    page,
    app,
    server,
  }) => {
    await openKeywords(page, app);
    await server.context.db.query('ALTER TABLE news_keywords RENAME TO news_keywords_offline');
    try {
      await filterBy(page, 'News', '');
      await expect(page.getByText('The keywords could not be loaded')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    } finally {
      await server.context.db.query('ALTER TABLE news_keywords_offline RENAME TO news_keywords');
    }
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(row(page, 'sponsored')).toBeVisible();
  });
});
