/**
 * Every built screen against the spec provider (tests/support/specProvider): a stand-in of the
 * API provider written from SPEC.md alone. It answers writes with an empty 200, `true`, 204 or
 * "OK", leaves fields out of list entries, sends nulls and numeric ids, and counts as text. The
 * console must read all of that as a user expects: rows shown ('-' for what is missing), saves
 * that close their modal and reload. Each test gets a fresh provider (see providerFixtures.ts).
 */
import type { Page } from '@playwright/test';
import type { SpecProvider } from '../support/specProvider';
import type { ConsoleApp } from './fixtures';
import {
  bodyOf,
  chooseOption,
  expect,
  header,
  nextRequest,
  openAt,
  requestsTo,
  test,
} from './providerFixtures';

const T = '/twitter-service';
const N = '/news-service';
const C = '/configuration-service/dqc';

// Each test starts its own provider and core, and a test takes several saves: on a loaded
// two-core machine that needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

// ---------------------------------------------------------------------------------------------
// Review (/filter)

const card = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
const actions = (page: Page, id: number) => card(page, id).getByRole('group', { name: 'Actions' });
/** The shown value of one labelled field of a card (Url, Detected Keyword, Markets, ...). */
const cardField = (page: Page, id: number, label: string) =>
  card(page, id)
    .locator('.dqc-detail')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');
const decision = (page: Page, id: number) =>
  card(page, id).locator('.ant-card-extra .ant-tag').first();

