/**
 * The two mismatch queues, trading pairs and explorer urls (SPEC.md 2 "Mismatches"; their calls,
 * SPEC.md 7), used as a person would, on both servers (kinds.ts says how each is set up and what
 * each can check).
 */
import type { Page } from '@playwright/test';
import type { TestServer } from '../../support/testServer';
import {
  answerConfirm,
  bodyOf,
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
  one,
  open,
  query,
  requestsTo,
  rowOf,
  rows,
  test,
  token,
  watch,
} from './kinds';

const PAIRS = `${C}/get-mismatch-trading-pairs`;
const URLS = `${C}/get-mismatch-explorer-urls`;

interface Pair {
  market: string;
  pair: string;
  baseCurrency: string;
  otherCurrency: string;
  message: string;
}
const PAIR_COLUMNS = `market, pair, base_currency AS "baseCurrency",
  other_currency AS "otherCurrency", message`;
/** A queued pair whose base currency is no other pair's quote currency (it is the odd one). */
const ODD_PAIR = `SELECT ${PAIR_COLUMNS} FROM mismatch_trading_pairs p
  WHERE NOT EXISTS (SELECT 1 FROM mismatch_trading_pairs o
                     WHERE lower(o.other_currency) = lower(p.base_currency))`;
const CONFIG_COLUMNS = 'symbol AS currency, name, unique_name AS "uniqueName", market, category';

/** The queued pairs of a market, those with `symbol` as base or quote currency when given. */
const pairsOf = (server: TestServer, market: string, symbol = '') =>
  count(
    server,
    `SELECT count(*)::int AS n FROM mismatch_trading_pairs
      WHERE market = $1 AND ($2 = '' OR lower(base_currency) = lower($2)
                                     OR lower(other_currency) = lower($2))`,
    [market, symbol],
  );

async function filterPairs(page: Page, market: string, symbol: string) {
  const form = filterForm(page, 'Trading pair filter');
  await chooseListedOption(page, form.getByLabel('Market'), market);
  await form.getByLabel('Currency Symbol').fill(symbol);
  await form.getByRole('button', { name: 'Filter' }).click();
}

