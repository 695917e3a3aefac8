import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * RELIABILITY.md: a session that ends under the user (here: revoked on the server, so the next call's
 * refresh is refused) shows the login screen; every draft (the open modal with what was typed,
 * the filter boxes, a card's keyword form) comes back after the same user signs in again. A
 * deliberate Log Out drops them.
 */

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const SESSION_ENDED = 'Your session was ended on the server. Please sign in again.';

async function openEcosystemTags(page: Page, url: string, user: string) {
  await page.goto(`${url}#/ecosystemTag`);
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Ecosystem Tag', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

test('an open modal and the filter boxes come back after the session ends mid-edit', async ({
  page,
  app,
  server,
}) => {
  await openEcosystemTags(page, app.url, 'reviewer3');
  const filterBox = page
    .getByRole('form', { name: 'Ecosystem tag filter' })
    .getByLabel('Ecosystem Tag Contains');
  await filterBox.fill('not applied yet');

  const first = rows(page).first();
  const uniqueName = (await first.getByRole('cell').nth(1).textContent())!;
  await first.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: /^Update / });
  const renamed = `Typed before the end ${randomUUID().slice(0, 6)}`;
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);

  await server.revokeSessionsOf('reviewer3');
  // The save meets the ended session: the refresh is refused and the login screen shows.
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert')).toContainText(SESSION_ENDED);
  await expect(page.getByText('What you had typed is kept')).toBeVisible();
  expect(
    await server.context.db.query('SELECT 1 FROM ecosystem_tags WHERE name = $1', [renamed]),
  ).toHaveLength(0);

  await signIn(page, 'reviewer3');
  await expect(page).toHaveURL(/#\/ecosystemTag$/);
  const back = page.getByRole('dialog', { name: /^Update / });
  await expect(back.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(filterBox).toHaveValue('not applied yet');

  // The kept draft is sent as it is once the user saves again.
  await back.getByRole('button', { name: 'Update' }).click();
  await expect(back).toBeHidden();
  await expect
    .poll(async () =>
      server.context.db.query<{ name: string }>(
        'SELECT name FROM ecosystem_tags WHERE unique_name = $1',
        [uniqueName],
      ),
    )
    .toEqual([{ name: renamed }]);
});

test("a review card's keyword form and the review filter come back after the session ends", async ({
  page,
  app,
  server,
}) => {
  await page.goto(app.url);
  await signIn(page, 'reviewer2');
  await expect(page).toHaveURL(/#\/filter$/);
  const form = page.getByRole('form', { name: /^Keyword form / }).first();
  await expect(form).toBeVisible({ timeout: 30_000 });
  const formName = (await form.getAttribute('aria-label'))!;
  await form.getByRole('combobox').first().fill('kept-keyword');
  const filter = page.getByRole('form', { name: 'Review filter' });
  await filter.getByLabel('Filter with Keyword').fill('draft-filter');

  await server.revokeSessionsOf('reviewer2');
  // Any call now ends the session: the next page of results.
  await page.evaluate(() => (window.location.hash = '/keyword/get-keywords'));
  await expect(page.getByRole('alert')).toContainText(SESSION_ENDED);

  await signIn(page, 'reviewer2');
  // Signed in again, the console first goes back to where the user was; only then to Review.
  await expect(page).toHaveURL(/#\/keyword\/get-keywords$/, { timeout: 30_000 });
  await page.evaluate(() => (window.location.hash = '/filter'));
  const kept = page.getByRole('form', { name: formName });
  await expect(kept.getByRole('combobox').first()).toHaveValue('kept-keyword', {
    timeout: 30_000,
  });
  await expect(filter.getByLabel('Filter with Keyword')).toHaveValue('draft-filter');
});

test('a deliberate Log Out drops the drafts', async ({ page, app }) => {
  await openEcosystemTags(page, app.url, 'reviewer1');
  const filterBox = page
    .getByRole('form', { name: 'Ecosystem tag filter' })
    .getByLabel('Ecosystem Tag Contains');
  await filterBox.fill('forget me');
  await page
    .getByRole('button', { name: /Log Out/ })
    .first()
    .click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByText('What you had typed is kept')).toHaveCount(0);
  await signIn(page, 'reviewer1');
  await page.evaluate(() => (window.location.hash = '/ecosystemTag'));
  await expect(filterBox).toHaveValue('');
});
