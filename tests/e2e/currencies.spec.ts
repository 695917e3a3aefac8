import type { Locator, Page } from '@playwright/test';
import type { TestServer } from '../support/testServer';
import { expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

async function open(page: Page, app: ConsoleApp, route: string, heading: string) {
  await openSignedIn(page, app, route);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
}

const rowOf = (page: Page, uniqueName: string) =>
  page
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: uniqueName, exact: true }) });
const filterForm = (page: Page) => page.getByRole('form', { name: 'Currency filter' });

async function filterQueue(page: Page, contains: string, currencyId: string) {
  const form = filterForm(page);
  await form.getByLabel('Currency Contains').fill(contains);
  await form.getByLabel('Currency Id').fill(currencyId);
  // A valid id clears an earlier 'must be a whole number' first; clicking Filter while that
  // message is still leaving can be lost on a loaded machine.
  if (/^\d+$/.test(currencyId))
    await expect(page.getByText('Currency Id must be a whole number')).toHaveCount(0);
  await form.getByRole('button', { name: 'Filter' }).click();
}

async function count(server: TestServer, sql: string, params: unknown[] = []) {
  const [row] = await server.context.db.query<{ n: number }>(sql, params);
  return row!.n;
}

/** Confirms (or closes) the WARNING modal that says `text`. */
async function answerConfirm(page: Page, text: string, button: 'Yes!' | 'Close') {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.describe('crypto currencies', () => {
  test('the catalogue pages by 50 from page 0, filters by Currency Contains and resets the page', async ({
    page,
    app,
    server,
  }) => {
    const total = await count(server, 'SELECT count(*)::int AS n FROM currencies');
    await open(page, app, '/cryptoCurrency', 'List Crypto Currencies');
    await expect(page.getByRole('tab', { name: 'List Crypto Currencies' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
    await expect(rowOf(page, 'bitcoin')).toBeVisible();
    await page.getByRole('listitem', { name: 'Next page' }).click();
    await expect(header(page)).toHaveText(`You see ( 50 - 100 ) of ${total} results`);
    await expect(rowOf(page, 'bitcoin')).toHaveCount(0);

    await filterForm(page).getByLabel('Currency Contains').fill('POLKA');
    await filterForm(page).getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(/^You see \( 0 - \d+ \) of \d+ results$/);
    await expect(rowOf(page, 'polkadot')).toBeVisible();

    // A row opens onto its websites, socials and trading pairs.
    await rowOf(page, 'polkadot')
      .getByRole('button', { name: /expand row/i })
      .click();
    const details = page.locator('.ant-table-expanded-row');
    await expect(details).toContainText('https://polkadot.org');
    await expect(details).toContainText('Market Trading Pairs');
  });

  test('Update is prefilled (tags and usages empty), refuses a bad flag keeping the input, then saves', async ({
    page,
    app,
  }) => {
    await open(page, app, '/cryptoCurrency/get-currencies', 'List Crypto Currencies');
    await filterForm(page).getByLabel('Currency Contains').fill('litecoin');
    await filterForm(page).getByRole('button', { name: 'Filter' }).click();
    await rowOf(page, 'litecoin').getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Litecoin' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Litecoin');
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Active', { exact: true })).toHaveValue('true');
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(0);

    await dialog.getByLabel('Active', { exact: true }).fill('maybe');
    await dialog.getByLabel('Name', { exact: true }).fill('Litecoin Prime');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByText('Active must be true or false')).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Litecoin Prime');

    await dialog.getByLabel('Active', { exact: true }).fill('FALSE');
    await dialog.getByLabel('Tags').fill('payments');
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, 'litecoin');
    await expect(row).toContainText('Litecoin Prime');
    await expect(row).toContainText('payments');
    await expect(row.getByRole('cell', { name: 'false', exact: true }).first()).toBeVisible();
  });

  test('removes a tag and an unwanted usage one by one, each after its confirm', async ({
    page,
    app,
    server,
  }) => {
    const [vechain] = await server.context.db.query<{ tags: string[] }>(
      "SELECT tags FROM currencies WHERE unique_name = 'vechain'",
    );
    const tag = vechain!.tags[0]!;
    await open(page, app, '/cryptoCurrency/get-currencies', 'List Crypto Currencies');
    await filterForm(page).getByLabel('Currency Contains').fill('vechain');
    await filterForm(page).getByRole('button', { name: 'Filter' }).click();
    const row = rowOf(page, 'vechain');
    await expect(row).toContainText('vet clinic');

    await row.getByLabel('Remove unwanted usage vet clinic').click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Close');
    await expect(row).toContainText('vet clinic');
    await row.getByLabel('Remove unwanted usage vet clinic').click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Yes!');
    await expect(row).not.toContainText('vet clinic');

    await row.getByLabel(`Remove tag ${tag}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Tag', 'Yes!');
    await expect(row.getByLabel(`Remove tag ${tag}`)).toHaveCount(0);
    const [after] = await server.context.db.query<{ tags: string[]; unwanted_usages: string[] }>(
      "SELECT tags, unwanted_usages FROM currencies WHERE unique_name = 'vechain'",
    );
    expect(after).toEqual({ tags: vechain!.tags.slice(1), unwanted_usages: [] });
  });

  test('new currencies: server pages of 25, Same Currencies, and Save gated by the image check', async ({
    page,
    app,
    server,
  }) => {
    const total = await count(server, 'SELECT count(*)::int AS n FROM new_currencies');
    const [target] = await server.context.db.query<{
      currency_id: number;
      unique_name: string;
      twin: string;
    }>(
      `SELECT n.currency_id, n.unique_name, c.unique_name AS twin
         FROM new_currencies n JOIN currency_images i ON i.unique_name = n.unique_name AND i.has_image
         JOIN currencies c ON lower(c.symbol) = lower(n.symbol)
        ORDER BY n.id LIMIT 1`,
    );
    await open(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    await expect(filterForm(page).getByLabel('Currency Id')).toHaveValue('0');
    await expect(header(page)).toHaveText(`You see ( 0 - 25 ) of ${total} results`);
    await page.getByRole('listitem', { name: 'Next page' }).click();
    await expect(header(page)).toHaveText(`You see ( 25 - 50 ) of ${total} results`);

    await filterQueue(page, '', 'abc');
    await expect(page.getByText('Currency Id must be a whole number')).toBeVisible();
    await filterQueue(page, '', String(target!.currency_id));
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, target!.unique_name);

    await row.getByRole('button', { name: /Same Currencies/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(`\\(${target!.twin}\\)`) }).click();
    const old = page.getByRole('dialog', { name: 'Old Version Of Currency' });
    await expect(old).toContainText(target!.twin);
    await old.getByRole('button', { name: 'Close' }).click();
    await expect(old).toBeHidden();

    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: /^Save New Currency/ });
    await expect(dialog.getByText('**Please Check Image Of Currency**')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is True')).toBeVisible();
    await expect(dialog.getByText('**Please Check Image Of Currency**')).toHaveCount(0);
    await dialog.getByLabel('Rank').fill('1234');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();

    // It leaves the queue (the count is fetched again) and is in the catalogue.
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    await page.getByRole('tab', { name: 'List Crypto Currencies' }).click();
    await filterForm(page).getByLabel('Currency Contains').fill(target!.unique_name);
    await filterForm(page).getByRole('button', { name: 'Filter' }).click();
    await expect(rowOf(page, target!.unique_name)).toContainText('1234');
  });

  test('a currency whose image check is false cannot be saved', async ({ page, app, server }) => {
    const [target] = await server.context.db.query<{ currency_id: number; unique_name: string }>(
      `SELECT n.currency_id, n.unique_name FROM new_currencies n
         JOIN currency_images i ON i.unique_name = n.unique_name AND NOT i.has_image
        ORDER BY n.id LIMIT 1`,
    );
    await open(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    await filterQueue(page, target!.unique_name, '0');
    const row = rowOf(page, target!.unique_name);
    await row.getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is False')).toBeVisible();
    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: /^Save New Currency/ });
    await expect(dialog.getByText('**Please Check Image Of Currency**')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await count(server, 'SELECT count(*)::int AS n FROM new_currencies WHERE currency_id = $1', [
        target!.currency_id,
      ]),
    ).toBe(1);
  });

  test('new versions: Old Version Of Currency, Save as a new currency, Merge with the old one', async ({
    page,
    app,
    server,
  }) => {
    const versions = await server.context.db.query<{
      currency_id: number;
      unique_name: string;
      old_unique: string;
      old_currency_id: number;
    }>(
      `SELECT v.currency_id, v.unique_name, c.unique_name AS old_unique, c.currency_id AS old_currency_id
         FROM new_version_currencies v JOIN currencies c ON c.id = v.old_currency
        ORDER BY v.id DESC LIMIT 2`,
    );
    const [toSave, toMerge] = versions as [(typeof versions)[0], (typeof versions)[0]];
    await open(
      page,
      app,
      '/cryptoCurrency/get-new-version-of-currencies',
      "Currency's New Version",
    );
    await expect(filterForm(page).getByLabel('Currency Id')).toHaveValue('0');

    await filterQueue(page, '', String(toSave.currency_id));
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, toSave.unique_name);
    await row.getByRole('button', { name: 'Old Version Of Currency' }).click();
    const old = page.getByRole('dialog', { name: 'Old Version Of Currency' });
    await expect(old).toContainText(toSave.old_unique);
    await old.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Save' }).click();
    const save = page.getByRole('dialog', { name: 'Save New Version Currency as New Currency' });
    await expect(save.getByLabel('Old Version Currency')).toHaveValue(toSave.old_unique);
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(save).toBeHidden();
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(
      await count(server, 'SELECT count(*)::int AS n FROM currencies WHERE unique_name = $1', [
        toSave.unique_name,
      ]),
    ).toBe(1);

    await filterQueue(page, toMerge.unique_name, '0');
    await rowOf(page, toMerge.unique_name).getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', {
      name: 'Merge new Version Currency With Old Currency',
    });
    await merge.getByRole('button', { name: 'Merge' }).click();
    await expect(merge).toBeHidden();
    await expect(rowOf(page, toMerge.unique_name)).toHaveCount(0);
    const [merged] = await server.context.db.query<{ currency_id: number; currency_ids: number[] }>(
      'SELECT currency_id, currency_ids FROM currencies WHERE unique_name = $1',
      [toMerge.old_unique],
    );
    expect(merged!.currency_id).toBe(toMerge.currency_id);
    expect(merged!.currency_ids).toContain(toMerge.old_currency_id);
  });

  test('a failed call empties the list and shows the error; Try Again recovers', async ({
    page,
    app,
    server,
  }) => {
    await open(
      page,
      app,
      '/cryptoCurrency/get-new-version-of-currencies',
      "Currency's New Version",
    );
    const table: Locator = page.getByRole('table');
    await server.context.db.query(
      'ALTER TABLE new_version_currencies RENAME TO new_version_currencies_offline',
    );
    try {
      await filterQueue(page, '', '0');
      await expect(page.getByRole('alert')).toContainText('The list could not be loaded');
      await expect(page.getByRole('alert')).toContainText(
        'The server failed to handle the request.',
      );
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(table.locator('.ant-table-row')).toHaveCount(0);
    } finally {
      await server.context.db.query(
        'ALTER TABLE new_version_currencies_offline RENAME TO new_version_currencies',
      );
    }
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(table.locator('.ant-table-row').first()).toBeVisible();
  });
});
