/**
 * The Model runs screen against our reference server (DESIGN.md, Extensions): Model on Review
 * starts a run, the screen lists it and follows it to its result, its changes are listed and
 * filtered, and Review these opens Review on exactly those items.
 */
import { blockingViolations } from './axe';
import { chooseOption, header, openSignedIn } from './fixtures';
import { expect, filterForm, test } from './insightFixtures';
import { changedCounts, headerTotal, RESULT_LINE } from './insightRunsPages';

// A fresh server and console, and a model run over the demo corpus: minutes on a loaded machine.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 800 } });

test('Model on Review → Model runs lists the run with its result; its changes, filtered, open on Review', async ({
  page,
  app,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await filterForm(page)
    .getByRole('button', { name: /Model$/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();

  // The side menu lists Model runs (the server offers it); the list follows the run to its end.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Model runs', exact: true }).click();
  await expect(page).toHaveURL(/#\/model-runs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Model runs' })).toBeVisible();
  const runs = page.getByRole('table', { name: 'Model runs' });
  const newest = runs.locator('tbody tr[data-row-key]').first();
  await expect(newest).toContainText('Tweets');
  await expect(newest).toContainText('reviewer1');
  await expect(newest).toContainText('Finished', { timeout: 200_000 });
  await expect(newest).toContainText(/kept → eliminated/);
  expect(await blockingViolations(page)).toEqual([]);

  // Opened (by its link, from the keyboard): its result line and its changes.
  await newest.getByRole('link', { name: /^Open run \d+/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/model-runs\?run=\d+$/);
  const runId = Number(/run=(\d+)/.exec(page.url())![1]);
  const result = page.getByText(RESULT_LINE);
  await expect(result).toBeVisible();
  const counts = changedCounts((await result.textContent()) ?? '');
  const changes = page.getByRole('table', { name: `Items run ${runId} changed` });
  expect(await headerTotal(page)).toBe(counts.changed);
  if (counts.changed > 0)
    await expect(changes.locator('tbody tr[data-row-key]').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Filtered by the direction that moved the most decisions (ratio only if none moved).
  const [direction, expected] =
    counts.keptToEliminated === 0 && counts.eliminatedToKept === 0
      ? (['Ratio only (same decision)', counts.changed] as const)
      : counts.keptToEliminated >= counts.eliminatedToKept
        ? (['Kept → eliminated', counts.keptToEliminated] as const)
        : (['Eliminated → kept', counts.eliminatedToKept] as const);
  await chooseOption(page, page.getByLabel('Direction'), direction);
  await expect(page).toHaveURL(/direction=/);
  if (direction !== 'Ratio only (same decision)') {
    await expect.poll(() => headerTotal(page)).toBe(expected);
    const decision = direction === 'Kept → eliminated' ? 'Kept → Eliminated' : 'Eliminated → Kept';
    const rows = changes.locator('tbody tr[data-row-key]');
    const shown = await rows.count();
    expect(shown).toBe(Math.min(expected, 50));
    for (let i = 0; i < shown; i += 1) await expect(rows.nth(i)).toContainText(decision);
  }
  const total = await headerTotal(page);
  expect(total).toBeGreaterThan(0);

  // Review these: Review on exactly those items, the same number.
  await page.getByRole('button', { name: 'Review these' }).click();
  await expect(page).toHaveURL(new RegExp(`#/filter\\?.*modelRunId=${runId}`));
  await expect(header(page)).toHaveText(new RegExp(`of ${total} results$`), { timeout: 30_000 });
  await expect(page.locator('[data-item-id]').first()).toBeVisible();
});
