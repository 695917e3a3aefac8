/**
 * Cards that stay true while others work (DESIGN.md, Several people at once): two consoles,
 * reviewer1 and reviewer2, on the same Review filter against our server. reviewer2's decision shows
 * on reviewer1's card, in place and marked with who made it, without reviewer1 reloading anything.
 */
import type { Page } from '@playwright/test';
import { expect, header, launchConsole, openSignedIn, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const cards = (page: Page) => page.locator('[data-item-id]');
const card = (page: Page, id: string) => page.locator(`[data-item-id="${id}"]`);
const decision = (page: Page, id: string) =>
  card(page, id).locator('.ant-card-extra .ant-tag').first();

test("a decision by reviewer2 shows on reviewer1's card, in place and marked", async ({
  browser,
  page,
  app,
  server,
}) => {
  // reviewer2's console: a core of its own, in a browser context of its own.
  const second = await launchConsole(server.url);
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await openSignedIn(page, app, '/filter', 'reviewer1');
    await openSignedIn(other, second, '/filter', 'reviewer2');
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
    await expect(header(other)).toBeVisible({ timeout: 30_000 });

    // A kept item both see on the same page of the same filter.
    const kept = cards(page).filter({
      has: page.locator('.ant-card-extra .ant-tag', { hasText: /^Selected$/ }),
    });
    const id = (await kept.first().getAttribute('data-item-id'))!;
    const order = await cards(page).evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-item-id')),
    );
    await expect(decision(other, id)).toHaveText('Selected');

    await card(other, id)
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Eliminate' })
      .click();
    await expect(other.getByText('Eliminate: saved')).toBeVisible();

    // reviewer1 did nothing: the card changed where it is, and says who changed it.
    await expect(decision(page, id)).toHaveText('Eliminated');
    await expect(card(page, id).getByText(/^Changed by reviewer2, \d\d:\d\d$/)).toBeVisible();
    expect(
      await cards(page).evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-item-id')),
      ),
    ).toEqual(order);
  } finally {
    await context.close();
    await second.close();
  }
});
