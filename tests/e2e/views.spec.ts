import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { chooseOption, expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

/**
 * Saved views, filters in the URL and the column chooser (docs/user-guide.md, A reviewer's shift),
 * in browser mode against the reference server: a view saved on a list opens with alt+1 on the same
 * results, survives a restart of the console, and a hidden column stays hidden after a reload.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const CATALOGUE = '/cryptoCurrency/get-currencies';
/** The Views dropdown (the side menu is a menu too). */
const viewsMenu = (page: Page) => page.locator('.ant-dropdown-menu');
const filterForm = (page: Page) => page.getByRole('form', { name: 'Currency filter' });
const containsBox = (page: Page) => filterForm(page).getByLabel('Currency Contains');
/** The unique names of the rows shown, in order: what "the same results" compares. */
const shownNames = (page: Page) =>
  page.locator('.ant-table-row').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

async function openCatalogue(page: Page, app: ConsoleApp, route = CATALOGUE) {
  await openSignedIn(page, app, route);
  await expect(page.getByRole('heading', { name: 'List Crypto Currencies' })).toBeVisible();
  await expect(header(page)).toHaveText(/^You see \( \d+ - \d+ \) of \d+ results$/, {
    timeout: 30_000,
  });
}

async function filterBy(page: Page, text: string) {
  await containsBox(page).fill(text);
  await filterForm(page).getByRole('button', { name: 'Filter' }).click();
}

async function saveView(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`View "${name}" saved.`)).toBeVisible();
}

/** Waits for a list to have loaded a filter: the header and the rows stop changing. */
async function results(page: Page) {
  // A list is busy before its veil shows (ListTable's LOADING_VEIL_DELAY_MS).
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
  return { header: await header(page).textContent(), rows: await shownNames(page) };
}

test('a view saved on a kit list opens with alt+1 on the same results, also after a restart', async ({
  page,
  app,
}) => {
  await openCatalogue(page, app);
  await filterBy(page, 'POLKA');
  // The list's filter is in its URL.
  await expect(page).toHaveURL(/#\/cryptoCurrency\/get-currencies\?contains=POLKA$/);
  await expect(page.locator('.ant-table-row').filter({ hasText: 'polkadot' })).toBeVisible();
  const saved = await results(page);
  await saveView(page, 'Polka coins');

  await filterBy(page, 'bitcoin');
  await expect(page).toHaveURL(/contains=bitcoin$/);
  await expect(page.locator('.ant-table-row').filter({ hasText: 'polkadot' })).toHaveCount(0);

  // alt+1 works from inside the filter box.
  await containsBox(page).focus();
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL(/contains=POLKA$/);
  await expect(containsBox(page)).toHaveValue('POLKA');
  await expect.poll(async () => results(page)).toEqual(saved);

  // A restart of browser mode: the view is kept by core in the user's folder.
  await app.restart();
  await openCatalogue(page, app);
  await page.getByRole('button', { name: 'Views' }).click();
  const menu = viewsMenu(page);
  await expect(menu.getByText('alt+1')).toBeVisible();
  await menu.getByText('Polka coins').click();
  await expect(page).toHaveURL(/contains=POLKA$/);
  await expect(containsBox(page)).toHaveValue('POLKA');
  await expect.poll(async () => results(page)).toEqual(saved);
});

test('a view saved on Review opens with alt+1 on the same items, also after a restart', async ({
  page,
  app,
}) => {
  const filter = page.getByRole('form', { name: 'Review filter' });
  const keyword = filter.getByLabel('Filter with Keyword');
  /** The items shown, by id, and the header: what "the same results" compares. */
  const items = async () => {
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    return {
      header: await header(page).textContent(),
      ids: await page
        .locator('[data-item-id]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-item-id'))),
    };
  };
  const openReview = async () => {
    await openSignedIn(page, app, '/filter');
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
  };

  await openReview();
  await expect(page.locator('[data-item-id]').first()).toBeVisible({ timeout: 30_000 });
  const unfiltered = await items();
  await chooseOption(page, filter.getByLabel('Is Eliminated'), 'Yes');
  await keyword.fill('bitcoin');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/#\/filter\?.*bitcoin/);
  await expect.poll(async () => (await items()).header).not.toBe(unfiltered.header);
  const saved = await items();
  await saveView(page, 'Eliminated bitcoin');

  await keyword.fill('ethereum');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/ethereum/);
  await expect.poll(async () => (await items()).header).not.toBe(saved.header);

  await keyword.focus();
  await page.keyboard.press('Alt+1');
  await expect(keyword).toHaveValue('bitcoin');
  await expect.poll(async () => items()).toEqual(saved);

  await app.restart();
  await openReview();
  await page.getByRole('button', { name: 'Views' }).click();
  await viewsMenu(page).getByText('Eliminated bitcoin').click();
  await expect(keyword).toHaveValue('bitcoin');
  await expect.poll(async () => items()).toEqual(saved);
});

test('a list opened on a link applies it, and a bad value falls back to the default', async ({
  page,
  app,
}) => {
  await openCatalogue(page, app, `${CATALOGUE}?contains=litecoin`);
  await expect(containsBox(page)).toHaveValue('litecoin');
  await expect(page.locator('.ant-table-row').filter({ hasText: 'litecoin' })).toBeVisible();

  await openSignedIn(page, app, '/cryptoCurrency/get-newCurrencies?currencyId=12x&page=zz');
  await expect(page.getByRole('heading', { name: 'List New Crypto Currencies' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Currency filter' }).getByLabel('Currency Id'),
  ).toHaveValue('0');
  await expect(page).toHaveURL(/#\/cryptoCurrency\/get-newCurrencies$/);
});

test('the column chooser hides a column, which stays hidden after a reload', async ({
  page,
  app,
}) => {
  await openCatalogue(page, app);
  const table = page.getByRole('table', { name: 'Crypto currencies' });
  const headings = table.locator('thead th');
  const before = await headings.allTextContents();
  expect(before).toContain('Unique Name');
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns of Crypto currencies' });
  // Saved through core first: the box follows once the choice is kept.
  await dialog.getByRole('checkbox', { name: 'Unique Name' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Unique Name' })).not.toBeChecked();
  await expect(headings.filter({ hasText: /^Unique Name$/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(header(page)).toHaveText(/^You see \( \d+ - \d+ \) of \d+ results$/, {
    timeout: 30_000,
  });
  await expect(headings.filter({ hasText: /^Name$/ })).toHaveCount(1);
  await expect(headings.filter({ hasText: /^Unique Name$/ })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Views menu and Manage views have no serious axe violation (${theme})`, async ({
    page,
    app,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await openCatalogue(page, app);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await filterBy(page, 'POLKA');
    await expect(page).toHaveURL(/contains=POLKA$/);
    await saveView(page, 'Polka coins');
    // By keyboard: the menu is reachable so, and no pointer hovers the button while axe looks.
    await page.getByRole('button', { name: 'Views' }).press('Enter');
    await expect(viewsMenu(page)).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    await viewsMenu(page).getByText('Manage views…').click();
    const dialog = page.getByRole('dialog', { name: 'Manage views' });
    await expect(dialog.getByRole('list', { name: 'Saved views' })).toContainText('Polka coins');
    await expect(page.locator('.ant-modal-wrap .ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Columns' }).click();
    await expect(page.getByRole('dialog', { name: 'Columns of Crypto currencies' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
}
