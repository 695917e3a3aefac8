/**
 * The operators' workbench (issue 49), used as a person would, on both servers (kinds.ts says how
 * each is set up): Queues at a glance, a likely duplicate dismissed and not suggested again after
 * a restart, a queue worked by keys, and a bulk delete of mismatched urls with its journal entries.
 */
import type { Page } from '@playwright/test';
import type { JournalPage } from '../../../src/shared/journal';
import { blockingViolations, settle } from '../axe';
import { openSignedIn } from '../fixtures';
import {
  answerConfirm,
  count,
  expect,
  forEachServer,
  open,
  rowOf,
  rows,
  test,
  type Backend,
} from './kinds';

/** Each queue's depth as the server holds it. */
async function depths(backend: Backend) {
  if (backend.kind === 'reference') {
    const n = (table: string) => count(backend.server, `SELECT count(*)::int AS n FROM ${table}`);
    return {
      'New currencies': await n('new_currencies'),
      'New versions of currencies': await n('new_version_currencies'),
      'New markets': await n('new_markets'),
      'Mismatched trading pairs': await n('mismatch_trading_pairs'),
      'Mismatched explorer urls': await n('mismatch_explorer_urls'),
    };
  }
  const { state } = backend.provider;
  return {
    'New currencies': state.newCurrencies.length,
    'New versions of currencies': state.newVersions.length,
    'New markets': state.newMarkets.length,
    'Mismatched trading pairs': state.mismatchTradingPairs.length,
    'Mismatched explorer urls': state.mismatchExplorerUrls.length,
  };
}

/** The urls queued first on the server: what the list shows at its top. */
async function firstUrls(page: Page, n: number): Promise<string[]> {
  const cells = rows(page).locator('td:nth-child(2)');
  await expect(cells.first()).toBeVisible();
  return (await cells.allTextContents()).slice(0, n);
}

