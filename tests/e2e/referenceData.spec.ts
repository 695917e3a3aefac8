/**
 * The reference-data screens of issues 11 and 12 against the reference server (PGlite), used as
 * a person would: markets and new markets, crypto and ecosystem tags, configurations, the two
 * mismatch queues and the Twitter accounts. The server is shared by the tests of a worker: each
 * test picks its rows by querying the database when it starts, checks what was written there,
 * and never counts on what another test changed.
 */
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { TestServer } from '../support/testServer';
import {
  chooseListedOption,
  chooseOption,
  expect,
  openSignedIn,
  test,
  type ConsoleApp,
} from './fixtures';

// A console per test and a shared server on a loaded two-core machine.
test.describe.configure({ timeout: 120_000 });

const header = (page: Page) => page.getByRole('status', { name: 'Result range' });
const rows = (page: Page) => page.locator('.ant-table-row');
/** The table row that has a cell showing exactly `text` (a unique name, a pair, a url, an id). */
const rowOf = (page: Page, text: string) =>
  rows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const filterForm = (page: Page, name: string) => page.getByRole('form', { name });
/** One labelled item of a modal's form: its control, its value and its error message. */
const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });
const errorOf = (scope: Locator, label: string) =>
  formItem(scope, label).locator(
    '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)',
  );
const loadFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'could not be loaded' });
/** A short token that keeps what a test writes apart from everything else. */
const token = () => randomUUID().slice(0, 8);

