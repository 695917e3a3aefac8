/**
 * Markets and new markets (SPEC.md 2 "Markets"; the market calls of SPEC.md 7), used as a person
 * would, on both servers (kinds.ts says how each is set up and what each can check).
 */
import type { Page } from '@playwright/test';
import type { SpecProvider } from '../../support/specProvider';
import type { TestServer } from '../../support/testServer';
import {
  answerConfirm,
  bodyOf,
  breakList,
  C,
  count,
  entries,
  expect,
  filterForm,
  firstPage,
  forEachServer,
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

const MARKET_ORDER = 'ORDER BY lower(name) COLLATE "C", id';
const MARKET_COLUMNS = `market_id AS "marketId", unique_name AS "uniqueName", name, search, active,
  unwanted_usages AS "unwantedUsages", tags`;
const LIST = `${C}/get-markets-includes-`;

interface Market {
  marketId: number;
  uniqueName: string;
  name: string;
  search: boolean;
  active: boolean;
  unwantedUsages: string[];
  tags: string[];
}

const sorted = (list: readonly string[]) => [...list].sort();

async function filterMarkets(page: Page, contains: string) {
  const form = filterForm(page, 'Market filter');
  await form.getByLabel('Market Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

/** A market of the provider's state, as the reference server's rows are read. */
function providerMarket(provider: SpecProvider, uniqueName: string): Market {
  const market = provider.state.markets.find((m) => m.uniqueName === uniqueName)!;
  return {
    marketId: market.marketId,
    uniqueName: market.uniqueName,
    name: market.name,
    search: market.search,
    active: market.active,
    unwantedUsages: market.unwantedUsages ?? [],
    tags: market.tags ?? [],
  };
}

/**
 * More markets than a page holds, the catalogue in the order the server lists it, and two filters:
 * one that matches the markets added, one that matches kraken.
 */
interface Paging {
  ordered: string[];
  total: number;
  newTotal: number;
  word: string;
  wordCount: number;
  wordRow: { uniqueName: string; name: string };
  kraken: string;
  krakenCount: number;
  cleanup: () => Promise<unknown>;
}

async function pagingOnReference(server: TestServer): Promise<Paging> {
  // The demo catalogue fits one page: fifteen more exchanges give it a second one.
  const tag = token();
  await server.context.db.query(
    `INSERT INTO markets (market_id, unique_name, name, search, active, tags)
     SELECT 990000 + g * 1000 + floor(random() * 900)::int, 'e2e-paging-' || $1 || '-' || g,
            'Zz E2E Paging ' || $1 || ' ' || g, true, true, ARRAY['dex']
       FROM generate_series(1, 15) AS g`,
    [tag],
  );
  const cleanup = () =>
    server.context.db.query('DELETE FROM markets WHERE unique_name LIKE $1', [
      `e2e-paging-${tag}-%`,
    ]);
  const ordered = (
    await query<{ unique_name: string }>(server, `SELECT unique_name FROM markets ${MARKET_ORDER}`)
  ).map((m) => m.unique_name);
  expect(ordered.length).toBeGreaterThan(50);
  const kra = await count(
    server,
    "SELECT count(*)::int AS n FROM markets WHERE name ILIKE '%kra%' OR unique_name ILIKE '%kra%'",
  );
  expect(kra).toBeGreaterThan(0);
  return {
    ordered,
    total: ordered.length,
    newTotal: await count(server, 'SELECT count(*)::int AS n FROM new_markets'),
    word: `paging-${tag}`,
    wordCount: 15,
    wordRow: { uniqueName: `e2e-paging-${tag}-7`, name: `Zz E2E Paging ${tag} 7` },
    kraken: 'KRA',
    krakenCount: kra,
    cleanup,
  };
}

function pagingOnProvider(provider: SpecProvider): Paging {
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
  return {
    // The provider lists its markets in the order it holds them.
    ordered: provider.state.markets.map((m) => m.uniqueName),
    total,
    newTotal: provider.state.newMarkets.length,
    word: 'Exchange',
    wordCount: 60,
    wordRow: { uniqueName: 'extra-exchange-0', name: 'Extra Exchange 0' },
    kraken: 'kraken',
    krakenCount: 1,
    cleanup: () => Promise.resolve(),
  };
}

/** The markets whose name or unique name contains `text`, as both servers filter them. */
async function marketsContaining(backend: Backend, text: string): Promise<number> {
  if (backend.kind === 'reference') {
    return count(
      backend.server,
      'SELECT count(*)::int AS n FROM markets WHERE name ILIKE $1 OR unique_name ILIKE $1',
      [`%${text}%`],
    );
  }
  return backend.provider.state.markets.filter((m) =>
    [m.name, m.uniqueName].some((value) => value.toLowerCase().includes(text)),
  ).length;
}

forEachServer('markets', () => {
  test("pages of 50 with their own counter; 'Market Contains' filters and starts again at page 0", async ({
    page,
    app,
    backend,
  }) => {
    const paging =
      backend.kind === 'reference'
        ? await pagingOnReference(backend.server)
        : pagingOnProvider(backend.provider);
    try {
      const { ordered, total, newTotal } = paging;
      const listed = watch(backend, 'GET', LIST);
      await open(page, app, '/market', 'List Markets');
      await expect(page.getByRole('tab', { name: 'List Markets' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await listed.next();
      await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
      await expect(rows(page)).toHaveCount(50);
      await expect(rowOf(page, ordered[0]!)).toBeVisible();
      await expect(rowOf(page, ordered[50]!)).toHaveCount(0);
      if (backend.kind === 'provider') {
        // The provider's answers as they are: '-' for null lists and for missing flags.
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
      }

      await page.getByRole('listitem', { name: 'Next page' }).click();
      await expect(header(page)).toHaveText(`You see ( 50 - ${total} ) of ${total} results`);
      await expect(rowOf(page, ordered[50]!)).toBeVisible();
      await expect(rowOf(page, ordered[0]!)).toHaveCount(0);

      // The new-markets list has its own page counter, and the markets keep theirs.
      await page.getByRole('tab', { name: 'List New Markets' }).click();
      await expect(page.getByRole('heading', { name: 'List New Markets' })).toBeVisible();
      await expect(header(page)).toHaveText(firstPage(newTotal));
      await page.getByRole('tab', { name: 'List Markets' }).click();
      await expect(page.getByRole('heading', { name: 'List Markets' })).toBeVisible();
      await expect(header(page)).toHaveText(`You see ( 50 - ${total} ) of ${total} results`);

      // A filter from the second page starts again at page 0.
      const byWord = watch(backend, 'GET', `${LIST}${paging.word}`);
      await filterMarkets(page, paging.word);
      await byWord.next();
      await expect(header(page)).toHaveText(firstPage(paging.wordCount));
      await expect(rowOf(page, paging.wordRow.uniqueName).getByRole('cell').nth(1)).toHaveText(
        paging.wordRow.name,
      );
      await expect(rowOf(page, 'kraken')).toHaveCount(0);

      const byKraken = watch(backend, 'GET', `${LIST}${paging.kraken}`);
      await filterMarkets(page, paging.kraken);
      await byKraken.next();
      await expect(header(page)).toHaveText(firstPage(paging.krakenCount));
      await expect(rows(page)).toHaveCount(paging.krakenCount);
      await expect(rowOf(page, 'kraken')).toContainText('Kraken');
      await expect(rowOf(page, ordered[50]!)).toHaveCount(0);
    } finally {
      await paging.cleanup();
    }
  });

  test('Update is prefilled; what was typed is saved and the usages and tags typed are added', async ({
    page,
    app,
    backend,
  }) => {
    let market: Market;
    let typed: Pick<Market, 'name' | 'search' | 'active'> & { usage: string; tag: string };
    if (backend.kind === 'reference') {
      market = await one<Market>(
        backend.server,
        `SELECT ${MARKET_COLUMNS} FROM markets WHERE cardinality(tags) > 0 ${MARKET_ORDER} LIMIT 1 OFFSET 3`,
      );
      typed = {
        name: market.name,
        search: !market.search,
        active: market.active,
        usage: `e2e-usage-${token()}`,
        tag: `e2e-tag-${token()}`,
      };
    } else {
      market = providerMarket(backend.provider, 'binance');
      expect([market.unwantedUsages, market.tags]).toEqual([['binance smart chain'], ['cex']]);
      typed = {
        name: 'Binance Global',
        search: true,
        active: false,
        usage: 'bnb chain',
        tag: 'spot',
      };
    }
    await open(page, app, '/market/get-markets', 'List Markets');
    await filterMarkets(page, market.uniqueName);
    const row = rowOf(page, market.uniqueName);
    await expect(row.getByLabel(`Remove tag ${market.tags[0]}`)).toBeVisible();

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${market.name}` });
    await expect(dialog.getByLabel('Market Id')).toHaveValue(String(market.marketId));
    await expect(dialog.getByLabel('Market Id')).toBeDisabled();
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(market.uniqueName);
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(market.name);
    await expect(dialog.getByLabel('Search')).toHaveValue(String(market.search));
    await expect(dialog.getByLabel('Active')).toHaveValue(String(market.active));
    // Unwanted usages and tags start empty (SPEC.md 4).
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(0);

    await dialog.getByLabel('Name', { exact: true }).fill(typed.name);
    await dialog.getByLabel('Search').fill(String(typed.search));
    await dialog.getByLabel('Active').fill(String(typed.active));
    await dialog.getByLabel('Unwanted Usages').fill(typed.usage);
    await dialog.getByLabel('Unwanted Usages').press('Enter');
    await dialog.getByLabel('Tags').fill(typed.tag);
    await dialog.getByLabel('Tags').press('Enter');
    const listed = watch(backend, 'GET', `${LIST}${market.uniqueName}`);
    const updated = watch(backend, 'POST', `${C}/update-market`);
    await dialog.getByRole('button', { name: 'Update' }).click();
    const sent = await updated.next();
    if (sent) {
      expect(bodyOf(sent)).toEqual({
        marketId: 1,
        uniqueName: 'binance',
        name: 'Binance Global',
        search: true,
        active: false,
        unwantedUsages: ['bnb chain'],
        tags: ['spot'],
      });
    }
    await expect(dialog).toBeHidden();
    await listed.next();
    await expect(row.getByLabel(`Remove tag ${typed.tag}`)).toBeVisible();
    await expect(row.getByLabel(`Remove unwanted usage ${typed.usage}`)).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(typed.search));

    if (backend.kind === 'provider') {
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
      expect(backend.provider.state.markets.find((m) => m.uniqueName === 'binance')!.name).toBe(
        'Binance Global',
      );
    } else {
      const after = await one<Market>(
        backend.server,
        `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
        [market.uniqueName],
      );
      // What was typed is added to the market's lists (the server keeps them sorted).
      const { usage, tag, ...fields } = typed;
      expect({
        ...after,
        unwantedUsages: sorted(after.unwantedUsages),
        tags: sorted(after.tags),
      }).toEqual({
        ...market,
        ...fields,
        unwantedUsages: sorted([...market.unwantedUsages, usage]),
        tags: sorted([...market.tags, tag]),
      });
    }
  });

  test('an unwanted usage and a tag are removed one by one, each after its confirm', async ({
    page,
    app,
    backend,
  }) => {
    let market: Market;
    if (backend.kind === 'reference') {
      market = await one<Market>(
        backend.server,
        `SELECT ${MARKET_COLUMNS} FROM markets
          WHERE cardinality(unwanted_usages) > 0 AND cardinality(tags) > 1 ${MARKET_ORDER} LIMIT 1`,
      );
    } else {
      // Binance with a second unwanted usage and a second tag.
      const binance = backend.provider.state.markets.find((m) => m.uniqueName === 'binance')!;
      binance.unwantedUsages = ['binance smart chain', 'bnb chain'];
      binance.tags = ['cex', 'spot'];
      market = providerMarket(backend.provider, 'binance');
    }
    const usage = market.unwantedUsages[0]!;
    const tag = market.tags[0]!;
    await open(page, app, '/market/get-markets', 'List Markets');
    await filterMarkets(page, market.uniqueName);
    const row = rowOf(page, market.uniqueName);
    const list = `${LIST}${market.uniqueName}`;

    // Close changes nothing and asks nothing of the server.
    await row.getByLabel(`Remove unwanted usage ${usage}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Close');
    await expect(row.getByLabel(`Remove unwanted usage ${usage}`)).toBeVisible();
    await expect(row).toContainText(usage);
    if (backend.kind === 'provider') {
      expect(
        requestsTo(backend.provider, 'DELETE', `${C}/delete-unwanted-usage-of-market`),
      ).toHaveLength(0);
    } else {
      expect(
        (
          await one<Market>(
            backend.server,
            'SELECT unwanted_usages AS "unwantedUsages" FROM markets WHERE unique_name = $1',
            [market.uniqueName],
          )
        ).unwantedUsages,
      ).toContain(usage);
    }

    let listed = watch(backend, 'GET', list);
    const usageDeleted = watch(backend, 'DELETE', `${C}/delete-unwanted-usage-of-market`);
    await row.getByLabel(`Remove unwanted usage ${usage}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Yes!');
    const usageSent = await usageDeleted.next();
    if (usageSent) {
      expect(bodyOf(usageSent)).toEqual({
        marketId: 1,
        uniqueName: 'binance',
        unwantedUsage: 'binance smart chain',
      });
    }
    await listed.next();
    await expect(row.getByLabel(`Remove unwanted usage ${usage}`)).toHaveCount(0);
    if (backend.kind === 'provider') {
      await expect(row).not.toContainText('binance smart chain');
      await expect(row).toContainText('bnb chain');
    }

    listed = watch(backend, 'GET', list);
    const tagDeleted = watch(backend, 'DELETE', `${C}/delete-tag-of-market`);
    await row.getByLabel(`Remove tag ${tag}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Tag', 'Yes!');
    const tagSent = await tagDeleted.next();
    if (tagSent)
      expect(bodyOf(tagSent)).toEqual({ marketId: 1, uniqueName: 'binance', tag: 'cex' });
    await listed.next();
    await expect(row.getByLabel(`Remove tag ${tag}`)).toHaveCount(0);
    await expect(row.getByLabel(`Remove tag ${market.tags[1]}`)).toBeVisible();

    if (backend.kind === 'provider') {
      const binance = backend.provider.state.markets.find((m) => m.uniqueName === 'binance')!;
      expect([binance.unwantedUsages, binance.tags]).toEqual([['bnb chain'], ['spot']]);
    } else {
      expect(
        await one<Market>(
          backend.server,
          `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
          [market.uniqueName],
        ),
      ).toEqual({
        ...market,
        unwantedUsages: market.unwantedUsages.slice(1),
        tags: market.tags.slice(1),
      });
    }
  });

  test('a failed market list shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    backend,
  }) => {
    await open(page, app, '/market/get-markets', 'List Markets');
    const broken = await breakList(backend, 'markets', 'markets', 'Market store is offline');
    try {
      const failed = watch(backend, 'GET', `${LIST}bi`);
      await filterMarkets(page, 'bi');
      await failed.next();
      await expect(loadFailure(page)).toContainText('The list could not be loaded');
      await expect(loadFailure(page)).toContainText(broken.message);
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await broken.restore();
    }
    const bi = await marketsContaining(backend, 'bi');
    const tried = watch(backend, 'GET', `${LIST}bi`);
    await loadFailure(page).getByRole('button', { name: 'Try Again' }).click();
    await tried.next();
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(header(page)).toHaveText(firstPage(bi));
    await expect(rowOf(page, 'binance')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// New markets (/market/get-newMarkets)

interface NewMarket {
  marketId: number;
  name: string;
  uniqueName: string;
  search: boolean;
  active: boolean;
}

/** A queued market with an image, a catalogue market of the same name, and one without image. */
interface Queue {
  total: number;
  target: NewMarket & { same: number };
  twin: { name: string; uniqueName: string; tags: string[]; unwantedUsages: string[] };
  noImage: string;
}

async function queueOnReference(server: TestServer): Promise<Queue> {
  const target = await one<Queue['target']>(
    server,
    `SELECT n.market_id AS "marketId", n.name, n.unique_name AS "uniqueName", n.search, n.active,
            (SELECT count(*)::int FROM markets m WHERE lower(m.name) = lower(n.name)) AS same
       FROM new_markets n JOIN market_images i ON i.unique_name = n.unique_name AND i.has_image
      WHERE EXISTS (SELECT 1 FROM markets m WHERE lower(m.name) = lower(n.name))
      ORDER BY n.detect_time DESC, n.id DESC LIMIT 1`,
  );
  const twin = await one<Queue['twin']>(
    server,
    `SELECT name, unique_name AS "uniqueName", tags, unwanted_usages AS "unwantedUsages"
       FROM markets WHERE lower(name) = lower($1) ${MARKET_ORDER} LIMIT 1`,
    [target.name],
  );
  const noImage = await one<{ unique_name: string }>(
    server,
    `SELECT n.unique_name FROM new_markets n
       JOIN market_images i ON i.unique_name = n.unique_name AND NOT i.has_image
      ORDER BY n.detect_time DESC, n.id DESC LIMIT 1`,
  );
  const total = await count(server, 'SELECT count(*)::int AS n FROM new_markets');
  expect(total).toBeLessThanOrEqual(50);
  return { total, target, twin, noImage: noImage.unique_name };
}

function queueOnProvider(provider: SpecProvider, uniqueName: string): Queue {
  const queued = provider.state.newMarkets.find((m) => m.uniqueName === uniqueName)!;
  // Binance US has one look-alike in the catalogue, Binance; Bitget has no image.
  return {
    total: provider.state.newMarkets.length,
    target: { ...queued, same: 1 },
    twin: {
      name: 'Binance',
      uniqueName: 'binance',
      tags: ['cex'],
      unwantedUsages: ['binance smart chain'],
    },
    noImage: 'bitget',
  };
}

forEachServer('new markets', (kind) => {
  test("load on open; 'Same Markets' opens a catalogue market; Check Img says True or False", async ({
    page,
    app,
    backend,
  }) => {
    const { total, target, twin, noImage } =
      backend.kind === 'reference'
        ? await queueOnReference(backend.server)
        : queueOnProvider(backend.provider, 'binance-us');
    const listed = watch(backend, 'GET', `${C}/get-new-markets`);
    await open(page, app, '/market/get-newMarkets', 'List New Markets');
    await listed.next();
    await expect(page.getByRole('tab', { name: 'List New Markets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // It loads on open: no filter form, no Filter button.
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    const row = rowOf(page, target.uniqueName);
    await expect(row.getByRole('cell').first()).toHaveText(String(target.marketId));
    await expect(row).toContainText(target.name);

    if (kind === 'provider') {
      // 'Bitget' has no look-alike in the catalogue (the provider answers null): its dropdown
      // is empty and disabled.
      const bitget = rowOf(page, 'bitget').getByRole('button', { name: /Same Markets/ });
      await expect(bitget).toHaveText(/Same Markets \(0\)/);
      await expect(bitget).toBeDisabled();
    }

    await row.getByRole('button', { name: `Same Markets (${target.same})` }).click();
    await page.getByRole('menuitem', { name: `${twin.name} (${twin.uniqueName})` }).click();
    const same = page.getByRole('dialog', { name: `Market ${twin.name}` });
    await expect(same).toContainText(twin.uniqueName);
    await expect(same).toContainText(twin.unwantedUsages[0] ?? '-');
    await expect(same).toContainText(twin.tags[0] ?? '-');
    await same.getByRole('button', { name: 'Close' }).click();
    await expect(same).toBeHidden();

    let checked = watch(backend, 'GET', `${C}/check-market-image`);
    await rowOf(page, noImage).getByRole('button', { name: 'Check Img' }).click();
    const falseCheck = await checked.next();
    if (falseCheck) expect(falseCheck.query).toEqual({ uniqueName: noImage });
    await expect(page.getByText('Check Image is False')).toBeVisible();
    await expect(page.getByText('Check Image is True')).toHaveCount(0);

    checked = watch(backend, 'GET', `${C}/check-market-image`);
    await row.getByRole('button', { name: 'Check Img' }).click();
    const trueCheck = await checked.next();
    if (trueCheck) expect(trueCheck.query).toEqual({ uniqueName: target.uniqueName });
    await expect(page.getByText('Check Image is True')).toBeVisible();
  });

  test('Save sends the market to save-new-currency; it leaves the queue for the catalogue', async ({
    page,
    app,
    backend,
  }) => {
    const { total, target } =
      backend.kind === 'reference'
        ? await queueOnReference(backend.server)
        : queueOnProvider(backend.provider, 'kraken-futures');
    const tag = backend.kind === 'reference' ? 'e2e-saved' : 'derivatives';
    await open(page, app, '/market/get-newMarkets', 'List New Markets');
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    const row = rowOf(page, target.uniqueName);
    await row.getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is True')).toBeVisible();

    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: `Save New Market ${target.name}` });
    await expect(dialog.getByLabel('Market Id')).toHaveValue(String(target.marketId));
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(target.uniqueName);
    await expect(dialog.getByLabel('Search')).toHaveValue(String(target.search));
    await expect(dialog.getByLabel('Active')).toHaveValue(String(target.active));
    await dialog.getByLabel('Tags').fill(tag);
    await dialog.getByLabel('Tags').press('Enter');
    const listed = watch(backend, 'GET', `${C}/get-new-markets`);
    const saved = watch(backend, 'POST', `${C}/save-new-currency`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const sent = await saved.next();
    if (sent) {
      expect(bodyOf(sent)).toEqual({
        marketId: 103,
        name: 'Kraken Futures',
        uniqueName: 'kraken-futures',
        search: true,
        unwantedUsages: [],
        tags: ['derivatives'],
        active: true,
      });
    }
    await expect(dialog).toBeHidden();

    // SPEC.md 4: the new-markets list is fetched again, and the market has left it.
    await listed.next();
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    await expect(rowOf(page, target.uniqueName)).toHaveCount(0);
    if (backend.kind === 'provider') {
      expect(backend.provider.state.newMarkets.map((m) => m.uniqueName)).not.toContain(
        'kraken-futures',
      );
    } else {
      expect(
        await count(
          backend.server,
          'SELECT count(*)::int AS n FROM new_markets WHERE market_id = $1',
          [target.marketId],
        ),
      ).toBe(0);
      expect(
        await one<Market>(
          backend.server,
          `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
          [target.uniqueName],
        ),
      ).toMatchObject({ marketId: target.marketId, name: target.name, tags: [tag] });
    }

    // It is in the catalogue now.
    await page.getByRole('tab', { name: 'List Markets' }).click();
    await filterMarkets(page, kind === 'reference' ? target.uniqueName : 'futures');
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const listedMarket = rowOf(page, target.uniqueName);
    await expect(listedMarket.getByRole('cell').first()).toHaveText(String(target.marketId));
    await expect(listedMarket).toContainText(tag);
    await expect(listedMarket.getByLabel(`Remove tag ${tag}`)).toBeVisible();
  });
});
