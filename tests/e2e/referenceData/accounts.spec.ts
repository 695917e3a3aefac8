/**
 * The Twitter accounts the service follows, coin, news and market (SPEC.md 2 "Twitter Accounts";
 * their calls, SPEC.md 7), used as a person would, on both servers (kinds.ts says how each is set
 * up and what each can check).
 */
import type { Page } from '@playwright/test';
import type { TestServer } from '../../support/testServer';
import {
  answerConfirm,
  bodyOf,
  chooseOption,
  count,
  errorOf,
  expect,
  filterForm,
  firstPage,
  forEachServer,
  formItem,
  header,
  one,
  open,
  query,
  requestsTo,
  rowOf,
  rows,
  T,
  test,
  token,
  watch,
  type Backend,
} from './kinds';

const COINS = `${T}/get-coin-accounts`;
const accountForm = (page: Page) => filterForm(page, 'Account filter');
const accounts = (server: TestServer, table: string) =>
  count(server, `SELECT count(*)::int AS n FROM ${table}`);

/** How many accounts of each type the server holds. */
async function accountCounts(backend: Backend) {
  if (backend.kind === 'reference') {
    return {
      coins: await accounts(backend.server, 'coin_accounts'),
      news: await accounts(backend.server, 'news_accounts'),
      markets: await accounts(backend.server, 'market_accounts'),
    };
  }
  const { state } = backend.provider;
  return {
    coins: state.coinAccounts.length,
    news: state.newsAccounts.length,
    markets: state.marketAccounts.length,
  };
}