async function open(page: Page, app: ConsoleApp, route: string, heading: string) {
  await openSignedIn(page, app, route);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

async function query<T extends object>(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return server.context.db.query<T>(sql, params);
}
async function one<T extends object>(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  const [row] = await query<T>(server, sql, params);
  expect(row, sql).toBeDefined();
  return row!;
}
async function count(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  return (await one<{ n: number }>(server, sql, params)).n;
}

/** Confirms (or closes) the WARNING modal that says `text`. */
async function answerConfirm(page: Page, text: string, button: 'Yes!' | 'Close') {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

const MARKET_ORDER = 'ORDER BY lower(name) COLLATE "C", id';

// ---------------------------------------------------------------------------------------------
// Markets (/market/get-markets)

interface MarketRow {
  market_id: number;
  unique_name: string;
  name: string;
  search: boolean;
  active: boolean;
  unwanted_usages: string[];
  tags: string[];
}
const MARKET_COLUMNS = 'market_id, unique_name, name, search, active, unwanted_usages, tags';

async function filterMarkets(page: Page, contains: string) {
  const form = filterForm(page, 'Market filter');
  await form.getByLabel('Market Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

test.describe('markets on the reference server', () => {
  test("pages of 50 with their own counter; 'Market Contains' starts again at page 0", async ({
    page,
    app,
    server,
  }) => {
    // The demo catalogue fits one page: fifteen more exchanges give it a second one.
    const tag = token();
    await server.context.db.query(
      `INSERT INTO markets (market_id, unique_name, name, search, active, tags)
       SELECT 990000 + g * 1000 + floor(random() * 900)::int, 'e2e-paging-' || $1 || '-' || g,
              'Zz E2E Paging ' || $1 || ' ' || g, true, true, ARRAY['dex']
         FROM generate_series(1, 15) AS g`,
      [tag],
    );
    try {
      const ordered = await query<{ unique_name: string }>(
        server,
        `SELECT unique_name FROM markets ${MARKET_ORDER}`,
      );
      const total = ordered.length;
      expect(total).toBeGreaterThan(50);
      const newTotal = await count(server, 'SELECT count(*)::int AS n FROM new_markets');

      await open(page, app, '/market', 'List Markets');
      await expect(page.getByRole('tab', { name: 'List Markets' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
      await expect(rows(page)).toHaveCount(50);
      await expect(rowOf(page, ordered[0]!.unique_name)).toBeVisible();
      await expect(rowOf(page, ordered[50]!.unique_name)).toHaveCount(0);

      await page.getByRole('listitem', { name: 'Next page' }).click();
      await expect(header(page)).toHaveText(`You see ( 50 - ${total} ) of ${total} results`);
      await expect(rowOf(page, ordered[50]!.unique_name)).toBeVisible();
      await expect(rowOf(page, ordered[0]!.unique_name)).toHaveCount(0);

      // The new-markets list has its own page counter, and the markets keep theirs.
      await page.getByRole('tab', { name: 'List New Markets' }).click();
      await expect(page.getByRole('heading', { name: 'List New Markets' })).toBeVisible();
      await expect(header(page)).toHaveText(
        `You see ( 0 - ${Math.min(50, newTotal)} ) of ${newTotal} results`,
      );
      await page.getByRole('tab', { name: 'List Markets' }).click();
      await expect(page.getByRole('heading', { name: 'List Markets' })).toBeVisible();
      await expect(header(page)).toHaveText(`You see ( 50 - ${total} ) of ${total} results`);

      const kra = await count(
        server,
        "SELECT count(*)::int AS n FROM markets WHERE name ILIKE '%kra%' OR unique_name ILIKE '%kra%'",
      );
      expect(kra).toBeGreaterThan(0);
      await filterMarkets(page, 'KRA');
      await expect(header(page)).toHaveText(`You see ( 0 - ${kra} ) of ${kra} results`);
      await expect(rowOf(page, 'kraken')).toBeVisible();
      await expect(rowOf(page, ordered[50]!.unique_name)).toHaveCount(0);

      await filterMarkets(page, `paging-${tag}`);
      await expect(header(page)).toHaveText('You see ( 0 - 15 ) of 15 results');
      await expect(rowOf(page, `e2e-paging-${tag}-7`).getByRole('cell').nth(1)).toHaveText(
        `Zz E2E Paging ${tag} 7`,
      );
    } finally {
      await server.context.db.query('DELETE FROM markets WHERE unique_name LIKE $1', [
        `e2e-paging-${tag}-%`,
      ]);
    }
  });

  test('Update is prefilled and the tag typed is added to the market', async ({
    page,
    app,
    server,
  }) => {
    const market = await one<MarketRow>(
      server,
      `SELECT ${MARKET_COLUMNS} FROM markets WHERE cardinality(tags) > 0 ${MARKET_ORDER} LIMIT 1 OFFSET 3`,
    );
    const newTag = `e2e-tag-${token()}`;
    await open(page, app, '/market/get-markets', 'List Markets');
    await filterMarkets(page, market.unique_name);
    const row = rowOf(page, market.unique_name);
    await expect(row.getByLabel(`Remove tag ${market.tags[0]}`)).toBeVisible();

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${market.name}` });
    await expect(dialog.getByLabel('Market Id')).toHaveValue(String(market.market_id));
    await expect(dialog.getByLabel('Market Id')).toBeDisabled();
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(market.unique_name);
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(market.name);
    await expect(dialog.getByLabel('Search')).toHaveValue(String(market.search));
    await expect(dialog.getByLabel('Active')).toHaveValue(String(market.active));
    // Unwanted usages and tags start empty (SPEC.md 4).
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(0);

    await dialog.getByLabel('Search').fill(String(!market.search));
    await dialog.getByLabel('Tags').fill(newTag);
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByLabel(`Remove tag ${newTag}`)).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(!market.search));

    const after = await one<MarketRow>(
      server,
      `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
      [market.unique_name],
    );
    // The tags typed are added to the market's (the server keeps the list sorted).
    expect({ ...after, tags: [...after.tags].sort() }).toEqual({
      ...market,
      search: !market.search,
      tags: [...market.tags, newTag].sort(),
    });
  });

  test('an unwanted usage and a tag are removed one by one, each after its confirm', async ({
    page,
    app,
    server,
  }) => {
    const market = await one<MarketRow>(
      server,
      `SELECT ${MARKET_COLUMNS} FROM markets
        WHERE cardinality(unwanted_usages) > 0 AND cardinality(tags) > 1 ${MARKET_ORDER} LIMIT 1`,
    );
    const usage = market.unwanted_usages[0]!;
    const tag = market.tags[0]!;
    await open(page, app, '/market/get-markets', 'List Markets');
    await filterMarkets(page, market.unique_name);
    const row = rowOf(page, market.unique_name);

    await row.getByLabel(`Remove unwanted usage ${usage}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Close');
    await expect(row.getByLabel(`Remove unwanted usage ${usage}`)).toBeVisible();
    expect(
      (
        await one<MarketRow>(server, 'SELECT unwanted_usages FROM markets WHERE unique_name = $1', [
          market.unique_name,
        ])
      ).unwanted_usages,
    ).toContain(usage);

    await row.getByLabel(`Remove unwanted usage ${usage}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Unwanted Usage', 'Yes!');
    await expect(row.getByLabel(`Remove unwanted usage ${usage}`)).toHaveCount(0);

    await row.getByLabel(`Remove tag ${tag}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Tag', 'Yes!');
    await expect(row.getByLabel(`Remove tag ${tag}`)).toHaveCount(0);
    await expect(row.getByLabel(`Remove tag ${market.tags[1]}`)).toBeVisible();

    const after = await one<MarketRow>(
      server,
      `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
      [market.unique_name],
    );
    expect(after).toEqual({
      ...market,
      unwanted_usages: market.unwanted_usages.slice(1),
      tags: market.tags.slice(1),
    });
  });

  test('a failed market list shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    server,
  }) => {
    await open(page, app, '/market/get-markets', 'List Markets');
    await server.context.db.query('ALTER TABLE markets RENAME TO markets_offline');
    try {
      await filterMarkets(page, 'bi');
      await expect(loadFailure(page)).toContainText('The list could not be loaded');
      await expect(loadFailure(page)).toContainText('The server failed to handle the request.');
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await server.context.db.query('ALTER TABLE markets_offline RENAME TO markets');
    }
    const bi = await count(
      server,
      "SELECT count(*)::int AS n FROM markets WHERE name ILIKE '%bi%' OR unique_name ILIKE '%bi%'",
    );
    await loadFailure(page).getByRole('button', { name: 'Try Again' }).click();
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${Math.min(50, bi)} ) of ${bi} results`);
    await expect(rowOf(page, 'binance')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// New markets (/market/get-newMarkets)

test.describe('new markets on the reference server', () => {
  test("'Same Markets' opens a catalogue market; Check Img, then Save moves it to the catalogue", async ({
    page,
    app,
    server,
  }) => {
    const target = await one<{
      market_id: number;
      name: string;
      unique_name: string;
      same: number;
    }>(
      server,
      `SELECT n.market_id, n.name, n.unique_name,
              (SELECT count(*)::int FROM markets m WHERE lower(m.name) = lower(n.name)) AS same
         FROM new_markets n JOIN market_images i ON i.unique_name = n.unique_name AND i.has_image
        WHERE EXISTS (SELECT 1 FROM markets m WHERE lower(m.name) = lower(n.name))
        ORDER BY n.detect_time DESC, n.id DESC LIMIT 1`,
    );
    const twin = await one<{ name: string; unique_name: string; tags: string[] }>(
      server,
      `SELECT name, unique_name, tags FROM markets WHERE lower(name) = lower($1) ${MARKET_ORDER} LIMIT 1`,
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

    await open(page, app, '/market/get-newMarkets', 'List New Markets');
    // It loads on open: no filter form.
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${total} ) of ${total} results`);
    const row = rowOf(page, target.unique_name);
    await expect(row.getByRole('cell').first()).toHaveText(String(target.market_id));

    await row.getByRole('button', { name: `Same Markets (${target.same})` }).click();
    await page.getByRole('menuitem', { name: `${twin.name} (${twin.unique_name})` }).click();
    const same = page.getByRole('dialog', { name: `Market ${twin.name}` });
    await expect(same).toContainText(twin.unique_name);
    await expect(same).toContainText(twin.tags[0] ?? '-');
    await same.getByRole('button', { name: 'Close' }).click();
    await expect(same).toBeHidden();

    await rowOf(page, noImage.unique_name).getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is False')).toBeVisible();
    await row.getByRole('button', { name: 'Check Img' }).click();
    await expect(page.getByText('Check Image is True')).toBeVisible();

    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: `Save New Market ${target.name}` });
    await expect(dialog.getByLabel('Market Id')).toHaveValue(String(target.market_id));
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(target.unique_name);
    await dialog.getByLabel('Tags').fill('e2e-saved');
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // SPEC.md 4: the new-markets list is fetched again, and the market has left it.
    await expect(header(page)).toHaveText(`You see ( 0 - ${total - 1} ) of ${total - 1} results`);
    await expect(rowOf(page, target.unique_name)).toHaveCount(0);
    expect(
      await count(server, 'SELECT count(*)::int AS n FROM new_markets WHERE market_id = $1', [
        target.market_id,
      ]),
    ).toBe(0);
    const saved = await one<MarketRow>(
      server,
      `SELECT ${MARKET_COLUMNS} FROM markets WHERE unique_name = $1`,
      [target.unique_name],
    );
    expect(saved).toMatchObject({
      market_id: target.market_id,
      name: target.name,
      tags: ['e2e-saved'],
    });

    await page.getByRole('tab', { name: 'List Markets' }).click();
    await filterMarkets(page, target.unique_name);
    const listed = rowOf(page, target.unique_name);
    await expect(listed.getByRole('cell').first()).toHaveText(String(target.market_id));
    await expect(listed.getByLabel('Remove tag e2e-saved')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------
// Crypto tags (/cryptoTag)

interface CryptoTagRow {
  name: string;
  unique_name: string;
  usages: string[];
  search: boolean;
  display_on_apps: boolean;
}
const TAG_COLUMNS = 'name, unique_name, usages, search, display_on_apps';
const TAG_ORDER = 'ORDER BY lower(name) COLLATE "C", unique_name';

async function filterCryptoTags(page: Page, contains: string) {
  const form = filterForm(page, 'Crypto tag filter');
  await form.getByLabel('Contains').fill(contains);
  await form.getByRole('button', { name: 'Filter' }).click();
}

test.describe('crypto tags on the reference server', () => {
  test("pages of 50; 'Contains' filters; Update adds a usage; a usage is removed after its confirm", async ({
    page,
    app,
    server,
  }) => {
    const ordered = await query<{ unique_name: string }>(
      server,
      `SELECT unique_name FROM crypto_tags ${TAG_ORDER}`,
    );
    const total = ordered.length;
    expect(total).toBeGreaterThan(100);
    const tag = await one<CryptoTagRow>(
      server,
      `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE cardinality(usages) > 1 ${TAG_ORDER} LIMIT 1 OFFSET 5`,
    );
    const matching = await count(
      server,
      'SELECT count(*)::int AS n FROM crypto_tags WHERE name ILIKE $1 OR unique_name ILIKE $1',
      [`%${tag.unique_name}%`],
    );

    await open(page, app, '/cryptoTag', 'List Crypto Tags');
    await expect(page.getByRole('tab', { name: 'Add Crypto Tag' })).toBeVisible();
    await expect(header(page)).toHaveText(`You see ( 0 - 50 ) of ${total} results`);
    await page.getByRole('listitem', { name: 'Next page' }).click();
    await expect(header(page)).toHaveText(`You see ( 50 - 100 ) of ${total} results`);
    await expect(rowOf(page, ordered[50]!.unique_name)).toBeVisible();
    await expect(rowOf(page, ordered[0]!.unique_name)).toHaveCount(0);

    await filterCryptoTags(page, tag.unique_name.toUpperCase());
    await expect(header(page)).toHaveText(`You see ( 0 - ${matching} ) of ${matching} results`);
    const row = rowOf(page, tag.unique_name);
    await expect(row.getByRole('cell')).toHaveText([
      tag.name,
      tag.unique_name,
      String(tag.search),
      String(tag.display_on_apps),
      tag.usages.map((u) => `${u}×`).join(''),
      'Update',
    ]);

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${tag.name}` });
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(tag.unique_name);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(tag.name);
    await expect(dialog.getByLabel('Search')).toHaveValue(String(tag.search));
    await expect(dialog.getByLabel('Display On Apps')).toHaveValue(String(tag.display_on_apps));
    await expect(dialog.locator('.ant-select-selection-item')).toHaveCount(0);
    await dialog.getByLabel('Display On Apps').fill(String(!tag.display_on_apps).toUpperCase());
    await dialog.getByLabel('Usages').fill('e2e usage');
    await dialog.getByLabel('Usages').press('Enter');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByLabel('Remove usage e2e usage')).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(!tag.display_on_apps));
    const updated = await one<CryptoTagRow>(
      server,
      `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
      [tag.unique_name],
    );
    expect({ ...updated, usages: [...updated.usages].sort() }).toEqual({
      ...tag,
      display_on_apps: !tag.display_on_apps,
      usages: [...tag.usages, 'e2e usage'].sort(),
    });

    const usage = tag.usages[0]!;
    await row.getByLabel(`Remove usage ${usage}`).click();
    await answerConfirm(page, 'Are You Sure The Delete This Usage', 'Yes!');
    await expect(row.getByLabel(`Remove usage ${usage}`)).toHaveCount(0);
    await expect(row.getByLabel('Remove usage e2e usage')).toBeVisible();
    const after = await one<CryptoTagRow>(
      server,
      'SELECT usages FROM crypto_tags WHERE unique_name = $1',
      [tag.unique_name],
    );
    expect([...after.usages].sort()).toEqual([...tag.usages.slice(1), 'e2e usage'].sort());
  });

  test('Add Crypto Tag: a bad flag is refused beside the field; good input stores the usages as a list', async ({
    page,
    app,
    server,
  }) => {
    const uniqueName = `e2e-restaking-${token()}`;
    const stored = () =>
      count(server, 'SELECT count(*)::int AS n FROM crypto_tags WHERE unique_name = $1', [
        uniqueName,
      ]);
    await open(page, app, '/cryptoTag/listTags', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });

    // Nothing typed: each required field says so.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await expect(errorOf(dialog, 'Unique Name')).toHaveText('Please enter Unique Name');
    await expect(errorOf(dialog, 'Usages')).toHaveCount(0);

    await dialog.getByLabel('Name', { exact: true }).fill('E2E Restaking');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    await dialog.getByLabel('Usages').fill('restaking, liquid restaking ,, eigen layer');
    await dialog.getByLabel('Search').fill('yes');
    await dialog.getByLabel('Display On Apps').fill('true');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Search')).toHaveText('Search must be true or false');
    await expect(errorOf(dialog, 'Display On Apps')).toHaveCount(0);
    await expect(errorOf(dialog, 'Name')).toHaveCount(0);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('E2E Restaking');
    await expect(dialog.getByLabel('Usages')).toHaveValue(
      'restaking, liquid restaking ,, eigen layer',
    );
    expect(await stored()).toBe(0);

    await dialog.getByLabel('Search').fill(' False ');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await one<CryptoTagRow>(
        server,
        `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
        [uniqueName],
      ),
    ).toEqual({
      name: 'E2E Restaking',
      unique_name: uniqueName,
      usages: ['restaking', 'liquid restaking', 'eigen layer'],
      search: false,
      display_on_apps: true,
    });
    await filterCryptoTags(page, uniqueName);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    const row = rowOf(page, uniqueName);
    await expect(row.getByLabel('Remove usage liquid restaking')).toBeVisible();
    await expect(row.getByLabel('Remove usage eigen layer')).toBeVisible();
  });

  test("a taken unique name is refused with the server's message; the form keeps what was typed", async ({
    page,
    app,
    server,
  }) => {
    const taken = await one<CryptoTagRow>(
      server,
      `SELECT ${TAG_COLUMNS} FROM crypto_tags ${TAG_ORDER} LIMIT 1 OFFSET 7`,
    );
    await open(page, app, '/cryptoTag', 'List Crypto Tags');
    await page.getByRole('tab', { name: 'Add Crypto Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crypto Tag' });
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Again');
    await dialog.getByLabel('Unique Name').fill(taken.unique_name);
    await dialog.getByLabel('Usages').fill('again, once more');
    await dialog.getByLabel('Search').fill('true');
    await dialog.getByLabel('Display On Apps').fill('false');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `A crypto tag with unique name "${taken.unique_name}" already exists.`,
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('E2E Again');
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(taken.unique_name);
    await expect(dialog.getByLabel('Usages')).toHaveValue('again, once more');
    await expect(dialog.getByLabel('Search')).toHaveValue('true');
    expect(
      await query<CryptoTagRow>(
        server,
        `SELECT ${TAG_COLUMNS} FROM crypto_tags WHERE unique_name = $1`,
        [taken.unique_name],
      ),
    ).toEqual([taken]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

// ---------------------------------------------------------------------------------------------
// Ecosystem tags (/ecosystemTag)

test.describe('ecosystem tags on the reference server', () => {
  test("'Ecosystem Tag Contains' filters; Update renames the tag", async ({
    page,
    app,
    server,
  }) => {
    const total = await count(server, 'SELECT count(*)::int AS n FROM ecosystem_tags');
    const tag = await one<{ name: string; unique_name: string }>(
      server,
      `SELECT name, unique_name FROM ecosystem_tags ${TAG_ORDER} LIMIT 1 OFFSET 4`,
    );
    const word = tag.unique_name.split('-')[0]!;
    const matching = await count(
      server,
      'SELECT count(*)::int AS n FROM ecosystem_tags WHERE name ILIKE $1 OR unique_name ILIKE $1',
      [`%${word}%`],
    );
    const renamed = `${tag.name} E2E ${token()}`;

    await open(page, app, '/ecosystemTag', 'Ecosystem Tag');
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total)} ) of ${total} results`,
    );
    const form = filterForm(page, 'Ecosystem tag filter');
    await form.getByLabel('Ecosystem Tag Contains').fill(word);
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(`You see ( 0 - ${matching} ) of ${matching} results`);
    const row = rowOf(page, tag.unique_name);
    await expect(row.getByRole('cell')).toHaveText([tag.name, tag.unique_name, 'Update']);
    await expect(row.getByRole('button')).toHaveText(['Update']);

    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${tag.name}` });
    await expect(dialog.getByLabel('Unique Name')).toBeDisabled();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(tag.name);
    await dialog.getByLabel('Name', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').first()).toHaveText(renamed);
    expect(
      await one<{ name: string }>(
        server,
        'SELECT name FROM ecosystem_tags WHERE unique_name = $1',
        [tag.unique_name],
      ),
    ).toEqual({ name: renamed });
  });
});

// ---------------------------------------------------------------------------------------------
// Configurations (/configurations)

interface ConfigurationRow {
  symbol: string;
  name: string;
  unique_name: string;
  market: string;
  category: string;
}
const CONFIG_COLUMNS = 'symbol, name, unique_name, market, category';
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

test.describe('configurations on the reference server', () => {
  test('filters Market and Currency; rows show the category in words', async ({
    page,
    app,
    server,
  }) => {
    const config = await one<ConfigurationRow>(
      server,
      `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations ORDER BY id LIMIT 1 OFFSET 20`,
    );
    const total = await count(
      server,
      'SELECT count(*)::int AS n FROM market_currency_configurations',
    );
    const ofMarket = await count(
      server,
      'SELECT count(*)::int AS n FROM market_currency_configurations WHERE market = $1',
      [config.market],
    );
    const ofBoth = await count(
      server,
      `SELECT count(*)::int AS n FROM market_currency_configurations
        WHERE market = $1 AND lower(symbol) = lower($2)`,
      [config.market, config.symbol],
    );
    const ofSymbol = await count(
      server,
      'SELECT count(*)::int AS n FROM market_currency_configurations WHERE lower(symbol) = lower($1)',
      [config.symbol],
    );
    expect(ofMarket).toBeLessThan(total);

    await open(page, app, '/configurations', 'List Configurations');
    await expect(page.getByRole('tab', { name: 'Add Configuration' })).toBeVisible();
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total)} ) of ${total} results`,
    );

    await filterConfigurations(page, config.market, '');
    await expect(header(page)).toHaveText(`You see ( 0 - ${ofMarket} ) of ${ofMarket} results`);
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: config.market, exact: true }) }),
    ).toHaveCount(ofMarket);

    await filterConfigurations(page, config.market, config.symbol.toLowerCase());
    await expect(header(page)).toHaveText(`You see ( 0 - ${ofBoth} ) of ${ofBoth} results`);
    await expect(rowOf(page, config.unique_name).getByRole('cell')).toHaveText([
      config.symbol,
      config.name,
      config.unique_name,
      config.market,
      CATEGORY_WORDS[config.category]!,
      /Update\s*Delete/,
    ]);

    await filterConfigurations(page, 'All Markets', config.symbol);
    await expect(header(page)).toHaveText(`You see ( 0 - ${ofSymbol} ) of ${ofSymbol} results`);
    await expect(
      rowOf(page, config.unique_name).filter({
        has: page.getByRole('cell', { name: config.market, exact: true }),
      }),
    ).toBeVisible();
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: config.symbol, exact: true }) }),
    ).toHaveCount(ofSymbol);
  });

  test('Add Configuration: placeholders, required choices, categories in words stored as keys', async ({
    page,
    app,
    server,
  }) => {
    const uniqueName = `e2e-config-${token()}`;
    const stored = () =>
      query<ConfigurationRow>(
        server,
        `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations WHERE unique_name = $1`,
        [uniqueName],
      );
    await open(page, app, '/configurations/list', 'List Configurations');
    await page.getByRole('tab', { name: 'Add Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Configuration' });
    await expect(formItem(dialog, 'Market')).toContainText('Please Select Market *');
    await expect(formItem(dialog, 'Category')).toContainText('Please Select Category *');

    await dialog.getByLabel('Currency').fill('E2EX');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(errorOf(dialog, 'Market')).toHaveText('Please Select Market *');
    await expect(errorOf(dialog, 'Category')).toHaveText('Please Select Category *');
    await expect(errorOf(dialog, 'Name')).toHaveText('Please enter Name');
    await expect(errorOf(dialog, 'Currency')).toHaveCount(0);
    expect(await stored()).toEqual([]);

    await chooseListedOption(page, dialog.getByLabel('Market'), 'OKEX');
    await dialog.getByLabel('Category').click();
    await expect(
      page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).toHaveText(['NOT FOUND', 'MULTIPLE', 'DIFFERENT']);
    await chooseOption(page, dialog.getByLabel('Category'), 'MULTIPLE');
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Coin');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    expect(await stored()).toEqual([
      {
        symbol: 'E2EX',
        name: 'E2E Coin',
        unique_name: uniqueName,
        market: 'OKEX',
        category: 'multiple',
      },
    ]);

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
    server,
  }) => {
    const [config, doomed] = (await query<ConfigurationRow>(
      server,
      `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations c
        WHERE NOT EXISTS (SELECT 1 FROM market_currency_configurations o
                           WHERE o.market = c.market AND lower(o.symbol) = lower(c.symbol)
                             AND o.id <> c.id)
        ORDER BY id DESC LIMIT 2`,
    )) as [ConfigurationRow, ConfigurationRow];
    const category = config.category === 'different' ? 'notFound' : 'different';
    const renamed = `${config.name} E2E`;
    await open(page, app, '/configurations/list', 'List Configurations');

    await filterConfigurations(page, config.market, config.symbol);
    await expect(header(page)).toHaveText('You see ( 0 - 1 ) of 1 results');
    await rowOf(page, config.unique_name).getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Update Configuration ${config.unique_name}`,
    });
    await expect(formItem(dialog, 'Market')).toContainText(config.market);
    await expect(formItem(dialog, 'Category')).toContainText(CATEGORY_WORDS[config.category]!);
    await expect(dialog.getByLabel('Currency')).toHaveValue(config.symbol);
    await chooseOption(page, dialog.getByLabel('Category'), CATEGORY_WORDS[category]!);
    await dialog.getByLabel('Name', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, config.unique_name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(renamed);
    await expect(row.getByRole('cell').nth(4)).toHaveText(CATEGORY_WORDS[category]!);
    expect(
      await query<ConfigurationRow>(
        server,
        `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations
          WHERE unique_name = $1 AND market = $2`,
        [config.unique_name, config.market],
      ),
    ).toEqual([{ ...config, name: renamed, category }]);

    const remaining = () =>
      count(
        server,
        `SELECT count(*)::int AS n FROM market_currency_configurations
          WHERE unique_name = $1 AND market = $2`,
        [doomed.unique_name, doomed.market],
      );
    await filterConfigurations(page, doomed.market, doomed.symbol);
    const gone = rowOf(page, doomed.unique_name);
    await gone.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Close');
    await expect(gone).toBeVisible();
    expect(await remaining()).toBe(1);
    await gone.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Configuration', 'Yes!');
    await expect(gone).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(await remaining()).toBe(0);
  });

  test('a failed configuration list shows its message with the list emptied; Try Again recovers', async ({
    page,
    app,
    server,
  }) => {
    await open(page, app, '/configurations/list', 'List Configurations');
    await server.context.db.query(
      'ALTER TABLE market_currency_configurations RENAME TO market_currency_configurations_offline',
    );
    try {
      await filterConfigurations(page, 'KRAKEN', '');
      await expect(loadFailure(page)).toContainText('The list could not be loaded');
      await expect(loadFailure(page)).toContainText('The server failed to handle the request.');
      await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
      await expect(rows(page)).toHaveCount(0);
    } finally {
      await server.context.db.query(
        'ALTER TABLE market_currency_configurations_offline RENAME TO market_currency_configurations',
      );
    }
    const kraken = await count(
      server,
      "SELECT count(*)::int AS n FROM market_currency_configurations WHERE market = 'KRAKEN'",
    );
    await loadFailure(page).getByRole('button', { name: 'Try Again' }).click();
    await expect(loadFailure(page)).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${kraken} ) of ${kraken} results`);
  });
});