forEachServer('the operators’ workbench', () => {
  test('Queues shows every queue’s depth from the server, each linking to its list; the side menu shows the depths', async ({
    page,
    app,
    backend,
  }) => {
    const expected = await depths(backend);
    await openSignedIn(page, app, '/queues');
    const table = page.getByRole('table', { name: 'Queues' });
    for (const [label, depth] of Object.entries(expected)) {
      const row = table.getByRole('row', { name: new RegExp(`^${label}`) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(depth.toLocaleString('en-US'));
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    const mismatches = expected['Mismatched trading pairs'] + expected['Mismatched explorer urls'];
    await expect(nav.getByTestId('depth /mismatches')).toContainText(String(mismatches));
    await table.getByRole('link', { name: 'Mismatched explorer urls' }).click();
    await expect(page.getByRole('heading', { name: 'Explorer Urls', level: 1 })).toBeVisible();
  });

  test('a likely duplicate said not to be one is not suggested again, after a restart too', async ({
    page,
    app,
    backend,
  }) => {
    await open(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    // The first row with a suggestion: its button names the best candidate.
    const row = rows(page)
      .filter({ has: page.getByTestId('likely duplicates') })
      .first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const suggestion = row.getByTestId('likely duplicates');
    const detected = (await row.locator('td').nth(4).textContent())!.trim();
    await suggestion.click();
    const list = page.getByRole('list', { name: 'Likely duplicates' });
    const first = list.locator('li.dqc-candidate').first();
    const candidate = (await first.locator('strong').first().textContent())!.trim();
    await first.getByRole('button', { name: 'Not a duplicate' }).click();
    const rowAgain = rowOf(page, detected);
    await expect(rowAgain).toContainText(`${candidate}: not a duplicate.`);
    // Our server keeps it for the team too (the not-duplicates extension).
    const teamPairs = () =>
      backend.kind === 'reference'
        ? count(
            backend.server,
            'SELECT count(*)::int AS n FROM not_duplicates WHERE detected = $1',
            [detected],
          )
        : Promise.resolve(null);
    if (backend.kind === 'reference') expect(await teamPairs()).toBe(1);

    await app.restart();
    await open(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    const after = rowOf(page, detected);
    // The row's suggestions have come: another candidate, or None.
    const shown = after.getByTestId('likely duplicates');
    await expect(shown.or(after.getByText('None', { exact: true }))).toBeVisible({
      timeout: 30_000,
    });
    if (await shown.count()) {
      await shown.first().click();
      await expect(page.getByRole('list', { name: 'Likely duplicates' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Likely duplicates' }).locator('li.dqc-candidate strong', {
          hasText: new RegExp(`^${candidate.replace(/[().]/g, '\\$&')}$`),
        }),
      ).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    // Queues lists the pair, and Undo gives it back.
    await openSignedIn(page, app, '/queues');
    const pairs = page.getByRole('table', { name: 'Not duplicates' });
    const pair = pairs.getByRole('row', { name: new RegExp(detected) });
    await expect(pair).toBeVisible();
    await pair.getByRole('button', { name: 'Undo' }).click();
    await expect(pairs).toContainText('No pair has been dismissed.');
    if (backend.kind === 'reference') expect(await teamPairs()).toBe(0);
  });

  test('a queue worked by keys: the next record, its Delete and the confirm', async ({
    page,
    app,
  }) => {
    await open(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    const [, second] = await firstUrls(page, 2);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    // The focus is in the second record's row (on its first control).
    await expect(rowOf(page, second!).locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Shift+D');
    await answerConfirm(page, 'Are you sure you want to delete this Url', 'Yes!');
    await expect(rowOf(page, second!)).toHaveCount(0);
  });

  test('a bulk delete of mismatched urls: named and said final before it starts, each write in the journal', async ({
    page,
    app,
  }) => {
    await open(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    const urls = await firstUrls(page, 3);
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+X');
    const bar = page.getByRole('group', { name: 'Chosen records' });
    await expect(bar).toContainText('3 chosen');
    await bar.getByRole('button', { name: 'Delete chosen' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Delete 3 explorer urls' });
    await expect(dialog).toContainText(urls.join(', '));
    await expect(dialog).toContainText('None of these 3 can be undone.');
    await dialog.getByRole('button', { name: 'Yes!' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Delete 3 explorer urls: done' }),
    ).toContainText('3 of 3 written', { timeout: 30_000 });
    for (const url of urls) await expect(rowOf(page, url)).toHaveCount(0);
    // The journal has each write, under one run, named by its url.
    const journal = await app.host.core.dispatch('journal.list', {
      area: 'mismatches',
      pageSize: 50,
    });
    expect(journal.ok).toBe(true);
    const { entries: all } = (journal.ok ? journal.data : { entries: [] }) as JournalPage;
    const entries = all.filter(
      (e) => e.channel === 'mismatches.deleteMismatchExplorerUrl' && e.runId !== null,
    );
    expect(entries.map((e) => e.target).sort()).toEqual([...urls].sort());
    expect(new Set(entries.map((e) => e.runId)).size).toBe(1);
    expect(entries.every((e) => e.outcome === 'ok' && e.before?.url === e.target)).toBe(true);
    // And on the Journal screen.
    await openSignedIn(page, app, '/journal');
    for (const url of urls)
      await expect(page.getByText(url, { exact: true }).first()).toBeVisible();
  });

  test('the likely duplicates, Compare, the chosen records and a History have no serious axe violation', async ({
    page,
    app,
  }) => {
    await open(page, app, '/cryptoCurrency/get-newCurrencies', 'List New Crypto Currencies');
    const suggestion = rows(page).getByTestId('likely duplicates').first();
    await expect(suggestion).toBeVisible({ timeout: 30_000 });
    await suggestion.click();
    const list = page.getByRole('list', { name: 'Likely duplicates' });
    await expect(list).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    await list.getByRole('button', { name: 'Compare' }).first().click();
    await expect(page.getByRole('table', { name: 'Compare' })).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);

    await open(page, app, '/mismatches/get-explorerUrls', 'Explorer Urls');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect(page.getByRole('group', { name: 'Chosen records' })).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
    await page.keyboard.press('i');
    await expect(page.getByRole('table', { name: /^History of / })).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page)).toEqual([]);
  });
});
