import { test as base, expect, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/testServer';
import { launchConsole, type ConsoleApp } from './fixtures';

export { expect };

interface InsightFixtures {
  /**
   * Our reference server, fresh for each test: a model run re-scores every item and a decision
   * is recorded in its history, so each test reads data no other test (or run) is changing.
   */
  own: TestServer;
  app: ConsoleApp;
}

export const test = base.extend<InsightFixtures>({
  // eslint-disable-next-line no-empty-pattern
  own: async ({}, use) => {
    const server = await startTestServer('pglite');
    await use(server);
    await server.close();
  },
  app: async ({ own }, use) => {
    const app = await launchConsole(own.url);
    await use(app);
    await app.close();
  },
});

/** The Review filter form. */
export const filterForm = (page: Page) => page.getByRole('form', { name: 'Review filter' });

/** The NLP ratio each card shows, in the order of the cards (SPEC.md 9: cut to 5 characters). */
export async function shownRatios(page: Page): Promise<number[]> {
  const texts = await page.locator('[data-item-id] .dqc-ratio').allTextContents();
  return texts.map(Number);
}

/** The Sort By Detect Time options, read from its open dropdown, which is closed again. */
export async function sortOptions(page: Page): Promise<string[]> {
  await filterForm(page).getByLabel('Sort By Detect Time').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  const titles = await dropdown
    .locator('.ant-select-item-option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
  return titles;
}
