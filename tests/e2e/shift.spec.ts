/**
 * The shift panel (docs/user-guide.md, A reviewer's shift): decisions made on Review are counted on
 * /shift and in the top bar, Start shift begins a new shift from zero, and the screen, chart
 * included, has no serious axe violation in either theme. Against the reference server and the real
 * core journal.
 */
import type { Page } from '@playwright/test';
import { pickTweet, searchById } from './reviewItems';
import { blockingViolations } from './axe';
import { expect, header, openSignedIn, test } from './fixtures';

// Three decisions with their reloads, then the Shift screen twice over, on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const card = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
const actions = (page: Page, id: number) => card(page, id).getByRole('group', { name: 'Actions' });
/** The card's decision tag: 'Selected' or 'Eliminated'. */
const decision = (page: Page, id: number) =>
  card(page, id).locator('.ant-card-extra .ant-tag').first();

/** The figures table's cells for a row: [this shift, today]. */
function figures(page: Page, what: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: what, exact: true }) })
    .getByRole('cell');
}

test('the shift panel counts the decisions just made on Review; Start shift starts from zero', async ({
  page,
  app,
  server,
}) => {
  const kept = await pickTweet(server, true, 70);
  const eliminated = await pickTweet(server, false, 70);
  const toReview = await pickTweet(server, true, 71);
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });

  // Eliminate a kept tweet, keep an eliminated one, review a third.
  await searchById(page, kept);
  // Each waits for the card's new state (a notice may come and go on a busy machine).
  await actions(page, kept).getByRole('button', { name: 'Eliminate' }).click();
  await expect(decision(page, kept)).toHaveText('Eliminated');
  await expect(card(page, kept).getByText('Manually changed')).toBeVisible();
  await searchById(page, eliminated);
  await actions(page, eliminated).getByRole('button', { name: 'Select' }).click();
  await expect(decision(page, eliminated)).toHaveText('Selected');
  await expect(card(page, eliminated).getByText('Manually changed')).toBeVisible();
  await searchById(page, toReview);
  await actions(page, toReview).getByRole('button', { name: 'Review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
  await expect(card(page, toReview).getByText('Reviewed by reviewer1')).toBeVisible();

  // The top bar follows the journal on every screen, and links to the Shift screen.
  const figure = page.getByRole('link', { name: /^Shift: 3 decisions/ });
  await expect(figure).toBeVisible();
  await figure.click();
  await expect(page).toHaveURL(/#\/shift$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shift' })).toBeVisible();
  await expect(figures(page, 'Kept')).toHaveText(['1', '1']);
  await expect(figures(page, 'Eliminated')).toHaveText(['1', '1']);
  await expect(figures(page, 'Reviewed')).toHaveText(['1', '1']);
  await expect(figures(page, 'Keywords added')).toHaveText(['0', '0']);
  await expect(figures(page, 'All decisions')).toHaveText(['3', '3']);
  // The chart's text alternative holds the same three items.
  await expect(page.getByText(/^3 items in \d+ quarter hours? from /)).toBeVisible();
  // What is left in Review's current filter (a search by id: its filter without the id).
  await expect(
    page.getByText(/^\d+ tweets not reviewed in the current Review filter\.$/),
  ).toBeVisible();

  // The chart (its own chunk) is drawn, and the screen passes axe in both themes.
  await expect(page.locator('.dqc-shift-chart canvas')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.dqc-shift-chart canvas')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // Start shift: this shift begins now; today keeps its count.
  await page.getByRole('button', { name: 'Start shift' }).click();
  await expect(figures(page, 'All decisions')).toHaveText(['0', '3']);
  await expect(figures(page, 'Kept')).toHaveText(['0', '1']);
  await expect(page.getByRole('link', { name: 'Shift: 0 decisions' })).toBeVisible();
  await expect(page.getByText(/\(Start shift\)\.$/)).toBeVisible();

  // Kept per user: a reload still counts from Start shift; Count from sign-in goes back.
  await page.reload();
  await expect(figures(page, 'All decisions')).toHaveText(['0', '3']);
  await page.getByRole('button', { name: 'Count from sign-in' }).click();
  await expect(figures(page, 'All decisions')).toHaveText(['3', '3']);
});