async function openReview(page: Page, app: ConsoleApp) {
  await openAt(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
}

async function showNews(page: Page) {
  const filter = page.getByRole('form', { name: 'Review filter' });
  await chooseOption(page, filter.getByLabel('Filter Type'), 'News');
  await filter.getByRole('button', { name: /Filter$/ }).click();
  await expect(card(page, 5029)).toBeVisible();
}

function tweet(provider: SpecProvider, id: number) {
  const found = provider.state.tweets.find((t) => t.id === id);
  if (!found) throw new Error(`the demo data has no tweet ${id}`);
  return found;
}

function newsItem(provider: SpecProvider, id: number) {
  const found = provider.state.news.find((n) => n.id === id);
  if (!found) throw new Error(`the demo data has no news item ${id}`);
  return found;
}

test.describe('review against the spec provider', () => {
  test('shows pages of 20 cards; entries missing fields or with a null message show "-"', async ({
    page,
    app,
    provider,
  }) => {
    // Tweet 1044 has no url, a null detectedKeyword and a null unwantedUsage; 1013 a null message.
    const bare = tweet(provider, 1044);
    expect(bare.url).toBeUndefined();
    expect(bare.detectedKeyword).toBeNull();
    expect(tweet(provider, 1013).message).toBeNull();
    const total = provider.state.tweets.length;

    await openReview(page, app);
    await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${total} results`);
    await expect(page.locator('[data-item-id]')).toHaveCount(20);
    await expect(card(page, 1044)).toBeVisible();
    await expect(cardField(page, 1044, 'Url')).toHaveText('-');
    await expect(cardField(page, 1044, 'Detected Keyword')).toHaveText('-');
    await expect(cardField(page, 1044, 'Unwanted Usage')).toHaveText('-');
    // A tweetId that came as a number is shown as its digits.
    await expect(cardField(page, 1044, 'Tweet Id')).toHaveText(String(bare.tweetId));
    await expect(actions(page, 1044).getByRole('button')).toHaveText([
      'Add Keyword',
      'Select',
      'Eliminate',
      'Review',
    ]);

    await page.getByRole('listitem', { name: 'Next Page' }).click();
    await expect(header(page)).toHaveText(`You see ( 20 - 40 ) of ${total} results`);
    await expect(card(page, 1013)).toBeVisible();
    await expect(card(page, 1013).locator('.dqc-message')).toHaveText('-');
    await expect(page.locator('[data-item-id]')).toHaveCount(20);
    await page.getByRole('listitem', { name: 'Next Page' }).click();
    await expect(header(page)).toHaveText(`You see ( 40 - ${total} ) of ${total} results`);
    await expect(page.locator('[data-item-id]')).toHaveCount(total - 40);
  });

  test('Eliminate on a kept tweet and Select on an eliminated one save and reload the list', async ({
    page,
    app,
    provider,
  }) => {
    const kept = tweet(provider, 1043);
    const eliminated = tweet(provider, 1042);
    expect([kept.selected, kept.manuallyChanged]).toEqual([true, false]);
    expect([eliminated.selected, eliminated.eliminatedBySimilarity]).toEqual([false, false]);
    await openReview(page, app);
    await expect(decision(page, 1043)).toHaveText('Selected');
    await expect(decision(page, 1042)).toHaveText('Eliminated');

    let lists = requestsTo(provider, 'POST', `${T}/filter`).length;
    await actions(page, 1043).getByRole('button', { name: 'Eliminate' }).click();
    const eliminate = await nextRequest(provider, 'PUT', `${T}/manually-eliminate`);
    expect(bodyOf(eliminate)).toMatchObject({
      twitterUserName: kept.twitterUserName,
      reviewedBy: 'reviewer1',
    });
    expect(String((bodyOf(eliminate) as { tweetId: unknown }).tweetId)).toBe(String(kept.tweetId));
    // The provider answered 200 with no body: that is a success, and the list is fetched again.
    await expect(page.getByText('Eliminate: saved')).toBeVisible();
    await nextRequest(provider, 'POST', `${T}/filter`, lists);
    expect([kept.selected, kept.manuallyChanged]).toEqual([false, true]);
    await expect(decision(page, 1043)).toHaveText('Eliminated');
    await expect(card(page, 1043).getByText('Manually changed')).toBeVisible();
    await expect(page.getByText(/failed/)).toHaveCount(0);

    lists = requestsTo(provider, 'POST', `${T}/filter`).length;
    await actions(page, 1042).getByRole('button', { name: 'Select' }).click();
    const select = await nextRequest(provider, 'PUT', `${T}/manually-select`);
    expect(bodyOf(select)).toMatchObject({
      twitterUserName: eliminated.twitterUserName,
      reviewedBy: 'reviewer1',
    });
    expect(String((bodyOf(select) as { tweetId: unknown }).tweetId)).toBe(
      String(eliminated.tweetId),
    );
    await nextRequest(provider, 'POST', `${T}/filter`, lists);
    expect(eliminated.selected).toBe(true);
    await expect(decision(page, 1042)).toHaveText('Selected');
    await expect(card(page, 1042).getByText('Manually changed')).toBeVisible();
  });

  test('Review asks the WARNING confirm, then sends "reviewer1" as a JSON string (204)', async ({
    page,
    app,
    provider,
  }) => {
    const item = tweet(provider, 1041);
    expect(item.reviewedBy).toBeNull();
    await openReview(page, app);
    await expect(card(page, 1041).getByText('Not reviewed')).toBeVisible();

    await actions(page, 1041).getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure the reviewe' });
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await expect(dialog).toContainText('Are you sure the reviewe these tweets?');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(requestsTo(provider, 'PUT', `${T}/1041/reviewed`)).toHaveLength(0);

    await actions(page, 1041).getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Yes!' }).click();
    const reviewed = await nextRequest(provider, 'PUT', `${T}/1041/reviewed`);
    expect(reviewed.body).toBe('"reviewer1"');
    expect(item.reviewedBy).toBe('reviewer1');
    await expect(card(page, 1041).getByText('Reviewed by reviewer1')).toBeVisible();
  });

  test('news: the count sent as a JSON string heads pages of 20; missing lists and a null message show "-"', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.news.length;
    // 5029 has no cryptoTagsList at all, 5027 a null cryptoMarketList, 5007 a null message.
    expect('cryptoTagsList' in newsItem(provider, 5029)).toBe(false);
    expect(newsItem(provider, 5027).cryptoMarketList).toBeNull();
    expect(newsItem(provider, 5007).message).toBeNull();

    await openReview(page, app);
    await showNews(page);
    // The provider sent the count as the JSON string "30".
    await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${total} results`);
    await expect(page.locator('[data-item-id]')).toHaveCount(20);
    await expect(cardField(page, 5029, 'Tags')).toHaveText('-');
    await expect(cardField(page, 5027, 'Markets')).toHaveText('-');
    await expect(cardField(page, 5027, 'Currencies')).toHaveText(
      newsItem(provider, 5027).cryptoCurrencyList![0]!.symbol,
    );

    await page.getByRole('listitem', { name: 'Next Page' }).click();
    await expect(header(page)).toHaveText(`You see ( 20 - ${total} ) of ${total} results`);
    await expect(page.locator('[data-item-id]')).toHaveCount(total - 20);
    await expect(card(page, 5007).locator('.dqc-message')).toHaveText('-');
  });

  test('news: Eliminate, Select and Review save (the provider answers `true` and 204) and reload', async ({
    page,
    app,
    provider,
  }) => {
    const kept = newsItem(provider, 5029);
    const eliminated = newsItem(provider, 5028);
    const unreviewed = newsItem(provider, 5027);
    expect([kept.selected, eliminated.selected, unreviewed.reviewedBy]).toEqual([
      true,
      false,
      null,
    ]);
    await openReview(page, app);
    await showNews(page);
    await expect(decision(page, 5029)).toHaveText('Selected');

    let lists = requestsTo(provider, 'POST', `${N}/filter`).length;
    await actions(page, 5029).getByRole('button', { name: 'Eliminate' }).click();
    const eliminate = await nextRequest(provider, 'PUT', `${N}/manually-eliminate`);
    expect(bodyOf(eliminate)).toMatchObject({ website: kept.website, reviewedBy: 'reviewer1' });
    expect(String((bodyOf(eliminate) as { newsId: unknown }).newsId)).toBe(String(kept.newsId));
    await nextRequest(provider, 'POST', `${N}/filter`, lists);
    expect(kept.selected).toBe(false);
    await expect(decision(page, 5029)).toHaveText('Eliminated');

    lists = requestsTo(provider, 'POST', `${N}/filter`).length;
    await actions(page, 5028).getByRole('button', { name: 'Select' }).click();
    const select = await nextRequest(provider, 'PUT', `${N}/manually-select`);
    expect(bodyOf(select)).toMatchObject({ website: eliminated.website, reviewedBy: 'reviewer1' });
    await nextRequest(provider, 'POST', `${N}/filter`, lists);
    expect(eliminated.selected).toBe(true);
    await expect(decision(page, 5028)).toHaveText('Selected');

    await actions(page, 5027).getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure the reviewe' });
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await expect(dialog).toContainText('Are you sure the reviewe these new?');
    await dialog.getByRole('button', { name: 'Yes!' }).click();
    const reviewed = await nextRequest(provider, 'PUT', `${N}/5027/reviewed`);
    expect(reviewed.body).toBe('"reviewer1"');
    expect(unreviewed.reviewedBy).toBe('reviewer1');
    await expect(card(page, 5027).getByText('Reviewed by reviewer1')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// Keywords (/keyword/get-keywords)

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.describe('keywords against the spec provider', () => {
  test('rows show; Add, Update and Delete save although the provider answers without a body', async ({
    page,
    app,
    provider,
  }) => {
    const tweetsList = provider.state.keywords.tweets;
    const total = tweetsList.length;
    await openAt(page, app, '/keyword/get-keywords');
    await expect(page.getByRole('heading', { name: 'List Keywords' })).toBeVisible();
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`, {
      timeout: 30_000,
    });
    // 'ethereum' has a null unwantedUsages, 'bitcoin' an extra field: both are rows.
    await expect(row(page, 'ethereum')).toContainText('IMPORTANT');
    await expect(row(page, 'bitcoin')).toContainText('bitcoin pizza');
    await expect(row(page, 'elon')).toContainText('INFLUENCER');

    // Add Keyword: the provider answers 200 "OK" (text/plain).
    await page.getByRole('tab', { name: 'Add Keyword' }).click();
    const add = page.getByRole('dialog', { name: 'Add Keyword' });
    await add.getByLabel('Keyword').fill('e2e-restaking');
    await chooseOption(page, add.getByLabel('Type'), 'RELATIVE');
    await add.getByRole('button', { name: 'Add' }).click();
    const added = await nextRequest(provider, 'POST', `${T}/add-keyword`);
    expect(bodyOf(added)).toEqual({ keyword: 'e2e-restaking', type: 'RELATIVE' });
    await expect(add).toBeHidden();
    await expect(row(page, 'e2e-restaking')).toContainText('RELATIVE');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total + 1} ) of ${total + 1} results`);
    expect(tweetsList.map((k) => k.keyword)).toContain('e2e-restaking');
    expect(requestsTo(provider, 'POST', `${T}/add-keyword`)).toHaveLength(1);

    // Update: 200 with an empty body.
    const staking = tweetsList.find((k) => k.keyword === 'staking')!;
    await row(page, 'staking').getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: 'Update Keyword' });
    await expect(update.getByLabel('Keyword')).toHaveValue('staking');
    await chooseOption(page, update.getByLabel('Type'), 'INFLUENCER');
    await update.getByRole('button', { name: 'Update' }).click();
    const updated = await nextRequest(provider, 'POST', `${T}/update-keyword`);
    expect(bodyOf(updated)).toMatchObject({ keyword: 'staking', type: 'INFLUENCER' });
    await expect(update).toBeHidden();
    await expect(row(page, 'staking')).toContainText('INFLUENCER');
    expect(staking.type).toBe('INFLUENCER');

    // Delete: after its confirm, 204 No Content.
    const whale = tweetsList.find((k) => k.keyword === 'whale')!;
    await row(page, 'whale').getByRole('button', { name: 'Delete' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure to the delete this keyword' });
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await nextRequest(provider, 'DELETE', `${T}/delete-keyword-${whale.id}`);
    await expect(confirm).toBeHidden();
    await expect(row(page, 'whale')).toHaveCount(0);
    expect(tweetsList.map((k) => k.keyword)).not.toContain('whale');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
  });
});

// ---------------------------------------------------------------------------------------------
// Currencies (/cryptoCurrency/...)

const rowOf = (page: Page, uniqueName: string) =>
  page
    .locator('.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: uniqueName, exact: true }) });

async function openList(page: Page, app: ConsoleApp, route: string, heading: string) {
  await openAt(page, app, route);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
}

test.describe('currencies against the spec provider', () => {
  test('the catalogue shows entries without socials or website, and Update saves and closes', async ({
    page,
    app,
    provider,
  }) => {
    const total = provider.state.currencies.length;
    // XRP comes without website and socials, Tether without socials, Ethereum without website.
    const xrp = provider.state.currencies.find((c) => c.uniqueName === 'xrp')!;
    expect([xrp.website, xrp.socials]).toEqual([undefined, undefined]);
    await openList(page, app, '/cryptoCurrency/get-currencies', 'List Crypto Currencies');
    await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
    await expect(page.locator('.ant-table-row')).toHaveCount(50);
    for (const name of ['bitcoin', 'ethereum', 'tether', 'xrp']) {
      await expect(rowOf(page, name)).toBeVisible();
    }

    await rowOf(page, 'xrp')
      .getByRole('button', { name: /expand row/i })
      .click();
    const details = page.locator('.ant-table-expanded-row').filter({ hasText: 'Website' });
    await expect(details).toBeVisible();
    const detail = (label: string) =>
      details
        .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::*[1]');
    await expect(detail('Website')).toHaveText('-');
    await expect(detail('Twitter')).toHaveText('-');

    await rowOf(page, 'xrp').getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update XRP' });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('XRP');
    await dialog.getByLabel('Name', { exact: true }).fill('XRP Ledger');
    await dialog.getByRole('button', { name: 'Update' }).click();
    // The provider answers 200 with an empty body.
    const sent = await nextRequest(provider, 'POST', `${C}/update-currency`);
    expect(bodyOf(sent)).toMatchObject({ uniqueName: 'xrp', name: 'XRP Ledger' });
    await expect(dialog).toBeHidden();
    expect(xrp.name).toBe('XRP Ledger');
    await expect(rowOf(page, 'xrp')).toContainText('XRP Ledger');
  });

  test('new currencies: the count sent as text heads the list; Check Img then Save moves one out', async ({
    page,
    app,
    provider,
  }) => {
    const queue = provider.state.newCurrencies;
    const total = queue.length;
    // The first queued currency has its image on file.
    const target = queue[0]!;
    expect(provider.state.currencyImages).toContain(target.uniqueName);
    await openList(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    const count = await nextRequest(provider, 'GET', `${C}/find-new-currencies-filter-count`);
    expect(count.query).toMatchObject({ currencyId: '0' });
    await expect(header(page)).toHaveText(`You see ( 0 - 25 ) of ${total} results`);
    await expect(page.locator('.ant-table-row')).toHaveCount(25);
    const row = rowOf(page, target.uniqueName);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is True')).toBeVisible();
    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: /^Save New Currency/ });
    await expect(dialog.getByText('**Please Check Image Of Currency**')).toHaveCount(0);
    const counts = requestsTo(provider, 'GET', `${C}/find-new-currencies-filter-count`).length;
    await dialog.getByRole('button', { name: 'Update' }).click();
    const saved = await nextRequest(provider, 'POST', `${C}/save-new-currency`);
    expect(bodyOf(saved)).toMatchObject({ uniqueName: target.uniqueName });
    await expect(dialog).toBeHidden();
    // The count is fetched again and the header total drops by one.
    await nextRequest(provider, 'GET', `${C}/find-new-currencies-filter-count`, counts);
    await expect(header(page)).toHaveText(`You see ( 0 - 25 ) of ${total - 1} results`);
    await expect(rowOf(page, target.uniqueName)).toHaveCount(0);
    expect(queue.map((c) => c.uniqueName)).not.toContain(target.uniqueName);
    expect(provider.state.currencies.map((c) => c.uniqueName)).toContain(target.uniqueName);
  });

  test('new versions: Save and Merge close their modal and reload the list', async ({
    page,
    app,
    provider,
  }) => {
    const versions = provider.state.newVersions;
    const total = versions.length;
    const [toSave, toMerge] = [versions[0]!, versions[1]!];
    await openList(
      page,
      app,
      '/cryptoCurrency/get-new-version-of-currencies',
      "Currency's New Version",
    );
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    await expect(rowOf(page, toSave.uniqueName)).toBeVisible();

    let lists = requestsTo(provider, 'GET', `${C}/get-new-version-currencies`).length;
    await rowOf(page, toSave.uniqueName).getByRole('button', { name: 'Save' }).click();
    const save = page.getByRole('dialog', { name: 'Save New Version Currency as New Currency' });
    await expect(save.getByLabel('Old Version Currency')).toHaveValue(toSave.oldVersionUniqueName);
    await save.getByRole('button', { name: 'Save' }).click();
    // The provider answers 200 "OK" as text/plain.
    const saved = await nextRequest(
      provider,
      'POST',
      `${C}/save-new-version-currency-as-new-currency`,
    );
    expect(bodyOf(saved)).toMatchObject({ uniqueName: toSave.uniqueName });
    await expect(save).toBeHidden();
    await nextRequest(provider, 'GET', `${C}/get-new-version-currencies`, lists);
    await expect(rowOf(page, toSave.uniqueName)).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    expect(provider.state.currencies.map((c) => c.uniqueName)).toContain(toSave.uniqueName);

    lists = requestsTo(provider, 'GET', `${C}/get-new-version-currencies`).length;
    const old = provider.state.currencies.find(
      (c) => c.uniqueName === toMerge.oldVersionUniqueName,
    )!;
    await rowOf(page, toMerge.uniqueName).getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', {
      name: 'Merge new Version Currency With Old Currency',
    });
    await merge.getByRole('button', { name: 'Merge' }).click();
    // The provider answers 200 with an empty body.
    await nextRequest(provider, 'POST', `${C}/merge-new-version-currency-with-old-currency`);
    await expect(merge).toBeHidden();
    await nextRequest(provider, 'GET', `${C}/get-new-version-currencies`, lists);
    await expect(rowOf(page, toMerge.uniqueName)).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 2} ) of ${total - 2} results`);
    expect(old.currencyId).toBe(toMerge.currencyId);
  });
});