forEachServer('mismatched trading pairs', (kind) => {
  test('Match resolves the mismatch: the pair leaves the list fetched again with the filters, the configuration is sent and stored', async ({
    page,
    app,
    backend,
  }) => {
    let pair: Pair;
    let total: number;
    /** The Currency Symbol typed with the market, the rows it shows, and those left after. */
    let symbol: string;
    let shown: number;
    let left: number;
    if (backend.kind === 'reference') {
      pair = await one<Pair>(backend.server, `${ODD_PAIR} ORDER BY id LIMIT 1 OFFSET 2`);
      total = await count(backend.server, 'SELECT count(*)::int AS n FROM mismatch_trading_pairs');
      const resolved = await pairsOf(backend.server, pair.market, pair.baseCurrency);
      symbol = '';
      shown = await pairsOf(backend.server, pair.market);
      expect(shown).toBeGreaterThan(resolved);
      // The pair and its siblings leave the queue.
      left = shown - resolved;
    } else {
      total = backend.provider.state.mismatchTradingPairs.length;
      pair = {
        ...backend.provider.state.mismatchTradingPairs.find((p) => p.pair === 'DEXETH')!,
      } as Pair;
      symbol = 'dex';
      shown = 1;
      left = 0;
    }
    const uniqueName = `e2e-match-${token()}`;

    await open(page, app, '/mismatches', 'Trading Pairs');
    await expect(page.getByRole('tab', { name: 'Trading Pairs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(header(page)).toHaveText(firstPage(total));
    if (kind === 'provider') {
      // The provider's answers as they are: HEXUSDT comes with a null message.
      // The first cell is the box that chooses the row for a bulk run.
      await expect(rowOf(page, 'HEXUSDT').getByRole('cell')).toHaveText([
        '',
        'KUCOIN',
        'HEXUSDT',
        'HEX',
        'USDT',
        '-',
        /Match\s*Delete/,
      ]);
    }
    let listed = watch(backend, 'GET', PAIRS);
    await filterPairs(page, pair.market, symbol);
    const filtered = await listed.next();
    if (filtered) expect(filtered.query).toEqual({ market: 'BINANCE', currency: 'dex' });
    await expect(header(page)).toHaveText(`You see ( 0 - ${shown} ) of ${shown} results`);
    const row = rowOf(page, pair.pair);
    await expect(row.getByRole('cell')).toHaveText([
      '',
      pair.market,
      pair.pair,
      pair.baseCurrency,
      pair.otherCurrency,
      pair.message,
      /Match\s*Delete/,
    ]);

    await row.getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Trading Pair' });
    await expect(formItem(dialog, 'Market')).toContainText(pair.market);
    await expect(formItem(dialog, 'Category')).toContainText('Please Select Category *');
    await expect(dialog.getByLabel('Currency')).toHaveValue(pair.baseCurrency);
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(errorOf(dialog, 'Category')).toHaveText('Please Select Category *');
    await expect(errorOf(dialog, 'Unique Name')).toHaveText('Please enter Unique Name');
    await chooseOption(page, dialog.getByLabel('Category'), 'NOT FOUND');
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Matched Coin');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    const match = {
      market: pair.market,
      category: 'notFound',
      currency: pair.baseCurrency,
      name: 'E2E Matched Coin',
      uniqueName,
    };
    const configured = async () =>
      backend.kind === 'reference'
        ? query(
            backend.server,
            `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations
              WHERE unique_name = $1 AND market = $2`,
            [uniqueName, pair.market],
          )
        : backend.provider.state.configurations.filter((c) => c.uniqueName === uniqueName);

    // A symbol with nothing queued resolves nothing: refused (each server in its words), and no
    // configuration is written.
    await dialog.getByLabel('Currency').fill('E2ENONE');
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      kind === 'reference'
        ? `No mismatch trading pair of ${pair.market} with currency "E2ENONE" is queued.`
        : 'Mismatch trading pair not found',
    );
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(uniqueName);
    expect(await configured()).toEqual([]);
    if (backend.kind === 'reference') {
      expect(await pairsOf(backend.server, pair.market)).toBe(shown);
    } else {
      expect(backend.provider.state.mismatchTradingPairs).toHaveLength(total);
    }

    await dialog.getByLabel('Currency').fill(pair.baseCurrency);
    listed = watch(backend, 'GET', PAIRS);
    const matching = watch(backend, 'POST', `${C}/match-mismatch-trading-pair`);
    await dialog.getByRole('button', { name: 'Match' }).click();
    const matched = await matching.next();
    if (matched) expect(bodyOf(matched)).toEqual(match);
    await expect(dialog).toBeHidden();

    // Fetched again with the filters on screen: the pair (and its siblings) left the queue.
    const again = await listed.next();
    if (again) expect(again.query).toEqual({ market: 'BINANCE', currency: 'dex' });
    await expect(header(page)).toHaveText(`You see ( 0 - ${left} ) of ${left} results`);
    await expect(rowOf(page, pair.pair)).toHaveCount(0);
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: pair.market, exact: true }) }),
    ).toHaveCount(left);
    await expect(filterForm(page, 'Trading pair filter').locator('.ant-select')).toContainText(
      pair.market,
    );
    if (backend.kind === 'reference') {
      expect(await pairsOf(backend.server, pair.market, pair.baseCurrency)).toBe(0);
    }
    expect(await configured()).toEqual([match]);
  });

  test("'Currency Symbol' filters; Delete drops only that pair after its confirm", async ({
    page,
    app,
    backend,
  }) => {
    let pair: Pair;
    let shown: number;
    let configurations: number;
    if (backend.kind === 'reference') {
      pair = await one<Pair>(
        backend.server,
        `${ODD_PAIR} AND (SELECT count(*) FROM mismatch_trading_pairs s
                            WHERE s.market = p.market AND s.base_currency = p.base_currency) > 1
          ORDER BY id DESC LIMIT 1`,
      );
      shown = await pairsOf(backend.server, pair.market, pair.baseCurrency);
      configurations = await count(
        backend.server,
        'SELECT count(*)::int AS n FROM market_currency_configurations',
      );
    } else {
      pair = {
        ...backend.provider.state.mismatchTradingPairs.find((p) => p.pair === 'AURUSDT')!,
      } as Pair;
      shown = 1;
      configurations = backend.provider.state.configurations.length;
    }
    const symbol = pair.baseCurrency.toLowerCase();
    await open(page, app, '/mismatches/get-tradingPairs', 'Trading Pairs');
    let listed = watch(backend, 'GET', PAIRS);
    await filterPairs(page, pair.market, symbol);
    const filtered = await listed.next();
    if (filtered) expect(filtered.query).toEqual({ market: 'BINANCE', currency: 'aur' });
    await expect(header(page)).toHaveText(`You see ( 0 - ${shown} ) of ${shown} results`);
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: pair.baseCurrency, exact: true }) }),
    ).toHaveCount(shown);

    const deletePath = `${C}/delete-mismatch-trading-pair`;
    const row = rowOf(page, pair.pair);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Trading Pair', 'Close');
    await expect(row).toBeVisible();
    if (backend.kind === 'provider') {
      expect(requestsTo(backend.provider, 'DELETE', deletePath)).toHaveLength(0);
    }

    listed = watch(backend, 'GET', PAIRS);
    const deleting = watch(backend, 'DELETE', deletePath);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Trading Pair', 'Yes!');
    const deleted = await deleting.next();
    if (deleted) {
      expect(bodyOf(deleted)).toEqual({
        market: 'BINANCE',
        pair: 'AURUSDT',
        baseCurrency: 'AUR',
        otherCurrency: 'USDT',
        message: 'AUR matches no currencies',
      });
    }
    // Fetched again with the filters on screen.
    const afterDelete = await listed.next();
    if (afterDelete) expect(afterDelete.query).toEqual({ market: 'BINANCE', currency: 'aur' });
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${shown - 1} ) of ${shown - 1} results`);
    if (backend.kind === 'reference') {
      expect(
        await count(
          backend.server,
          'SELECT count(*)::int AS n FROM mismatch_trading_pairs WHERE market = $1 AND pair = $2',
          [pair.market, pair.pair],
        ),
      ).toBe(0);
      expect(await pairsOf(backend.server, pair.market, pair.baseCurrency)).toBe(shown - 1);
      // Deleting matches nothing.
      expect(
        await count(
          backend.server,
          'SELECT count(*)::int AS n FROM market_currency_configurations',
        ),
      ).toBe(configurations);
    } else {
      expect(backend.provider.state.mismatchTradingPairs.map((p) => p.pair)).not.toContain(
        'AURUSDT',
      );
      expect(backend.provider.state.mismatchTradingPairs).toHaveLength(5);
      // Deleting matches nothing.
      expect(backend.provider.state.configurations).toHaveLength(configurations);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Explorer urls (/mismatches/get-explorerUrls)

interface Url {
  url: string;
  uniqueName: string;
  name: string;
  isSpecific: boolean;
}
const URL_COLUMNS = 'url, unique_name AS "uniqueName", name, is_specific AS "isSpecific"';

forEachServer('mismatched explorer urls', (kind) => {
  test('load on open; Match records the url on its currency and Delete drops one after its confirm; each leaves the queue', async ({
    page,
    app,
    backend,
  }) => {
    const queue = async (): Promise<Url[]> =>
      backend.kind === 'reference'
        ? query<Url>(
            backend.server,
            `SELECT ${URL_COLUMNS} FROM mismatch_explorer_urls ORDER BY id`,
          )
        : backend.provider.state.mismatchExplorerUrls.map(({ specific, ...url }) => ({
            ...url,
            isSpecific: specific,
          }));
    const all = await queue();
    const total = all.length;
    let matched: Url;
    let deleted: Url;
    /** The currency the url is matched to: a unique name the server knows. */
    let matchAs: string;
    if (kind === 'reference') {
      [matched, deleted] = all as [Url, Url];
      matchAs = matched.uniqueName;
    } else {
      matched = all.find((u) => u.uniqueName === 'unknown-token-2')!;
      deleted = all.find((u) => u.uniqueName === 'unknown-token-1')!;
      matchAs = 'solana';
    }

    const listed = watch(backend, 'GET', URLS);
    await open(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    await listed.next();
    await expect(page.getByRole('tab', { name: 'Explorer Urls' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // It loads on open: no Filter button.
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(total));
    await expect(rowOf(page, matched.url).getByRole('cell')).toHaveText([
      '',
      matched.url,
      matched.uniqueName,
      /Match\s*Delete/,
    ]);

    await rowOf(page, matched.url).getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Explorer Url' });
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(matched.uniqueName);
    await expect(dialog.getByLabel('Url')).toHaveValue(matched.url);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(matched.name);
    await expect(dialog.getByLabel('Is Specific')).toHaveValue(String(matched.isSpecific));
    const matchPath = `${C}/match-mismatch-explorer-url`;
    const recorded = async (): Promise<Url[]> =>
      backend.kind === 'reference'
        ? query<Url>(
            backend.server,
            `SELECT ${URL_COLUMNS} FROM currency_explorer_urls WHERE url = $1`,
            [matched.url],
          )
        : backend.provider.state.explorerUrls
            .filter((u) => u.url === matched.url)
            .map(({ specific, ...url }) => ({ ...url, isSpecific: specific }));

    // A bad flag is refused beside its field; nothing is sent.
    await dialog.getByLabel('Is Specific').fill('sometimes');
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(errorOf(dialog, 'Is Specific')).toHaveText('Is Specific must be true or false');
    await dialog.getByLabel('Is Specific').fill(String(matched.isSpecific));
    if (backend.kind === 'provider') {
      expect(requestsTo(backend.provider, 'POST', matchPath)).toHaveLength(0);
    } else {
      // Only the reference server knows which currencies exist: a unique name none has is
      // refused, the url stays queued and nothing is recorded. The provider records any name.
      await dialog.getByLabel('Unique Name').fill('e2e-no-such-currency');
      await dialog.getByRole('button', { name: 'Match' }).click();
      await expect(dialog.getByRole('alert')).toContainText('"e2e-no-such-currency"');
      await expect(dialog.getByLabel('Url')).toHaveValue(matched.url);
      expect((await queue()).map((u) => u.url)).toContain(matched.url);
      expect(await recorded()).toEqual([]);
    }

    await dialog.getByLabel('Unique Name').fill(matchAs);
    let reloaded = watch(backend, 'GET', URLS);
    const matching = watch(backend, 'POST', matchPath);
    await dialog.getByRole('button', { name: 'Match' }).click();
    const sent = await matching.next();
    if (sent) {
      expect(bodyOf(sent)).toEqual({
        uniqueName: 'solana',
        url: 'https://solscan.io/token/B2',
        name: 'Explorer 2',
        isSpecific: true,
      });
    }
    await expect(dialog).toBeHidden();
    await reloaded.next();
    await expect(rowOf(page, matched.url)).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(total - 1));
    expect((await queue()).map((u) => u.url)).not.toContain(matched.url);
    expect(await recorded()).toEqual([{ ...matched, uniqueName: matchAs }]);
    if (backend.kind === 'provider') {
      expect(backend.provider.state.explorerUrls.map((u) => u.uniqueName)).toEqual(['solana']);
    }

    const deletePath = `${C}/delete-mismatch-explorer-url`;
    const row = rowOf(page, deleted.url);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Close');
    await expect(row).toBeVisible();
    if (backend.kind === 'provider') {
      expect(requestsTo(backend.provider, 'DELETE', deletePath)).toHaveLength(0);
    }
    reloaded = watch(backend, 'GET', URLS);
    const deleting = watch(backend, 'DELETE', deletePath);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Yes!');
    const deletedSent = await deleting.next();
    if (deletedSent) {
      expect(bodyOf(deletedSent)).toEqual({
        uniqueName: 'unknown-token-1',
        url: 'https://etherscan.io/token/0xa1',
        name: 'Explorer 1',
        isSpecific: false,
      });
    }
    await reloaded.next();
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(total - 2));
    expect((await queue()).map((u) => u.url)).not.toContain(deleted.url);
    if (backend.kind === 'reference') {
      // Deleting records nothing on the currency.
      expect(
        await count(
          backend.server,
          'SELECT count(*)::int AS n FROM currency_explorer_urls WHERE url = $1',
          [deleted.url],
        ),
      ).toBe(0);
    }
  });
});