// ---------------------------------------------------------------------------------------------
// Mismatches (/mismatches)

interface PairRow {
  market: string;
  pair: string;
  base_currency: string;
  other_currency: string;
  message: string;
}
const PAIR_COLUMNS = 'market, pair, base_currency, other_currency, message';
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

/** A queued pair whose base currency is no other pair's quote currency (it is the odd one). */
const ODD_PAIR = `SELECT ${PAIR_COLUMNS} FROM mismatch_trading_pairs p
  WHERE NOT EXISTS (SELECT 1 FROM mismatch_trading_pairs o
                     WHERE lower(o.other_currency) = lower(p.base_currency))`;

test.describe('mismatched trading pairs on the reference server', () => {
  test('Match resolves the mismatch: the pair leaves the list fetched again with the filters, the configuration is stored', async ({
    page,
    app,
    server,
  }) => {
    const pair = await one<PairRow>(server, `${ODD_PAIR} ORDER BY id LIMIT 1 OFFSET 2`);
    const total = await count(server, 'SELECT count(*)::int AS n FROM mismatch_trading_pairs');
    const before = await pairsOf(server, pair.market);
    const resolved = await pairsOf(server, pair.market, pair.base_currency);
    expect(before).toBeGreaterThan(resolved);
    const uniqueName = `e2e-match-${token()}`;

    await open(page, app, '/mismatches', 'Trading Pairs');
    await expect(page.getByRole('tab', { name: 'Trading Pairs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total)} ) of ${total} results`,
    );
    await filterPairs(page, pair.market, '');
    await expect(header(page)).toHaveText(`You see ( 0 - ${before} ) of ${before} results`);
    const row = rowOf(page, pair.pair);
    await expect(row.getByRole('cell')).toHaveText([
      pair.market,
      pair.pair,
      pair.base_currency,
      pair.other_currency,
      pair.message,
      /Match\s*Delete/,
    ]);

    await row.getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Trading Pair' });
    await expect(formItem(dialog, 'Market')).toContainText(pair.market);
    await expect(formItem(dialog, 'Category')).toContainText('Please Select Category *');
    await expect(dialog.getByLabel('Currency')).toHaveValue(pair.base_currency);
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(errorOf(dialog, 'Category')).toHaveText('Please Select Category *');
    await expect(errorOf(dialog, 'Unique Name')).toHaveText('Please enter Unique Name');
    await chooseOption(page, dialog.getByLabel('Category'), 'NOT FOUND');
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Matched Coin');
    await dialog.getByLabel('Unique Name').fill(uniqueName);
    const configured = () =>
      query<ConfigurationRow>(
        server,
        `SELECT ${CONFIG_COLUMNS} FROM market_currency_configurations
          WHERE unique_name = $1 AND market = $2`,
        [uniqueName, pair.market],
      );

    // A symbol with nothing queued resolves nothing: refused, and no configuration is written.
    await dialog.getByLabel('Currency').fill('E2ENONE');
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `No mismatch trading pair of ${pair.market} with currency "E2ENONE" is queued.`,
    );
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(uniqueName);
    expect(await configured()).toEqual([]);
    expect(await pairsOf(server, pair.market)).toBe(before);

    await dialog.getByLabel('Currency').fill(pair.base_currency);
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(dialog).toBeHidden();

    // Fetched again with the market still chosen: the pair (and its siblings) left the queue.
    const left = before - resolved;
    await expect(header(page)).toHaveText(`You see ( 0 - ${left} ) of ${left} results`);
    await expect(rowOf(page, pair.pair)).toHaveCount(0);
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: pair.market, exact: true }) }),
    ).toHaveCount(left);
    await expect(filterForm(page, 'Trading pair filter').locator('.ant-select')).toContainText(
      pair.market,
    );
    expect(await pairsOf(server, pair.market, pair.base_currency)).toBe(0);
    expect(await configured()).toEqual([
      {
        symbol: pair.base_currency,
        name: 'E2E Matched Coin',
        unique_name: uniqueName,
        market: pair.market,
        category: 'notFound',
      },
    ]);
  });

  test("'Currency Symbol' filters; Delete drops only that pair after its confirm", async ({
    page,
    app,
    server,
  }) => {
    const pair = await one<PairRow>(
      server,
      `${ODD_PAIR} AND (SELECT count(*) FROM mismatch_trading_pairs s
                          WHERE s.market = p.market AND s.base_currency = p.base_currency) > 1
        ORDER BY id DESC LIMIT 1`,
    );
    const shown = await pairsOf(server, pair.market, pair.base_currency);
    const configurations = await count(
      server,
      'SELECT count(*)::int AS n FROM market_currency_configurations',
    );
    await open(page, app, '/mismatches/get-tradingPairs', 'Trading Pairs');
    await filterPairs(page, pair.market, pair.base_currency.toLowerCase());
    await expect(header(page)).toHaveText(`You see ( 0 - ${shown} ) of ${shown} results`);
    await expect(
      rows(page).filter({
        has: page.getByRole('cell', { name: pair.base_currency, exact: true }),
      }),
    ).toHaveCount(shown);

    const row = rowOf(page, pair.pair);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Trading Pair', 'Close');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Trading Pair', 'Yes!');
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText(`You see ( 0 - ${shown - 1} ) of ${shown - 1} results`);
    expect(
      await count(
        server,
        'SELECT count(*)::int AS n FROM mismatch_trading_pairs WHERE market = $1 AND pair = $2',
        [pair.market, pair.pair],
      ),
    ).toBe(0);
    expect(await pairsOf(server, pair.market, pair.base_currency)).toBe(shown - 1);
    // Deleting matches nothing.
    expect(
      await count(server, 'SELECT count(*)::int AS n FROM market_currency_configurations'),
    ).toBe(configurations);
  });
});