forEachServer('twitter accounts', (kind) => {
  test('Account Type switches the list at once; the Unique Name box, its placeholder and the add tab follow it', async ({
    page,
    app,
    backend,
  }) => {
    const { coins, news, markets } = await accountCounts(backend);
    /** A coin filter, what it shows, and one row of each account type. */
    let filter: { typed: string; shown: number; row: string; uniqueName?: string };
    let newsRow: string;
    let marketRow: string;
    if (backend.kind === 'reference') {
      const coin = await one<{ unique_name: string; user_id: string }>(
        backend.server,
        'SELECT unique_name, user_id FROM coin_accounts ORDER BY id LIMIT 1 OFFSET 4',
      );
      const ofCoin = await count(
        backend.server,
        'SELECT count(*)::int AS n FROM coin_accounts WHERE lower(unique_name) = lower($1)',
        [coin.unique_name],
      );
      filter = {
        typed: coin.unique_name.toUpperCase(),
        shown: ofCoin,
        row: coin.user_id,
        uniqueName: coin.unique_name,
      };
      const firstOf = async (table: string) =>
        (
          await one<{ user_id: string }>(
            backend.server,
            `SELECT user_id FROM ${table} ORDER BY lower(twitter_account_name), user_id LIMIT 1`,
          )
        ).user_id;
      newsRow = await firstOf('news_accounts');
      marketRow = await firstOf('market_accounts');
    } else {
      expect([coins, news, markets]).toEqual([5, 3, 4]);
      // The provider's Unique Name filter matches a part of the name.
      filter = { typed: 'ether', shown: 2, row: 'tether' };
      newsRow = 'CoinDesk';
      marketRow = '6000000';
    }

    const form = accountForm(page);
    const box = form.getByLabel('Unique Name');
    const type = form.getByLabel('Account Type');
    let listed = watch(backend, 'GET', COINS);
    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
    await listed.next();
    await expect(form.locator('.ant-select')).toContainText('COIN');
    await expect(header(page)).toHaveText(firstPage(coins));
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toBeVisible();
    await expect(
      page.getByText('the Twitter accounts the service follows', { exact: false }),
    ).toBeVisible();
    if (kind === 'provider')
      await expect(rowOf(page, 'ethereum').getByRole('cell').nth(4)).toHaveText('True');

    listed = watch(backend, 'GET', COINS);
    await box.fill(filter.typed);
    await form.getByRole('button', { name: 'Filter' }).click();
    const filtered = await listed.next();
    if (filtered) expect(filtered.query).toEqual({ uniqueName: 'ether' });
    await expect(header(page)).toHaveText(firstPage(filter.shown));
    await expect(rowOf(page, filter.row)).toBeVisible();
    if (filter.uniqueName) {
      // The reference server matches the unique name whole: every row shown has it.
      await expect(
        rows(page).filter({
          has: page.getByRole('cell', { name: filter.uniqueName, exact: true }),
        }),
      ).toHaveCount(filter.shown);
    }
    listed = watch(backend, 'GET', COINS);
    await box.fill('');
    await form.getByRole('button', { name: 'Filter' }).click();
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(coins));

    // NEWS: fetched at once, without Filter; the box is turned off.
    listed = watch(backend, 'GET', `${T}/get-news-accounts`);
    await chooseOption(page, type, 'NEWS');
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(news));
    await expect(rowOf(page, newsRow)).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAttribute('placeholder', 'Disabled');
    await expect(page.getByRole('button', { name: 'Add News Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toHaveCount(0);

    listed = watch(backend, 'GET', `${T}/get-market-accounts`);
    await chooseOption(page, type, 'MARKET');
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(markets));
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Market Un.Name');
    await box.fill('');
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(firstPage(markets));
    await expect(rowOf(page, marketRow)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Market Account' })).toBeVisible();
    await expect(
      page.getByRole('columnheader', { name: 'Market Announcement Active' }),
    ).toBeVisible();
    if (kind === 'provider') {
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
    }
    await expect(
      page.getByText('the Twitter accounts the service follows', { exact: false }),
    ).toBeVisible();

    await chooseOption(page, type, 'COIN');
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toBeVisible();
    if (kind === 'provider') await expect(rowOf(page, 'bitcoin')).toBeVisible();
  });

  test('a coin account: empty fields and a taken user id are refused; added with its defaults; deleted after its confirm', async ({
    page,
    app,
    backend,
  }) => {
    const { coins: before } = await accountCounts(backend);
    const userId = String(Date.now());
    const uniqueName = `e2e-coin-${token()}`;
    let taken: string;
    let refusal: string;
    if (backend.kind === 'reference') {
      taken = (
        await one<{ user_id: string }>(
          backend.server,
          'SELECT user_id FROM coin_accounts ORDER BY id LIMIT 1',
        )
      ).user_id;
      refusal = `A coin account with userId ${taken} already exists.`;
    } else {
      taken = String(backend.provider.state.coinAccounts[0]!.userId);
      refusal = 'Coin account already exists';
    }
    const record = {
      accountType: 'COIN',
      active: true,
      currencyCode: 'E2EC',
      twitterAccountName: 'e2e_coin',
      uniqueName,
      userId,
    };
    /** The account as the server holds it, if it does. */
    const stored = async () =>
      backend.kind === 'reference'
        ? query(
            backend.server,
            `SELECT user_id AS "userId", currency_code AS "currencyCode",
                    twitter_account_name AS "twitterAccountName", unique_name AS "uniqueName",
                    account_type AS "accountType", active
               FROM coin_accounts WHERE unique_name = $1`,
            [uniqueName],
          )
        : backend.provider.state.coinAccounts.filter((a) => a.uniqueName === uniqueName);

    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
    await expect(header(page)).toHaveText(firstPage(before));
    await page.getByRole('button', { name: 'Add Coin Account' }).click();
    const add = page.getByRole('dialog', { name: 'Add Coin Account' });
    await expect(add.getByLabel('Account Type')).toHaveValue('COIN');
    await expect(add.getByLabel('Account Type')).toBeDisabled();
    await expect(formItem(add, 'Active')).toContainText('True');

    await add.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(add, 'Currency Code')).toHaveText('Please enter Currency Code');
    await expect(errorOf(add, 'Twitter Account Name')).toHaveText(
      'Please enter Twitter Account Name',
    );
    await expect(errorOf(add, 'User Id')).toHaveText('Please enter User Id');
    await expect(errorOf(add, 'Active')).toHaveCount(0);

    await add.getByLabel('Currency Code').fill('E2EC');
    await add.getByLabel('Twitter Account Name').fill('e2e_coin');
    await add.getByLabel('Unique Name').fill(uniqueName);
    await add.getByLabel('User Id').fill(taken);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByRole('alert')).toContainText(refusal);
    await expect(add.getByLabel('Twitter Account Name')).toHaveValue('e2e_coin');
    expect(await stored()).toEqual([]);

    await add.getByLabel('User Id').fill(userId);
    let listed = watch(backend, 'GET', COINS);
    const adding = watch(backend, 'POST', `${T}/add-coin-account`);
    await add.getByRole('button', { name: 'Add' }).click();
    const added = await adding.next();
    if (added) expect(bodyOf(added)).toEqual(record);
    await expect(add).toBeHidden();
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(before + 1));
    expect(await stored()).toEqual([record]);

    if (backend.kind === 'provider') {
      // The provider's answers as they are: Tether's userId comes as a number.
      await rowOf(page, 'tether').getByRole('button', { name: 'Update' }).click();
      const update = page.getByRole('dialog', { name: 'Update Coin Account Tether' });
      await expect(update.getByLabel('User Id', { exact: true })).toHaveValue('4000002');
      await expect(update.getByLabel('New User Id')).toHaveValue('4000002');
      await update.getByLabel('New User Id').fill('4000222');
      await chooseOption(page, update.getByLabel('Active'), 'False');
      listed = watch(backend, 'GET', COINS);
      const updating = watch(backend, 'POST', `${T}/update-coin-account`);
      await update.getByRole('button', { name: 'Update' }).click();
      expect(bodyOf((await updating.next())!)).toEqual({
        accountType: 'COIN',
        currencyCode: 'USDT',
        twitterAccountName: 'Tether',
        uniqueName: 'tether',
        active: false,
        userId: '4000002',
        newUserId: '4000222',
      });
      await expect(update).toBeHidden();
      await listed.next();
      await expect(rowOf(page, 'tether').getByRole('cell').nth(4)).toHaveText('False');
      await expect(rowOf(page, 'tether').getByRole('cell').nth(5)).toHaveText('4000222');

      // BNB is inactive, its userId text: Delete sends the record as it came.
      listed = watch(backend, 'GET', COINS);
      const deleting = watch(backend, 'DELETE', `${T}/delete-coin-account`);
      await rowOf(page, 'bnb').getByRole('button', { name: 'Delete' }).click();
      await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
      expect(bodyOf((await deleting.next())!)).toEqual({
        currencyCode: 'BNB',
        twitterAccountName: 'BNB',
        uniqueName: 'bnb',
        accountType: 'COIN',
        active: false,
        userId: '4000003',
      });
      await listed.next();
      await expect(rowOf(page, 'bnb')).toHaveCount(0);
      await expect(header(page)).toHaveText('You see ( 0 - 5 ) of 5 results');
    }

    const form = accountForm(page);
    await form.getByLabel('Unique Name').fill(uniqueName);
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, userId);
    await expect(row.getByRole('cell')).toHaveText([
      'E2EC',
      'e2e_coin',
      uniqueName,
      'COIN',
      'True',
      userId,
      /Update\s*Delete/,
    ]);
    const deletePath = `${T}/delete-coin-account`;
    const deletesBefore =
      backend.kind === 'provider' ? requestsTo(backend.provider, 'DELETE', deletePath).length : 0;
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Close');
    await expect(row).toBeVisible();
    if (backend.kind === 'provider') {
      expect(requestsTo(backend.provider, 'DELETE', deletePath)).toHaveLength(deletesBefore);
    }
    const deleting = watch(backend, 'DELETE', deletePath);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
    const deleted = await deleting.next();
    if (deleted) expect(bodyOf(deleted)).toEqual(record);
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(await stored()).toEqual([]);
  });

  test('market and news accounts: added with their defaults; a news account takes a new user id and one is deleted', async ({
    page,
    app,
    backend,
  }) => {
    const { markets, news } = await accountCounts(backend);
    // What is typed: on the shared reference server, names no other test uses.
    let market: { name: string; uniqueName: string; userId: string };
    let added: { name: string; userId: string };
    let renumbered: { name: string; userId: string; active: boolean };
    let newUserId: string;
    /** The news account then deleted: on the reference server, the one just added. */
    let doomed: { name: string; userId: string };
    if (backend.kind === 'reference') {
      const stamp = Date.now();
      market = { name: 'e2e_market', uniqueName: `e2e-market-${token()}`, userId: `e2e${stamp}` };
      added = { name: `e2e_news_${token()}`, userId: `e2e${stamp + 2}` };
      const account = await one<{ user_id: string; twitter_account_name: string; active: boolean }>(
        backend.server,
        'SELECT user_id, twitter_account_name, active FROM news_accounts ORDER BY id LIMIT 1 OFFSET 6',
      );
      renumbered = {
        name: account.twitter_account_name,
        userId: account.user_id,
        active: account.active,
      };
      newUserId = `e2e${stamp + 1}`;
      doomed = added;
    } else {
      market = { name: 'Bybit_Official', uniqueName: 'bybit', userId: '6000010' };
      added = { name: 'WuBlockchain', userId: '5000099' };
      renumbered = { name: 'decryptmedia', userId: '5000002', active: true };
      newUserId = '5000202';
      doomed = { name: 'CoinDesk', userId: '5000000' };
    }

    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
    const type = accountForm(page).getByLabel('Account Type');
    await chooseOption(page, type, 'MARKET');
    await expect(header(page)).toHaveText(firstPage(markets));
    await page.getByRole('button', { name: 'Add Market Account' }).click();
    const addMarket = page.getByRole('dialog', { name: 'Add Market Account' });
    await expect(addMarket.getByLabel('Account Type')).toHaveValue('MARKET');
    await expect(formItem(addMarket, 'Active')).toContainText('True');
    await expect(formItem(addMarket, 'Listing Active')).toContainText('False');
    await expect(formItem(addMarket, 'Market Announcement Active')).toContainText('False');
    await addMarket.getByLabel('Market', { exact: true }).fill('BYBIT');
    await addMarket.getByLabel('Twitter Account Name').fill(market.name);
    await addMarket.getByLabel('Unique Name').fill(market.uniqueName);
    await addMarket.getByLabel('User Id').fill(market.userId);
    const addingMarket = watch(backend, 'POST', `${T}/add-market-account`);
    await addMarket.getByRole('button', { name: 'Add' }).click();
    const marketSent = await addingMarket.next();
    if (marketSent) {
      expect(bodyOf(marketSent)).toEqual({
        accountType: 'MARKET',
        active: true,
        listingActive: false,
        marketAnnouncementActive: false,
        market: 'BYBIT',
        twitterAccountName: 'Bybit_Official',
        uniqueName: 'bybit',
        userId: '6000010',
      });
    }
    await expect(addMarket).toBeHidden();
    await expect(header(page)).toHaveText(firstPage(markets + 1));
    await expect(rowOf(page, market.userId)).toContainText(market.name);
    if (backend.kind === 'reference') {
      expect(
        await query(
          backend.server,
          `SELECT market, twitter_account_name, unique_name, account_type, active, listing_active,
                  market_announcement_active FROM market_accounts WHERE user_id = $1`,
          [market.userId],
        ),
      ).toEqual([
        {
          market: 'BYBIT',
          twitter_account_name: market.name,
          unique_name: market.uniqueName,
          account_type: 'MARKET',
          active: true,
          listing_active: false,
          market_announcement_active: false,
        },
      ]);
    }

    await chooseOption(page, type, 'NEWS');
    await expect(header(page)).toHaveText(firstPage(news));
    await page.getByRole('button', { name: 'Add News Account' }).click();
    const addNews = page.getByRole('dialog', { name: 'Add News Account' });
    await expect(addNews.getByLabel('Account Type')).toHaveValue('NEWS');
    await expect(formItem(addNews, 'Active')).toContainText('True');
    await addNews.getByLabel('Twitter Account Name').fill(added.name);
    await addNews.getByLabel('User Id').fill(added.userId);
    const addingNews = watch(backend, 'POST', `${T}/add-news-account`);
    await addNews.getByRole('button', { name: 'Add' }).click();
    const newsSent = await addingNews.next();
    if (newsSent) {
      expect(bodyOf(newsSent)).toEqual({
        accountType: 'NEWS',
        active: true,
        twitterAccountName: 'WuBlockchain',
        userId: '5000099',
      });
    }
    await expect(addNews).toBeHidden();
    await expect(rowOf(page, added.name)).toBeVisible();
    await expect(header(page)).toHaveText(firstPage(news + 1));

    const row = rowOf(page, renumbered.userId);
    await row.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', {
      name: `Update News Account ${renumbered.name}`,
    });
    await expect(update.getByLabel('User Id', { exact: true })).toHaveValue(renumbered.userId);
    await expect(update.getByLabel('User Id', { exact: true })).toBeDisabled();
    await expect(update.getByLabel('New User Id')).toHaveValue(renumbered.userId);
    await update.getByLabel('New User Id').fill('');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(errorOf(update, 'New User Id')).toHaveText('Please enter New User Id');
    await update.getByLabel('New User Id').fill(newUserId);
    const updating = watch(backend, 'POST', `${T}/update-news-account`);
    await update.getByRole('button', { name: 'Update' }).click();
    const updated = await updating.next();
    if (updated) {
      expect(bodyOf(updated)).toEqual({
        accountType: 'NEWS',
        twitterAccountName: 'decryptmedia',
        active: true,
        userId: '5000002',
        newUserId: '5000202',
      });
    }
    await expect(update).toBeHidden();
    await expect(rowOf(page, newUserId)).toContainText(renumbered.name);
    await expect(rowOf(page, renumbered.userId)).toHaveCount(0);
    if (backend.kind === 'reference') {
      expect(
        await query(
          backend.server,
          'SELECT user_id, twitter_account_name, account_type, active FROM news_accounts WHERE user_id = ANY($1::text[])',
          [[renumbered.userId, newUserId]],
        ),
      ).toEqual([
        {
          user_id: newUserId,
          twitter_account_name: renumbered.name,
          account_type: 'NEWS',
          active: renumbered.active,
        },
      ]);
    }

    const deleting = watch(backend, 'DELETE', `${T}/delete-news-account`);
    await rowOf(page, doomed.name).getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
    const deleted = await deleting.next();
    if (deleted) {
      expect(bodyOf(deleted)).toEqual({
        twitterAccountName: 'CoinDesk',
        accountType: 'NEWS',
        active: true,
        userId: '5000000',
      });
    }
    await expect(rowOf(page, doomed.name)).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(news));
    if (backend.kind === 'reference') {
      expect(
        await count(
          backend.server,
          'SELECT count(*)::int AS n FROM news_accounts WHERE user_id = $1',
          [doomed.userId],
        ),
      ).toBe(0);
    } else {
      expect(backend.provider.state.newsAccounts.map((a) => a.twitterAccountName)).toEqual([
        'TheBlock__',
        'decryptmedia',
        'WuBlockchain',
      ]);
    }
  });
});
