/**
 * Market-currency configurations (SPEC.md 2 "Configurations"; their calls, SPEC.md 7), used as a
 * person would, on both servers (kinds.ts says how each is set up and what each can check).
 */
import type { Page } from '@playwright/test';
import type { TestServer } from '../../support/testServer';
import {
  answerConfirm,
  bodyOf,
  breakList,
  C,
  chooseListedOption,
  chooseOption,
  count,
  errorOf,
  expect,
  filterForm,
  firstPage,
  forEachServer,
  formItem,
  header,
  loadFailure,
  one,
  open,
  query,
  requestsTo,
  rowOf,
  rows,
  test,
  token,
  watch,
  type Backend,
} from './kinds';

const LIST = `${C}/get-market-currency-configurations`;
const CONFIG_COLUMNS = 'symbol AS currency, name, unique_name AS "uniqueName", market, category';

interface Configuration {
  currency: string;
  name: string;
  uniqueName: string;
  market: string;
  category: string;
}

/** Categories are sent and stored as keys and shown in words (SPEC.md 2). */
const CATEGORY_WORDS: Record<string, string> = {
  notFound: 'NOT FOUND',
  multiple: 'MULTIPLE',
  different: 'DIFFERENT',
};

async function filterConfigurations(page: Page, market: string, currency: string) {
  const form = filterForm(page, 'Configuration filter');
  await chooseListedOption(page, form.getByLabel('Market'), market);
  await form.getByLabel('Currency').fill(currency);
  await form.getByRole('button', { name: 'Filter' }).click();
}

const configured = (server: TestServer, uniqueName: string, market: string) =>
  query<Configuration>(
    server,
    `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations
      WHERE unique_name = $1 AND market = $2`,
    [uniqueName, market],
  );

const allConfigurations = async (backend: Backend) =>
  backend.kind === 'reference'
    ? count(backend.server, 'SELECT count(*)::int AS n FROM market_currency_configurations')
    : backend.provider.state.configurations.length;

/** A currency filter typed under All Markets, what it shows and what it leaves out. */
interface CurrencyFilter {
  typed: string;
  shown: number;
  visible: string[];
  absent: string[];
}