test.describe('mismatched explorer urls on the reference server', () => {
  test('Match records the url on its currency and Delete drops one after its confirm; each leaves the queue', async ({
    page,
    app,
    server,
  }) => {
    type UrlRow = { url: string; unique_name: string; name: string; is_specific: boolean };
    const queue = () =>
      query<UrlRow>(
        server,
        'SELECT url, unique_name, name, is_specific FROM mismatch_explorer_urls ORDER BY id',
      );
    const [matched, deleted] = (await queue()) as [UrlRow, UrlRow];
    const total = (await queue()).length;
    await open(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    await expect(page.getByRole('tab', { name: 'Explorer Urls' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total)} ) of ${total} results`,
    );
    await expect(rowOf(page, matched.url).getByRole('cell')).toHaveText([
      matched.url,
      matched.unique_name,
      /Match\s*Delete/,
    ]);

    await rowOf(page, matched.url).getByRole('button', { name: 'Match' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Explorer Url' });
    await expect(dialog.getByLabel('Unique Name')).toHaveValue(matched.unique_name);
    await expect(dialog.getByLabel('Url')).toHaveValue(matched.url);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(matched.name);
    await expect(dialog.getByLabel('Is Specific')).toHaveValue(String(matched.is_specific));
    const recorded = () =>
      query<UrlRow>(
        server,
        'SELECT url, unique_name, name, is_specific FROM currency_explorer_urls WHERE url = $1',
        [matched.url],
      );

    // A bad flag is refused beside its field; nothing is sent.
    await dialog.getByLabel('Is Specific').fill('sometimes');
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(errorOf(dialog, 'Is Specific')).toHaveText('Is Specific must be true or false');
    // A unique name no currency has: refused, the url stays queued and nothing is recorded.
    await dialog.getByLabel('Is Specific').fill(String(matched.is_specific));
    await dialog.getByLabel('Unique Name').fill('e2e-no-such-currency');
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(dialog.getByRole('alert')).toContainText('"e2e-no-such-currency"');
    await expect(dialog.getByLabel('Url')).toHaveValue(matched.url);
    expect((await queue()).map((u) => u.url)).toContain(matched.url);
    expect(await recorded()).toEqual([]);

    await dialog.getByLabel('Unique Name').fill(matched.unique_name);
    await dialog.getByRole('button', { name: 'Match' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, matched.url)).toHaveCount(0);
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total - 1)} ) of ${total - 1} results`,
    );
    expect((await queue()).map((u) => u.url)).not.toContain(matched.url);
    expect(await recorded()).toEqual([matched]);

    const row = rowOf(page, deleted.url);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Close');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Yes!');
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText(
      `You see ( 0 - ${Math.min(50, total - 2)} ) of ${total - 2} results`,
    );
    expect((await queue()).map((u) => u.url)).not.toContain(deleted.url);
    // Deleting records nothing on the currency.
    expect(
      await count(server, 'SELECT count(*)::int AS n FROM currency_explorer_urls WHERE url = $1', [
        deleted.url,
      ]),
    ).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Twitter accounts (/twitter-accounts)

const accountForm = (page: Page) => filterForm(page, 'Account filter');
const accounts = (server: TestServer, table: string) =>
  count(server, `SELECT count(*)::int AS n FROM ${table}`);
const shownRange = (n: number) => `You see ( 0 - ${Math.min(50, n)} ) of ${n} results`;

test.describe('twitter accounts on the reference server', () => {
  test('Account Type switches the list; the Unique Name box, its placeholder and the add tab follow it', async ({
    page,
    app,
    server,
  }) => {
    const coins = await accounts(server, 'coin_accounts');
    const news = await accounts(server, 'news_accounts');
    const markets = await accounts(server, 'market_accounts');
    const coin = await one<{ unique_name: string; user_id: string }>(
      server,
      'SELECT unique_name, user_id FROM coin_accounts ORDER BY id LIMIT 1 OFFSET 4',
    );
    const ofCoin = await count(
      server,
      'SELECT count(*)::int AS n FROM coin_accounts WHERE lower(unique_name) = lower($1)',
      [coin.unique_name],
    );
    const newsUser = await one<{ user_id: string }>(
      server,
      'SELECT user_id FROM news_accounts ORDER BY lower(twitter_account_name), user_id LIMIT 1',
    );
    const marketUser = await one<{ user_id: string }>(
      server,
      'SELECT user_id FROM market_accounts ORDER BY lower(twitter_account_name), user_id LIMIT 1',
    );

    const form = accountForm(page);
    const box = form.getByLabel('Unique Name');
    const type = form.getByLabel('Account Type');
    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
    await expect(form.locator('.ant-select')).toContainText('COIN');
    await expect(header(page)).toHaveText(shownRange(coins));
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toBeVisible();
    await expect(
      page.getByText('the Twitter accounts the service follows', { exact: false }),
    ).toBeVisible();

    await box.fill(coin.unique_name.toUpperCase());
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(shownRange(ofCoin));
    await expect(rowOf(page, coin.user_id)).toBeVisible();
    await expect(
      rows(page).filter({ has: page.getByRole('cell', { name: coin.unique_name, exact: true }) }),
    ).toHaveCount(ofCoin);

    // NEWS: fetched at once, without Filter; the box is turned off.
    await chooseOption(page, type, 'NEWS');
    await expect(header(page)).toHaveText(shownRange(news));
    await expect(rowOf(page, newsUser.user_id)).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAttribute('placeholder', 'Disabled');
    await expect(page.getByRole('button', { name: 'Add News Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Currency Code' })).toHaveCount(0);

    await chooseOption(page, type, 'MARKET');
    await expect(box).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', 'Market Un.Name');
    await box.fill('');
    await form.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(shownRange(markets));
    await expect(rowOf(page, marketUser.user_id)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Market Account' })).toBeVisible();
    await expect(
      page.getByRole('columnheader', { name: 'Market Announcement Active' }),
    ).toBeVisible();

    await chooseOption(page, type, 'COIN');
    await expect(box).toHaveAttribute('placeholder', 'Coin Un.Name');
    await expect(page.getByRole('button', { name: 'Add Coin Account' })).toBeVisible();
  });

  test('a coin account: empty fields and a taken user id are refused; added with its defaults; deleted after its confirm', async ({
    page,
    app,
    server,
  }) => {
    const taken = await one<{ user_id: string }>(
      server,
      'SELECT user_id FROM coin_accounts ORDER BY id LIMIT 1',
    );
    const userId = `e2e${Date.now()}`;
    const uniqueName = `e2e-coin-${token()}`;
    const before = await accounts(server, 'coin_accounts');
    const stored = () =>
      query<Record<string, unknown>>(
        server,
        `SELECT user_id, currency_code, twitter_account_name, unique_name, account_type, active
           FROM coin_accounts WHERE unique_name = $1`,
        [uniqueName],
      );

    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
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
    await add.getByLabel('User Id').fill(taken.user_id);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByRole('alert')).toContainText(
      `A coin account with userId ${taken.user_id} already exists.`,
    );
    await expect(add.getByLabel('Twitter Account Name')).toHaveValue('e2e_coin');
    expect(await stored()).toEqual([]);

    await add.getByLabel('User Id').fill(userId);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(header(page)).toHaveText(shownRange(before + 1));
    expect(await stored()).toEqual([
      {
        user_id: userId,
        currency_code: 'E2EC',
        twitter_account_name: 'e2e_coin',
        unique_name: uniqueName,
        account_type: 'COIN',
        active: true,
      },
    ]);

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
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Close');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Are you sure you want to delete this Account', 'Yes!');
    await expect(row).toHaveCount(0);
    await expect(header(page)).toHaveText('You see ( 0 - 0 ) of 0 results');
    expect(await stored()).toEqual([]);
  });

  test('a market account is added with its defaults; a news account takes a new user id', async ({
    page,
    app,
    server,
  }) => {
    const marketUserId = `e2e${Date.now()}`;
    const uniqueName = `e2e-market-${token()}`;
    const newsAccount = await one<{
      user_id: string;
      twitter_account_name: string;
      active: boolean;
    }>(
      server,
      'SELECT user_id, twitter_account_name, active FROM news_accounts ORDER BY id LIMIT 1 OFFSET 6',
    );
    const newUserId = `e2e${Date.now() + 1}`;

    await open(page, app, '/twitter-accounts', 'Twitter Accounts');
    const type = accountForm(page).getByLabel('Account Type');
    await chooseOption(page, type, 'MARKET');
    await page.getByRole('button', { name: 'Add Market Account' }).click();
    const add = page.getByRole('dialog', { name: 'Add Market Account' });
    await expect(add.getByLabel('Account Type')).toHaveValue('MARKET');
    await expect(formItem(add, 'Active')).toContainText('True');
    await expect(formItem(add, 'Listing Active')).toContainText('False');
    await expect(formItem(add, 'Market Announcement Active')).toContainText('False');
    await add.getByLabel('Market', { exact: true }).fill('BYBIT');
    await add.getByLabel('Twitter Account Name').fill('e2e_market');
    await add.getByLabel('Unique Name').fill(uniqueName);
    await add.getByLabel('User Id').fill(marketUserId);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(rowOf(page, marketUserId)).toContainText('e2e_market');
    expect(
      await query(
        server,
        `SELECT market, twitter_account_name, unique_name, account_type, active, listing_active,
                market_announcement_active FROM market_accounts WHERE user_id = $1`,
        [marketUserId],
      ),
    ).toEqual([
      {
        market: 'BYBIT',
        twitter_account_name: 'e2e_market',
        unique_name: uniqueName,
        account_type: 'MARKET',
        active: true,
        listing_active: false,
        market_announcement_active: false,
      },
    ]);

    await chooseOption(page, type, 'NEWS');
    const row = rowOf(page, newsAccount.user_id);
    await row.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', {
      name: `Update News Account ${newsAccount.twitter_account_name}`,
    });
    await expect(update.getByLabel('User Id', { exact: true })).toHaveValue(newsAccount.user_id);
    await expect(update.getByLabel('User Id', { exact: true })).toBeDisabled();
    await expect(update.getByLabel('New User Id')).toHaveValue(newsAccount.user_id);
    await update.getByLabel('New User Id').fill('');
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(errorOf(update, 'New User Id')).toHaveText('Please enter New User Id');
    await update.getByLabel('New User Id').fill(newUserId);
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(update).toBeHidden();
    await expect(rowOf(page, newUserId)).toContainText(newsAccount.twitter_account_name);
    await expect(rowOf(page, newsAccount.user_id)).toHaveCount(0);
    expect(
      await query(
        server,
        'SELECT user_id, twitter_account_name, account_type, active FROM news_accounts WHERE user_id = ANY($1::text[])',
        [[newsAccount.user_id, newUserId]],
      ),
    ).toEqual([
      {
        user_id: newUserId,
        twitter_account_name: newsAccount.twitter_account_name,
        account_type: 'NEWS',
        active: newsAccount.active,
      },
    ]);
  });
});
