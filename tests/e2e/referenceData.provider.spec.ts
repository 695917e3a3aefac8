/**
 * The reference-data screens of issues 11 and 12 against the spec provider
 * (tests/support/specProvider): markets and new markets, crypto and ecosystem tags,
 * configurations, the two mismatch queues and the Twitter accounts, used as a person would.
 * Each test gets a fresh provider and console (providerFixtures.ts); what a test changes in
 * `provider.state` no other test sees. Bodies are checked as the provider saw them.
 */
import type { Locator, Page } from '@playwright/test';
import type { SpecProvider } from '../support/specProvider';
import type { ConsoleApp } from './fixtures';
import {
  bodyOf,
  chooseListedOption,
  chooseOption,
  expect,
  nextRequest,
  openAt,
  requestsTo,
  test,
} from './providerFixtures';

const C = '/configuration-service/dqc';
const T = '/twitter-service';

// Each test starts its own provider and core on a loaded two-core machine.
test.describe.configure({ timeout: 120_000 });

const header = (page: Page) => page.getByRole('status', { name: 'Result range' });
const rows = (page: Page) => page.locator('.ant-table-row');
/** The table row that has a cell showing exactly `text` (a unique name, a pair, a url). */
const rowOf = (page: Page, text: string) =>
  rows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const filterForm = (page: Page, name: string) => page.getByRole('form', { name });
/** One labelled item of a modal's form: its control, its value and its error message. */
const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });

