import type { Page } from '@playwright/test';
import { expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

/**
 * A link in a tweet leaves the console only after the user has seen its host (RELIABILITY.md,
 * checklist 15). In browser mode app.openExternal checks the link and the page opens it in a new
 * tab; the desktop app hands it to the system browser instead (tests/unit/main).
 */

async function firstTweetLink(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  const card = page.locator('[data-item-id]').first();
  const link = card.getByRole('link', { name: /^https:\/\/x\.com\// });
  await expect(link).toBeVisible();
  return { link, url: (await link.getAttribute('href'))! };
}

test.beforeEach(async ({ context }) => {
  // Nothing leaves the machine: the tweet's address answers from here.
  await context.route('https://x.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>x.com</title>' }),
  );
});

test('a tweet link asks first, naming the host; Cancel opens nothing', async ({
  page,
  app,
  context,
}) => {
  // Every window.open of the page is counted.
  await page.addInitScript(() => {
    const counted = window as unknown as { opened: number };
    counted.opened = 0;
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      counted.opened += 1;
      return open(...args);
    };
  });
  const { link, url } = await firstTweetLink(page, app);
  const pagesBefore = context.pages().length;
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Open x.com in your browser?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(url);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Then Open, the second time: the bridge answers in order, so once this tab is open, anything
  // the Cancel had started would have opened first. Exactly one tab, exactly one window.open.
  await link.click();
  await expect(dialog).toBeVisible();
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await (await opened).waitForLoadState();
  expect(await page.evaluate(() => (window as unknown as { opened: number }).opened)).toBe(1);
  expect(context.pages()).toHaveLength(pagesBefore + 1);
});

test('Open, from the keyboard, opens the tweet in a new tab', async ({ page, app, context }) => {
  const { link, url } = await firstTweetLink(page, app);
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Open x.com in your browser?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Open' })).toBeFocused();
  const opened = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(url);
  // The console's page stays where it was.
  await expect(page).toHaveURL(/#\/filter$/);
});