forEachServer('configurations', (kind) => {
  test('filters Market and Currency; rows show the category in words', async ({
    page,
    app,
    backend,
  }) => {
    let config: Configuration;
    let ofMarket: number;
    let ofBoth: number;
    let currency: CurrencyFilter;
    const total = await allConfigurations(backend);
    if (backend.kind === 'reference') {
      config = await one<Configuration>(
        backend.server,
        `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations ORDER BY id LIMIT 1 OFFSET 20`,
      );
      const counted = (where: string, params: unknown[]) =>
        count(
          backend.server,
          `SELECT count(*)::int AS n FROM market_currency_configurations WHERE ${where}`,
          params,
        );
      ofMarket = await counted('market = $1', [config.market]);
      ofBoth = await counted('market = $1 AND lower(symbol) = lower($2)', [
        config.market,
        config.currency,
      ]);
      currency = {
        typed: config.currency,
        shown: await counted('lower(symbol) = lower($1)', [config.currency]),
        // The unique name may be configured on other markets too: checked with its market below.
        visible: [],
        absent: [],
      };
    } else {
      // USD Coin is the provider's only Kraken configuration.
      config = backend.provider.state.configurations.find((c) => c.uniqueName === 'usd-coin')!;
      ofMarket = 1;
      ofBoth = 1;
      // The provider's Currency filter matches a part of the symbol, the name or the unique name.
      currency = {
        typed: 'coin',
        shown: 4,
        visible: ['bitcoin', 'usd-coin', 'dogecoin', 'litecoin'],
        absent: ['tether'],
      };
    }
    expect(ofMarket).toBeLessThan(total);

    await open(page, app, '/configurations', 'List Configurations');
    await expect(page.getByRole('tab', { name: 'Add Configuration' })).toBeVisible();
    await expect(header(page)).toHaveText(firstPage(total));
    if (kind === 'provider') {
      // Each category in words, on the first page of the provider's short list.
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
    }

    let listed = watch(backend, 'GET', LIST);
    await filterConfigurations(page, config.market, '');
    let sent = await listed.next();
    if (sent) {
      expect(sent.query).toMatchObject({ market: config.market });
      expect(sent.query.currency ?? '').toBe('');
    }
    await expect(header(page)).toHaveText(`You see ( 0 - ${ofMarket} ) of ${ofMarket} results`);
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: config.market, exact: true }) }),
    ).toHaveCount(ofMarket);
    await expect(rowOf(page, config.uniqueName)).toContainText(config.market);

    await filterConfigurations(page, config.market, config.currency.toLowerCase());
    await expect(header(page)).toHaveText(`You see ( 0 - ${ofBoth} ) of ${ofBoth} results`);
    await expect(rowOf(page, config.uniqueName).getByRole('cell')).toHaveText([
      config.currency,
      config.name,
      config.uniqueName,
      config.market,
      CATEGORY_WORDS[config.category]!,
      /Update\s*Delete/,
    ]);

    listed = watch(backend, 'GET', LIST);
    await filterConfigurations(page, 'All Markets', currency.typed);
    sent = await listed.next();
    if (sent) {
      expect(sent.query).toMatchObject({ currency: currency.typed });
      expect(sent.query.market ?? '').toBe('');
    }
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${currency.shown} ) of ${currency.shown} results`,
    );
    await expect(
      rowOf(page, config.uniqueName).filter({
        has: page.getByRole('cell', { name: config.market, exact: true }),
      }),
    ).toBeVisible();
    for (const name of currency.visible) await expect(rowOf(page, name)).toBeVisible();
    for (const name of currency.absent) await expect(rowOf(page, name)).toHaveCount(0);
    if (kind === 'reference') {
      // The reference server matches the symbol whole: every row shown has it.
      await expect(
        rows(page).filter({ has: page.getByRole('cell', { name: config.currency, exact: true }) }),
      ).toHaveCount(currency.shown);
    }
  });

  test('Add Configuration: placeholders, required choices, categories shown in words and sent and stored as keys', async ({
    page,
    app,
    backend,
  }) => {
    const uniqueName = `e2e-config-${token()}`;
    const total = await allConfigurations(backend);
    const added: Configuration = {
      currency: 'E2EX',
      name: 'E2E Coin',
      uniqueName,
      market: 'OKEX',
      category: 'multiple',
    };
    /** Nothing reached the server: no request (provider), no row (reference server). */
    const nothingAdded = async () => {
      if (backend.kind === 'provider') {
        expect(
          requestsTo(backend.provider, 'POST', `${C}/add-market-currency-configuration`),
        ).toHaveLength(0);
      } else {
        expect(await configured(backend.server, uniqueName, 'OKEX')).toEqual([]);
      }
    };
    await open(page, app, '/configurations/list', 'List Configurations');
    await page.getByRole('tab', { name: 'Add Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Configuration' });
    await expect(formItem(dialog, 'Market')).toContainText('Please Select Market *');
    await expect(formItem(dialog, 'Category')).toContainText('Please Select Category *');

    // Nothing chosen: the form says so and sends nothing.
    await dialog.getByLabel('Currency').fill('E2EX');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Market')).toHaveText('Please Select Market *');
    await expect(errorOf(dialog, 'Category')).toHaveText('Please Select Category *');
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await expect(errorOf(dialog, 'Currency')).toHaveCount(0);
    await nothingAdded();

    await chooseListedOption(page, dialog.getByLabel('Market'), 'OKEX');
    await dialog.getByLabel('Category').click();
    await expect(
      page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).toHaveText(['NOT FOUND', 'MULTIPLE', 'DIFFERENT']);
    await chooseOption(page, dialog.getByLabel('Category'), 'MULTIPLE');
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Coin');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    const listed = watch(backend, 'GET', LIST);
    const adding = watch(backend, 'POST', `${C}/add-market-currency-configuration`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const sent = await adding.next();
    if (sent) expect(bodyOf(sent)).toEqual(added);
    await expect(dialog).toBeHidden();
    await listed.next();
    await expect(header(page)).toHaveText(firstPage(total + 1));
    if (backend.kind === 'reference') {
      expect(await configured(backend.server, uniqueName, 'OKEX')).toEqual([added]);
    }

    await filterConfigurations(page, 'OKEX', 'e2ex');
    await expect(rowOf(page, uniqueName).getByRole('cell')).toHaveText([
      'E2EX',
      'E2E Coin',
      uniqueName,
      'OKEX',
      'MULTIPLE',
      /Update\s*Delete/,
    ]);
  });

  test('Update saves the configuration; Delete removes one after its confirm', async ({
    page,
    app,
    backend,
  }) => {
    let config: Configuration;
    let doomed: Configuration;
    if (backend.kind === 'reference') {
      [config, doomed] = (await query<Configuration>(
        backend.server,
        `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations c
          WHERE NOT EXISTS (SELECT 1 FROM market_currency_configurations o
                             WHERE o.market = c.market AND lower(o.symbol) = lower(c.symbol)
                               AND o.id <> c.id)
          ORDER BY id DESC LIMIT 2`,
      )) as [Configuration, Configuration];
    } else {
      const of = (uniqueName: string) =>
        ({
          ...backend.provider.state.configurations.find((c) => c.uniqueName === uniqueName)!,
        }) as Configuration;
      config = of('tether');
      doomed = of('solana');
    }
    // Another category than the one it has.
    const category = config.category === 'notFound' ? 'different' : 'notFound';
    const renamed = kind === 'reference' ? `${config.name} E2E` : 'Tether USD';
    await open(page, app, '/configurations/list', 'List Configurations');

    await filterConfigurations(page, config.market, config.currency);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await rowOf(page, config.uniqueName).getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Update Configuration ${config.uniqueName}`,
    });
    await expect(formItem(dialog, 'Market')).toContainText(config.market);
    await expect(formItem(dialog, 'Category')).toContainText(CATEGORY_WORDS[config.category]!);
    await expect(dialog.getByLabel('Currency')).toHaveValue(config.currency);
    await chooseOption(page, dialog.getByLabel('Category'), CATEGORY_WORDS[category]!);
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    let listed = watch(backend, 'GET', LIST);
    const updating = watch(backend, 'POST', `${C}/update-market-currency-configuration`);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const updated = await updating.next();
    if (updated) {
      expect(bodyOf(updated)).toEqual({
        market: 'BYBIT',
        category: 'notFound',
        currency: 'USDT',
        name: 'Tether USD',
        uniqueName: 'tether',
      });
    }
    await expect(dialog).toBeHidden();
    await listed.next();
    const row = rowOf(page, config.uniqueName);
    await expect(row.getByRole('cell').nth(1)).toHaveText(renamed);
    await expect(row.getByRole('cell').nth(4)).toHaveText(CATEGORY_WORDS[category]!);
    if (backend.kind === 'reference') {
      expect(await configured(backend.server, config.uniqueName, config.market)).toEqual([
        { ...config, name: renamed, category },
      ]);
    }

    const deletePath = `${C}/delete-market-currency-configuration`;
    const remaining = async () =>
      backend.kind === 'reference'
        ? (await configured(backend.server, doomed.uniqueName, doomed.market)).length
        : backend.provider.state.configurations.filter((c) => c.uniqueName === doomed.uniqueName)
            .length;
    await filterConfigurations(page, doomed.market, doomed.currency);
    const gone = rowOf(page, doomed.uniqueName);
    await gone.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Close');
    await expect(gone).toBeVisible();
    if (backend.kind === 'provider') {
      expect(requestsTo(backend.provider, 'DELETE', deletePath)).toHaveLength(0);
    }
    expect(await remaining()).toBe(1);

    listed = watch(backend, 'GET', LIST);
    const deleting = watch(backend, 'DELETE', deletePath);
    await gone.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Yes!');
    const deleted = await deleting.next();
    if (deleted) {
      expect(bodyOf(deleted)).toEqual({
        currency: 'SOL',
        name: 'Solana',
        uniqueName: 'solana',
        market: 'CRYPTOCOM',
        category: 'different',
      });
    }
    await listed.next();
    await expect(gone).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(await remaining()).toBe(0);
  });

  test('a failed configuration list shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    backend,
  }) => {
    await open(page, app, '/configurations/list', 'List Configurations');
    const broken = await breakList(
      backend,
      'market_currency_configurations',
      'configurations',
      'Configuration store is offline',
    );
    try {
      const failed = watch(backend, 'GET', LIST);
      await filterConfigurations(page, 'KRAKEN', '');
      await failed.next();
      await expect(loadFailure(page)).toContainText('The list could not be loaded');
      await expect(loadFailure(page)).toContainText(broken.message);
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await broken.restore();
    }
    const kraken =
      backend.kind === 'reference'
        ? await count(
            backend.server,
            "SELECT count(*)::int AS n FROM market_currency_configurations WHERE market = 'KRAKEN'",
          )
        : backend.provider.state.configurations.filter((c) => c.market === 'KRAKEN').length;
    const tried = watch(backend, 'GET', LIST);
    await loadFailure(page).getByRole('button', { name: 'Try Again' }).click();
    await tried.next();
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${kraken} ) of ${kraken} results`);
  });
});