async function openList(page: Page, app: ConsoleApp, route: string, heading: string) {
  await openAt(page, app, route);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

/** Answers the confirm that says `text`: title WARNING, buttons Close and 'Yes!'. */
async function answerConfirm(page: Page, text: string, button: 'Yes!' | 'Close') {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The text of a cell of removable entries: each entry is followed by its remove button '×'. */
const entries = (...values: string[]) => values.map((value) => `${value}×`).join('');

const count = (provider: SpecProvider, method: string, path: string) =>
  requestsTo(provider, method, path).length;

// ---------------------------------------------------------------------------------------------
// Markets (/market/get-markets)

test.describe('markets against the spec provider', () => {
  test("rows show ('-' for what is missing); Market Contains filters and starts again at page 0", async ({
    page,
    app,
    provider,
  }) => {
    // Sixty more exchanges, so that the list has a second page; the first of them comes without
    // its search and active flags.
    for (let i = 0; i < 60; i += 1) {
      provider.state.markets.push({
        id: 900 + i,
        marketId: 500 + i,
        uniqueName: `extra-exchange-${i}`,
        name: `Extra Exchange ${i}`,
        search: true,
        active: true,
        unwantedUsages: [],
        tags: ['dex'],
      });
    }
    const bare = provider.state.markets.find((m) => m.uniqueName === 'extra-exchange-0')!;
    delete (bare as Partial<typeof bare>).search;
    delete (bare as Partial<typeof bare>).active;
    // Bitfinex has null unwanted usages and tags.
    const bitfinex = provider.state.markets.find((m) => m.uniqueName === 'bitfinex')!;
    expect([bitfinex.unwantedUsages, bitfinex.tags]).toEqual([null, null]);
    const total = provider.state.markets.length;
    expect(total).toBe(70);

    await openList(page, app, '/market', 'List Markets');
    await expect(page.getByRole('tab', { name: 'List Markets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await nextRequest(provider, 'GET', `${C}/get-markets-includes-`);
    await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
    await expect(rows(page)).toHaveCount(50);
    await expect(rowOf(page, 'binance').getByRole('cell')).toHaveText([
      '1',
      'Binance',
      'binance',
      'true',
      'true',
      entries('binance smart chain'),
      entries('cex'),
      'Update',
    ]);
    await expect(rowOf(page, 'bitfinex').getByRole('cell')).toHaveText([
      '2',
      'Bitfinex',
      'bitfinex',
      'true',
      'true',
      '-',
      '-',
      'Update',
    ]);
    await expect(rowOf(page, 'extra-exchange-0').getByRole('cell')).toHaveText([
      '500',
      'Extra Exchange 0',
      'extra-exchange-0',
      '-',
      '-',
      '-',
      entries('dex'),
      'Update',
    ]);

    await page.getByRole('listitem', { name: 'Next page' }).click();
    await expect(header(page)).toHaveText(`You see ( 50 - ${total} ) of ${total} results`);
    await expect(rowOf(page, 'binance')).toHaveCount(0);

    // A filter that still matches more than a page: it starts again at page 0.
    const form = filterForm(page, 'Market filter');
    await form.getByLabel('Market Contains').fill('Exchange');
    await form.getByRole('button', { name: 'Filter' }).click();
    await nextRequest(provider, 'GET', `${C}/get-markets-includes-Exchange`);
    await expect(header(page)).toHaveText('You see ( 0 - 50 ) of 60 results');
    await expect(rowOf(page, 'extra-exchange-0')).toBeVisible();
    await expect(rowOf(page, 'kraken')).toHaveCount(0);

    await form.getByLabel('Market Contains').fill('kraken');
    await form.getByRole('button', { name: 'Filter' }).click();
    await nextRequest(provider, 'GET', `${C}/get-markets-includes-kraken`);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, 'kraken')).toContainText('Kraken');
  });

  test('Update saves and reloads; an unwanted usage and a tag are removed after their confirms', async ({
    page,
    app,
    provider,
  }) => {
    const binance = provider.state.markets.find((m) => m.uniqueName === 'binance')!;
    expect([binance.unwantedUsages, binance.tags]).toEqual([['binance smart chain'], ['cex']]);
    await openList(page, app, '/market/get-markets', 'List Markets');
    const row = rowOf(page, 'binance');
    const list = `${C}/get-markets-includes-`;

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Binance' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Binance');
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Search')).toHaveValue('true');
    await dialog.getByLabel('Name', { exact: true }).fill('Binance Global');
    await dialog.getByLabel('Active').fill('false');
    await dialog.getByLabel('Unwanted Usages').fill('bnb chain');
    await dialog.getByLabel('Unwanted Usages').press('Enter');
    await dialog.getByLabel('Tags').fill('spot');
    await dialog.getByLabel('Tags').press('Enter');
    let lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await nextRequest(provider, 'POST', `${C}/update-market`);
    expect(bodyOf(sent)).toEqual({
      marketId: 1,
      uniqueName: 'binance',
      name: 'Binance Global',
      search: true,
      active: false,
      unwantedUsages: ['bnb chain'],
      tags: ['spot'],
    });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(row.getByRole('cell')).toHaveText([
      '1',
      'Binance Global',
      'binance',
      'true',
      'false',
      entries('binance smart chain', 'bnb chain'),
      entries('cex', 'spot'),
      'Update',
    ]);
    expect(binance.name).toBe('Binance Global');

    // Close asks nothing of the provider.
    await row.getByLabel('Remove unwanted usage binance smart chain').click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Close');
    expect(requestsTo(provider, 'DELETE', `${C}/delete-unwanted-usage-of-market`)).toHaveLength(0);
    await expect(row).toContainText('binance smart chain');

    lists = count(provider, 'GET', list);
    await row.getByLabel('Remove unwanted usage binance smart chain').click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Yes!');
    const usage = await nextRequest(provider, 'DELETE', `${C}/delete-unwanted-usage-of-market`);
    expect(bodyOf(usage)).toEqual({
      marketId: 1,
      uniqueName: 'binance',
      unwantedUsage: 'binance smart chain',
    });
    await nextRequest(provider, 'GET', list, lists);
    await expect(row).not.toContainText('binance smart chain');
    await expect(row).toContainText('bnb chain');

    await row.getByLabel('Remove tag cex').click();
    await answerConfirm(page, 'Are You Sure The Delete This Tag', 'Yes!');
    const tag = await nextRequest(provider, 'DELETE', `${C}/delete-tag-of-market`);
    expect(bodyOf(tag)).toEqual({ marketId: 1, uniqueName: 'binance', tag: 'cex' });
    await expect(row.getByLabel('Remove tag cex')).toHaveCount(0);
    await expect(row.getByLabel('Remove tag spot')).toBeVisible();
    expect([binance.unwantedUsages, binance.tags]).toEqual([['bnb chain'], ['spot']]);
  });
});

// ---------------------------------------------------------------------------------------------
// New markets (/market/get-newMarkets)

test.describe('new markets against the spec provider', () => {
  test('load on open; Same Markets opens a market; Check Img says True or False', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.newMarkets.length;
    await openList(page, app, '/market/get-newMarkets', 'List New Markets');
    await nextRequest(provider, 'GET', `${C}/get-new-markets`);
    await expect(page.getByRole('tab', { name: 'List New Markets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // It loads on open: no filter form, no Filter button.
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    const binanceUs = rowOf(page, 'binance-us');
    await expect(binanceUs).toContainText('Binance US');
    await expect(binanceUs).toContainText('101');

    // 'Bitget' has no look-alike in the catalogue: its dropdown is empty and disabled.
    await expect(rowOf(page, 'bitget').getByRole('button', { name: /Same Markets/ })).toHaveText(
      /Same Markets \(0\)/,
    );
    await expect(
      rowOf(page, 'bitget').getByRole('button', { name: /Same Markets/ }),
    ).toBeDisabled();

    await binanceUs.getByRole('button', { name: /Same Markets \(1\)/ }).click();
    await page.getByRole('menuitem', { name: 'Binance (binance)' }).click();
    const same = page.getByRole('dialog', { name: 'Market Binance' });
    await expect(same).toContainText('binance smart chain');
    await expect(same).toContainText('cex');
    await same.getByRole('button', { name: 'Close' }).click();
    await expect(same).toBeHidden();

    await rowOf(page, 'bitget').getByRole('button', { name: 'Check Img' }).click();
    const falseCheck = await nextRequest(provider, 'GET', `${C}/check-market-image`);
    expect(falseCheck.query).toEqual({ uniqueName: 'bitget' });
    await expect(page.getByText('Check Image is False')).toBeVisible();
    await expect(page.getByText('Check Image is True')).toHaveCount(0);

    await binanceUs.getByRole('button', { name: 'Check Img' }).click();
    const trueCheck = await nextRequest(provider, 'GET', `${C}/check-market-image`, 1);
    expect(trueCheck.query).toEqual({ uniqueName: 'binance-us' });
    await expect(page.getByText('Check Image is True')).toBeVisible();
  });

  test('Save posts the market body to save-new-currency; it leaves the queue for the catalogue', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.newMarkets.length;
    await openList(page, app, '/market/get-newMarkets', 'List New Markets');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    await rowOf(page, 'kraken-futures').getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is True')).toBeVisible();

    await rowOf(page, 'kraken-futures').getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save New Market Kraken Futures' });
    await expect(dialog.getByLabel('Unique Name')).toHaveValue('kraken-futures');
    await expect(dialog.getByLabel('Search')).toHaveValue('true');
    await expect(dialog.getByLabel('Active')).toHaveValue('true');
    await dialog.getByLabel('Tags').fill('derivatives');
    await dialog.getByLabel('Tags').press('Enter');
    const lists = count(provider, 'GET', `${C}/get-new-markets`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const saved = await nextRequest(provider, 'POST', `${C}/save-new-currency`);
    expect(bodyOf(saved)).toEqual({
      marketId: 103,
      name: 'Kraken Futures',
      uniqueName: 'kraken-futures',
      search: true,
      unwantedUsages: [],
      tags: ['derivatives'],
      active: true,
    });
    await expect(dialog).toBeHidden();
    // SPEC.md 4: the new-markets list is fetched again, and the market has left it.
    await nextRequest(provider, 'GET', `${C}/get-new-markets`, lists);
    await expect(rowOf(page, 'kraken-futures')).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    expect(provider.state.newMarkets.map((m) => m.uniqueName)).not.toContain('kraken-futures');

    // It is in the catalogue now.
    await page.getByRole('tab', { name: 'List Markets' }).click();
    const form = filterForm(page, 'Market filter');
    await form.getByLabel('Market Contains').fill('futures');
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await expect(rowOf(page, 'kraken-futures')).toContainText('derivatives');
  });
});

// ---------------------------------------------------------------------------------------------
// Crypto tags (/cryptoTag)

test.describe('crypto tags against the spec provider', () => {
  test("list with 'Contains'; Update saves; a usage is removed after its confirm", async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.cryptoTags.length;
    await openList(page, app, '/cryptoTag', 'List Crypto Tags');
    await expect(page.getByRole('tab', { name: 'Add Crypto Tag' })).toBeVisible();
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    // layer-2 has null usages.
    await expect(rowOf(page, 'layer-2').getByRole('cell')).toHaveText([
      'Layer 2',
      'layer-2',
      'true',
      'true',
      '-',
      'Update',
    ]);
    await expect(rowOf(page, 'meme').getByRole('cell').nth(3)).toHaveText('false');

    const form = filterForm(page, 'Crypto tag filter');
    await form.getByLabel('Contains').fill('layer');
    await form.getByRole('button', { name: 'Filter' }).click();
    const list = `${C}/get-crypto-tags-includes-layer`;
    await nextRequest(provider, 'GET', list);
    await expect(header(page)).toHaveText('You see ( 0 - 2 ) of 2 results');
    await expect(rowOf(page, 'defi')).toHaveCount(0);

    const row = rowOf(page, 'layer-1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('false');
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Layer 1' });
    await expect(dialog.getByLabel('Search')).toHaveValue('false');
    await dialog.getByLabel('Search').fill('True');
    await dialog.getByLabel('Usages').fill('l1');
    await dialog.getByLabel('Usages').press('Enter');
    let lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const updated = await nextRequest(provider, 'POST', `${C}/update-crypto-tag`);
    expect(bodyOf(updated)).toEqual({
      uniqueName: 'layer-1',
      name: 'Layer 1',
      search: true,
      displayOnApps: true,
      usages: ['l1'],
    });
    await expect(dialog).toBeHidden();
    // Reloaded with the filter on screen.
    await nextRequest(provider, 'GET', list, lists);
    await expect(row.getByRole('cell').nth(2)).toHaveText('true');
    await expect(row.getByLabel('Remove usage l1')).toBeVisible();

    lists = count(provider, 'GET', list);
    await row.getByLabel('Remove usage layer-1 token').click();
    await answerConfirm(page, 'Are You Sure The Delete This Usage', 'Yes!');
    const removed = await nextRequest(provider, 'DELETE', `${C}/delete-usage-of-crypto-tag`);
    expect(bodyOf(removed)).toEqual({ uniqueName: 'layer-1', usage: 'layer-1 token' });
    await nextRequest(provider, 'GET', list, lists);
    await expect(row.getByLabel('Remove usage layer-1 token')).toHaveCount(0);
    await expect(row.getByLabel('Remove usage l1')).toBeVisible();
    expect(provider.state.cryptoTags.find((t) => t.uniqueName === 'layer-1')!.usages).toEqual([
      'layer-1',
      'l1',
    ]);
  });

  test('Add Crypto Tag: a bad flag is refused beside the field; good input sends usages as a list', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.cryptoTags.length;
    await openList(page, app, '/cryptoTag/listTags', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });
    await dialog.getByLabel('Name', { exact: true }).fill('Restaking');
    await dialog.getByLabel('Unique Name').fill('restaking');
    await dialog.getByLabel('Usages').fill('restaking, liquid restaking ,, eigen');
    await dialog.getByLabel('Search').fill('yes');
    await dialog.getByLabel('Display On Apps').fill('true');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(formItem(dialog, 'Search').locator('.ant-form-item-explain-error')).toHaveText(
      'Search must be true or false',
    );
    await expect(
      formItem(dialog, 'Display On Apps').locator('.ant-form-item-explain-error'),
    ).toHaveCount(0);
    // Nothing was sent and what was typed stays.
    expect(requestsTo(provider, 'POST', `${C}/add-crypto-tag`)).toHaveLength(0);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Restaking');
    await expect(dialog.getByLabel('Usages')).toHaveValue('restaking, liquid restaking ,, eigen');

    await dialog.getByLabel('Search').fill('FALSE');
    const lists = count(provider, 'GET', `${C}/get-crypto-tags-includes-`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const added = await nextRequest(provider, 'POST', `${C}/add-crypto-tag`);
    expect(bodyOf(added)).toEqual({
      name: 'Restaking',
      uniqueName: 'restaking',
      usages: ['restaking', 'liquid restaking', 'eigen'],
      search: false,
      displayOnApps: true,
    });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', `${C}/get-crypto-tags-includes-`, lists);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total + 1} ) of ${total + 1} results`);
    const row = rowOf(page, 'restaking');
    await expect(row.getByRole('cell').first()).toHaveText('Restaking');
    await expect(row.getByLabel('Remove usage liquid restaking')).toBeVisible();
    await expect(row.getByLabel('Remove usage eigen')).toBeVisible();
  });

  test('Add Crypto Tag: a refusal by the provider is shown and keeps what was typed', async ({
    page,
    app,
    provider,
  }) => {
    await openList(page, app, '/cryptoTag', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });
    await dialog.getByLabel('Name', { exact: true }).fill('DeFi Again');
    await dialog.getByLabel('Unique Name').fill('defi');
    await dialog.getByLabel('Search').fill('true');
    await dialog.getByLabel('Display On Apps').fill('false');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await nextRequest(provider, 'POST', `${C}/add-crypto-tag`);
    await expect(dialog.getByRole('alert')).toContainText('Crypto tag already exists: defi');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('DeFi Again');
    await expect(dialog.getByLabel('Unique Name')).toHaveValue('defi');
    expect(provider.state.cryptoTags.filter((t) => t.uniqueName === 'defi')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Ecosystem tags (/ecosystemTag)

test.describe('ecosystem tags against the spec provider', () => {
  test("'Ecosystem Tag Contains' filters; Update is the only action and saves", async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.ecosystemTags.length;
    await openList(page, app, '/ecosystemTag', 'Ecosystem Tag');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    const form = filterForm(page, 'Ecosystem tag filter');
    await form.getByLabel('Ecosystem Tag Contains').fill('sol');
    await form.getByRole('button', { name: 'Filter' }).click();
    const list = `${C}/get-ecosystem-tags-includes-sol`;
    await nextRequest(provider, 'GET', list);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, 'solana-ecosystem');
    await expect(row.getByRole('cell')).toHaveText([
      'Solana Ecosystem',
      'solana-ecosystem',
      'Update',
    ]);
    await expect(row.getByRole('button')).toHaveText(['Update']);

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Solana Ecosystem' });
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await dialog.getByLabel('Name', { exact: true }).fill('Solana Network');
    const lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await nextRequest(provider, 'POST', `${C}/update-ecosystem-tag`);
    expect(bodyOf(sent)).toEqual({ uniqueName: 'solana-ecosystem', name: 'Solana Network' });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(row.getByRole('cell').first()).toHaveText('Solana Network');
  });

  test('a failed call shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.ecosystemTags.length;
    await openList(page, app, '/ecosystemTag', 'Ecosystem Tag');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);

    // The provider's handler now throws: it answers 500 with the error's text.
    const saved = provider.state.ecosystemTags;
    Object.defineProperty(provider.state, 'ecosystemTags', {
      configurable: true,
      get() {
        throw new Error('Ecosystem tag store is offline');
      },
    });
    const form = filterForm(page, 'Ecosystem tag filter');
    await form.getByLabel('Ecosystem Tag Contains').fill('eco');
    await form.getByRole('button', { name: 'Filter' }).click();
    await nextRequest(provider, 'GET', `${C}/get-ecosystem-tags-includes-eco`);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toContainText('The list could not be loaded');
    await expect(alert).toContainText('Ecosystem tag store is offline');
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    await expect(rows(page)).toHaveCount(0);

    Object.defineProperty(provider.state, 'ecosystemTags', {
      configurable: true,
      enumerable: true,
      writable: true,
      value: saved,
    });
    const tries = count(provider, 'GET', `${C}/get-ecosystem-tags-includes-eco`);
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await nextRequest(provider, 'GET', `${C}/get-ecosystem-tags-includes-eco`, tries);
    await expect(alert).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    await expect(rowOf(page, 'ton-ecosystem')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// Configurations (/configurations)

test.describe('configurations against the spec provider', () => {
  test('rows show the category in words; Market select and Currency filter', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.configurations.length;
    await openList(page, app, '/configurations', 'List Configurations');
    await expect(page.getByRole('tab', { name: 'Add Configuration' })).toBeVisible();
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    await expect(rowOf(page, 'bitcoin').getByRole('cell')).toHaveText([
      'BTC',
      'Bitcoin',
      'bitcoin',
      'BINANCE',
      'NOT FOUND',
      /Update\s*Delete/,
    ]);
    await expect(rowOf(page, 'tether').getByRole('cell').nth(4)).toHaveText('MULTIPLE');
    await expect(rowOf(page, 'solana').getByRole('cell').nth(4)).toHaveText('DIFFERENT');

    const form = filterForm(page, 'Configuration filter');
    const list = `${C}/get-market-currency-configurations`;
    let lists = count(provider, 'GET', list);
    await chooseListedOption(page, form.getByLabel('Market'), 'KRAKEN');
    await form.getByRole('button', { name: 'Filter' }).click();
    let sent = await nextRequest(provider, 'GET', list, lists);
    expect(sent.query).toMatchObject({ market: 'KRAKEN' });
    expect(sent.query.currency ?? '').toBe('');
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await expect(rowOf(page, 'usd-coin')).toContainText('KRAKEN');

    lists = count(provider, 'GET', list);
    await chooseListedOption(page, form.getByLabel('Market'), 'All Markets');
    await form.getByLabel('Currency').fill('coin');
    await form.getByRole('button', { name: 'Filter' }).click();
    sent = await nextRequest(provider, 'GET', list, lists);
    expect(sent.query).toMatchObject({ currency: 'coin' });
    expect(sent.query.market ?? '').toBe('');
    await expect(header(page)).toHaveText('You see ( 0 - 4 ) of 4 results');
    for (const name of ['bitcoin', 'usd-coin', 'dogecoin', 'litecoin']) {
      await expect(rowOf(page, name)).toBeVisible();
    }
    await expect(rowOf(page, 'tether')).toHaveCount(0);
  });

  test('Add Configuration: placeholders, categories shown in words and sent as keys', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.configurations.length;
    await openList(page, app, '/configurations/list', 'List Configurations');
    await page.getByRole('tab', { name: 'Add Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Configuration' });
    await expect(formItem(dialog, 'Market')).toContainText('Please Select Market *');
    await expect(formItem(dialog, 'Category')).toContainText('Please Select Category *');

    // Nothing chosen: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(formItem(dialog, 'Market').locator('.ant-form-item-explain-error')).toHaveText(
      'Please Select Market *',
    );
    await expect(formItem(dialog, 'Category').locator('.ant-form-item-explain-error')).toHaveText(
      'Please Select Category *',
    );
    expect(requestsTo(provider, 'POST', `${C}/add-market-currency-configuration`)).toHaveLength(0);

    await chooseListedOption(page, dialog.getByLabel('Market'), 'MEXC');
    await dialog.getByLabel('Category').click();
    await expect(
      page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).toHaveText(['NOT FOUND', 'MULTIPLE', 'DIFFERENT']);
    await chooseOption(page, dialog.getByLabel('Category'), 'DIFFERENT');
    await dialog.getByLabel('Currency').fill('ARB');
    await dialog.getByLabel('Name', { exact: true }).fill('Arbitrum');
    await dialog.getByLabel('Unique Name').fill('arbitrum');
    const lists = count(provider, 'GET', `${C}/get-market-currency-configurations`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const added = await nextRequest(provider, 'POST', `${C}/add-market-currency-configuration`);
    expect(bodyOf(added)).toEqual({
      market: 'MEXC',
      category: 'different',
      currency: 'ARB',
      name: 'Arbitrum',
      uniqueName: 'arbitrum',
    });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', `${C}/get-market-currency-configurations`, lists);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total + 1} ) of ${total + 1} results`);
    await expect(rowOf(page, 'arbitrum').getByRole('cell')).toHaveText([
      'ARB',
      'Arbitrum',
      'arbitrum',
      'MEXC',
      'DIFFERENT',
      /Update\s*Delete/,
    ]);
  });

  test('Update saves the configuration; Delete removes one after its confirm', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.configurations.length;
    await openList(page, app, '/configurations/list', 'List Configurations');
    const list = `${C}/get-market-currency-configurations`;

    await rowOf(page, 'tether').getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Configuration tether' });
    await expect(formItem(dialog, 'Market')).toContainText('BYBIT');
    await expect(formItem(dialog, 'Category')).toContainText('MULTIPLE');
    await chooseOption(page, dialog.getByLabel('Category'), 'NOT FOUND');
    await dialog.getByLabel('Name', { exact: true }).fill('Tether USD');
    let lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const updated = await nextRequest(
      provider,
      'POST',
      `${C}/update-market-currency-configuration`,
    );
    expect(bodyOf(updated)).toEqual({
      market: 'BYBIT',
      category: 'notFound',
      currency: 'USDT',
      name: 'Tether USD',
      uniqueName: 'tether',
    });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'tether').getByRole('cell').nth(1)).toHaveText('Tether USD');
    await expect(rowOf(page, 'tether').getByRole('cell').nth(4)).toHaveText('NOT FOUND');

    const deletePath = `${C}/delete-market-currency-configuration`;
    await rowOf(page, 'solana').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Close');
    expect(requestsTo(provider, 'DELETE', deletePath)).toHaveLength(0);
    await expect(rowOf(page, 'solana')).toBeVisible();

    lists = count(provider, 'GET', list);
    await rowOf(page, 'solana').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Yes!');
    const deleted = await nextRequest(provider, 'DELETE', deletePath);
    expect(bodyOf(deleted)).toEqual({
      currency: 'SOL',
      name: 'Solana',
      uniqueName: 'solana',
      market: 'CRYPTOCOM',
      category: 'different',
    });
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'solana')).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    expect(provider.state.configurations.map((c) => c.uniqueName)).not.toContain('solana');
  });
});

// ---------------------------------------------------------------------------------------------
// Mismatches (/mismatches/...)

test.describe('mismatches against the spec provider', () => {
  test("trading pairs: Market and 'Currency Symbol' filter; Match and Delete refetch with them", async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.mismatchTradingPairs.length;
    const list = `${C}/get-mismatch-trading-pairs`;
    await openList(page, app, '/mismatches', 'Trading Pairs');
    await expect(page.getByRole('tab', { name: 'Trading Pairs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    // HEXUSDT comes with a null message.
    await expect(rowOf(page, 'HEXUSDT').getByRole('cell')).toHaveText([
      'KUCOIN',
      'HEXUSDT',
      'HEX',
      'USDT',
      '-',
      /Match\s*Delete/,
    ]);

    const form = filterForm(page, 'Trading pair filter');
    let lists = count(provider, 'GET', list);
    await chooseOption(page, form.getByLabel('Market'), 'BINANCE');
    await form.getByLabel('Currency Symbol').fill('dex');
    await form.getByRole('button', { name: 'Filter' }).click();
    const filtered = await nextRequest(provider, 'GET', list, lists);
    expect(filtered.query).toEqual({ market: 'BINANCE', currency: 'dex' });
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');

    await rowOf(page, 'DEXETH').getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Trading Pair' });
    await expect(formItem(dialog, 'Market')).toContainText('BINANCE');
    await expect(dialog.getByLabel('Currency')).toHaveValue('DEX');
    await chooseOption(page, dialog.getByLabel('Category'), 'MULTIPLE');
    await dialog.getByLabel('Name', { exact: true }).fill('Dexon');
    await dialog.getByLabel('Unique Name').fill('dexon');
    lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Match' }).click();
    const matched = await nextRequest(provider, 'POST', `${C}/match-mismatch-trading-pair`);
    expect(bodyOf(matched)).toEqual({
      market: 'BINANCE',
      category: 'multiple',
      currency: 'DEX',
      name: 'Dexon',
      uniqueName: 'dexon',
    });
    await expect(dialog).toBeHidden();
    // Fetched again with the filters on screen; the matched pair has left the queue.
    const again = await nextRequest(provider, 'GET', list, lists);
    expect(again.query).toEqual({ market: 'BINANCE', currency: 'dex' });
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(provider.state.configurations).toContainEqual({
      market: 'BINANCE',
      category: 'multiple',
      currency: 'DEX',
      name: 'Dexon',
      uniqueName: 'dexon',
    });

    lists = count(provider, 'GET', list);
    await form.getByLabel('Currency Symbol').fill('');
    await form.getByRole('button', { name: 'Filter' }).click();
    await nextRequest(provider, 'GET', list, lists);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await rowOf(page, 'AURUSDT').getByRole('button', { name: 'Delete' }).click();
    lists = count(provider, 'GET', list);
    await answerConfirm(page, 'Are you sure you want to delete this Trading Pair', 'Yes!');
    const deleted = await nextRequest(provider, 'DELETE', `${C}/delete-mismatch-trading-pair`);
    expect(bodyOf(deleted)).toEqual({
      market: 'BINANCE',
      pair: 'AURUSDT',
      baseCurrency: 'AUR',
      otherCurrency: 'USDT',
      message: 'AUR matches no currencies',
    });
    const afterDelete = await nextRequest(provider, 'GET', list, lists);
    expect(afterDelete.query).toMatchObject({ market: 'BINANCE' });
    expect(afterDelete.query.currency ?? '').toBe('');
    await expect(rowOf(page, 'AURUSDT')).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(provider.state.mismatchTradingPairs).toHaveLength(total - 2);
  });

  test('explorer urls: load on open; Match sends isSpecific and Delete confirms; each reloads', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.mismatchExplorerUrls.length;
    const list = `${C}/get-mismatch-explorer-urls`;
    await openList(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    await nextRequest(provider, 'GET', list);
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    await expect(rowOf(page, 'unknown-token-2').getByRole('cell')).toHaveText([
      'https://solscan.io/token/B2',
      'unknown-token-2',
      /Match\s*Delete/,
    ]);

    await rowOf(page, 'unknown-token-2').getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Explorer Url' });
    await expect(dialog.getByLabel('Url')).toHaveValue('https://solscan.io/token/B2');
    await expect(dialog.getByLabel('Is Specific')).toHaveValue('true');
    await dialog.getByLabel('Unique Name').fill('solana');
    let lists = count(provider, 'GET', list);
    await dialog.getByRole('button', { name: 'Match' }).click();
    const matched = await nextRequest(provider, 'POST', `${C}/match-mismatch-explorer-url`);
    expect(bodyOf(matched)).toEqual({
      uniqueName: 'solana',
      url: 'https://solscan.io/token/B2',
      name: 'Explorer 2',
      isSpecific: true,
    });
    await expect(dialog).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'unknown-token-2')).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    expect(provider.state.explorerUrls.map((u) => u.uniqueName)).toEqual(['solana']);

    await rowOf(page, 'unknown-token-1').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Close');
    expect(requestsTo(provider, 'DELETE', `${C}/delete-mismatch-explorer-url`)).toHaveLength(0);
    lists = count(provider, 'GET', list);
    await rowOf(page, 'unknown-token-1').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Yes!');
    const deleted = await nextRequest(provider, 'DELETE', `${C}/delete-mismatch-explorer-url`);
    expect(bodyOf(deleted)).toEqual({
      uniqueName: 'unknown-token-1',
      url: 'https://etherscan.io/token/0xa1',
      name: 'Explorer 1',
      isSpecific: false,
    });
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'unknown-token-1')).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 2} ) of ${total - 2} results`);
  });
});

// ---------------------------------------------------------------------------------------------
// Twitter accounts (/twitter-accounts)

async function openAccounts(page: Page, app: ConsoleApp) {
  await openList(page, app, '/twitter-accounts', 'Twitter Accounts');
}

const accountForm = (page: Page) => filterForm(page, 'Account filter');

test.describe('twitter accounts against the spec provider', () => {
  test('Account Type switches the list at once; the Unique Name box and the add tab follow it', async ({
    page,
    app,
    provider,
  }) => {
    const form = accountForm(page);
    const box = form.getByLabel('Unique Name');
    const type = form.getByLabel('Account Type');
    await openAccounts(page, app);
    await nextRequest(provider, 'GET', `${T}/get-coin-accounts`);
    await expect(form.locator('.ant-select')).toContainText('COIN');
    await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toBeVisible();
    await expect(rowOf(page, 'ethereum').getByRole('cell').nth(4)).toHaveText('True');
    await expect(
      page.getByText('the Twitter accounts the service follows', { exact: false }),
    ).toBeVisible();

    let coins = count(provider, 'GET', `${T}/get-coin-accounts`);
    await box.fill('ether');
    await form.getByRole('button', { name: 'Filter' }).click();
    const filtered = await nextRequest(provider, 'GET', `${T}/get-coin-accounts`, coins);
    expect(filtered.query).toEqual({ uniqueName: 'ether' });
    await expect(header(page)).toHaveText('You see ( 0 - 2 ) of 2 results');
    await expect(rowOf(page, 'tether')).toBeVisible();
    await box.fill('');
    coins = count(provider, 'GET', `${T}/get-coin-accounts`);
    await form.getByRole('button', { name: 'Filter' }).click();
    await nextRequest(provider, 'GET', `${T}/get-coin-accounts`, coins);
    await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');

    // NEWS: fetched at once, without Filter; the box is turned off.
    await chooseOption(page, type, 'NEWS');
    await nextRequest(provider, 'GET', `${T}/get-news-accounts`);
    await expect(header(page)).toHaveText('You see ( 0 - 3 ) of 3 results');
    await expect(rowOf(page, 'CoinDesk')).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAttribute('placeholder', 'Disabled');
    await expect(page.getByRole('button', { name: 'Add News Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toHaveCount(0);

    await chooseOption(page, type, 'MARKET');
    await nextRequest(provider, 'GET', `${T}/get-market-accounts`);
    await expect(header(page)).toHaveText('You see ( 0 - 4 ) of 4 results');
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Market Un.Name');
    await expect(page.getByRole('button', { name: 'Add Market Account' })).toBeVisible();
    await expect(
      page.getByRole('columnheader', { name: 'Market Announcement Active' }),
    ).toBeVisible();
    // Binance: listing active, no announcements.
    await expect(rowOf(page, 'binance').getByRole('cell')).toHaveText([
      'BINANCE',
      'Binance',
      'binance',
      'MARKET',
      'True',
      'True',
      'False',
      '6000000',
      /Update\s*Delete/,
    ]);
    await expect(
      page.getByText('the Twitter accounts the service follows', { exact: false }),
    ).toBeVisible();

    await chooseOption(page, type, 'COIN');
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(rowOf(page, 'bitcoin')).toBeVisible();
  });

  test('coin accounts: add with defaults, Update sends newUserId, Delete sends the record', async ({
    page,
    app,
    provider,
  }) => {
    await openAccounts(page, app);
    const list = `${T}/get-coin-accounts`;
    await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');

    await page.getByRole('button', { name: 'Add Coin Account' }).click();
    const add = page.getByRole('dialog', { name: 'Add Coin Account' });
    await expect(add.getByLabel('Account Type')).toHaveValue('COIN');
    await expect(formItem(add, 'Active')).toContainText('True');
    await add.getByLabel('Currency Code').fill('ARB');
    await add.getByLabel('Twitter Account Name').fill('arbitrum');
    await add.getByLabel('Unique Name').fill('arbitrum');
    await add.getByLabel('User Id').fill('4000099');
    let lists = count(provider, 'GET', list);
    await add.getByRole('button', { name: 'Add' }).click();
    const added = await nextRequest(provider, 'POST', `${T}/add-coin-account`);
    expect(bodyOf(added)).toEqual({
      accountType: 'COIN',
      active: true,
      currencyCode: 'ARB',
      twitterAccountName: 'arbitrum',
      uniqueName: 'arbitrum',
      userId: '4000099',
    });
    await expect(add).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(header(page)).toHaveText('You see ( 0 - 6 ) of 6 results');
    await expect(rowOf(page, '4000099')).toContainText('ARB');

    // Tether's userId came as a number.
    await rowOf(page, 'tether').getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: 'Update Coin Account Tether' });
    await expect(update.getByLabel('User Id', { exact: true })).toHaveValue('4000002');
    await expect(update.getByLabel('New User Id')).toHaveValue('4000002');
    await update.getByLabel('New User Id').fill('4000222');
    await chooseOption(page, update.getByLabel('Active'), 'False');
    lists = count(provider, 'GET', list);
    await update.getByRole('button', { name: 'Update' }).click();
    const updated = await nextRequest(provider, 'POST', `${T}/update-coin-account`);
    expect(bodyOf(updated)).toEqual({
      accountType: 'COIN',
      currencyCode: 'USDT',
      twitterAccountName: 'Tether',
      uniqueName: 'tether',
      active: false,
      userId: '4000002',
      newUserId: '4000222',
    });
    await expect(update).toBeHidden();
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'tether').getByRole('cell').nth(4)).toHaveText('False');
    await expect(rowOf(page, 'tether').getByRole('cell').nth(5)).toHaveText('4000222');

    // BNB is inactive, its userId text.
    lists = count(provider, 'GET', list);
    await rowOf(page, 'bnb').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
    const deleted = await nextRequest(provider, 'DELETE', `${T}/delete-coin-account`);
    expect(bodyOf(deleted)).toEqual({
      currencyCode: 'BNB',
      twitterAccountName: 'BNB',
      uniqueName: 'bnb',
      accountType: 'COIN',
      active: false,
      userId: '4000003',
    });
    await nextRequest(provider, 'GET', list, lists);
    await expect(rowOf(page, 'bnb')).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');
  });

  test('market and news accounts: add with their defaults, update and delete', async ({
    page,
    app,
    provider,
  }) => {
    await openAccounts(page, app);
    const type = accountForm(page).getByLabel('Account Type');

    await chooseOption(page, type, 'MARKET');
    await expect(header(page)).toHaveText('You see ( 0 - 4 ) of 4 results');
    await page.getByRole('button', { name: 'Add Market Account' }).click();
    const addMarket = page.getByRole('dialog', { name: 'Add Market Account' });
    await expect(addMarket.getByLabel('Account Type')).toHaveValue('MARKET');
    await expect(formItem(addMarket, 'Active')).toContainText('True');
    await expect(formItem(addMarket, 'Listing Active')).toContainText('False');
    await expect(formItem(addMarket, 'Market Announcement Active')).toContainText('False');
    await addMarket.getByLabel('Market', { exact: true }).fill('BYBIT');
    await addMarket.getByLabel('Twitter Account Name').fill('Bybit_Official');
    await addMarket.getByLabel('Unique Name').fill('bybit');
    await addMarket.getByLabel('User Id').fill('6000010');
    await addMarket.getByRole('button', { name: 'Add' }).click();
    const marketAdded = await nextRequest(provider, 'POST', `${T}/add-market-account`);
    expect(bodyOf(marketAdded)).toEqual({
      accountType: 'MARKET',
      active: true,
      listingActive: false,
      marketAnnouncementActive: false,
      market: 'BYBIT',
      twitterAccountName: 'Bybit_Official',
      uniqueName: 'bybit',
      userId: '6000010',
    });
    await expect(addMarket).toBeHidden();
    await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');
    await expect(rowOf(page, 'Bybit_Official')).toContainText('6000010');

    await chooseOption(page, type, 'NEWS');
    await expect(header(page)).toHaveText('You see ( 0 - 3 ) of 3 results');
    await page.getByRole('button', { name: 'Add News Account' }).click();
    const addNews = page.getByRole('dialog', { name: 'Add News Account' });
    await expect(addNews.getByLabel('Account Type')).toHaveValue('NEWS');
    await expect(formItem(addNews, 'Active')).toContainText('True');
    await addNews.getByLabel('Twitter Account Name').fill('WuBlockchain');
    await addNews.getByLabel('User Id').fill('5000099');
    await addNews.getByRole('button', { name: 'Add' }).click();
    const newsAdded = await nextRequest(provider, 'POST', `${T}/add-news-account`);
    expect(bodyOf(newsAdded)).toEqual({
      accountType: 'NEWS',
      active: true,
      twitterAccountName: 'WuBlockchain',
      userId: '5000099',
    });
    await expect(addNews).toBeHidden();
    await expect(rowOf(page, 'WuBlockchain')).toBeVisible();

    await rowOf(page, 'decryptmedia').getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: 'Update News Account decryptmedia' });
    await update.getByLabel('New User Id').fill('5000202');
    await update.getByRole('button', { name: 'Update' }).click();
    const updated = await nextRequest(provider, 'POST', `${T}/update-news-account`);
    expect(bodyOf(updated)).toEqual({
      accountType: 'NEWS',
      twitterAccountName: 'decryptmedia',
      active: true,
      userId: '5000002',
      newUserId: '5000202',
    });
    await expect(update).toBeHidden();
    await expect(rowOf(page, 'decryptmedia')).toContainText('5000202');

    await rowOf(page, 'CoinDesk').getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
    const deleted = await nextRequest(provider, 'DELETE', `${T}/delete-news-account`);
    expect(bodyOf(deleted)).toEqual({
      twitterAccountName: 'CoinDesk',
      accountType: 'NEWS',
      active: true,
      userId: '5000000',
    });
    await expect(rowOf(page, 'CoinDesk')).toHaveCount(0);
    expect(provider.state.newsAccounts.map((a) => a.twitterAccountName)).toEqual([
      'TheBlock__',
      'decryptmedia',
      'WuBlockchain',
    ]);
  });
});
