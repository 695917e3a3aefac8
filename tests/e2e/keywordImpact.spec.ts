/**
 * Keyword impact before saving (DESIGN.md, Extensions), against our reference server: in the
 * keyword list's Add Keyword, the preview follows what is typed, with figures per service and the
 * keyword marked in the most recent matches.
 */
import type { Locator, Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';
import { KEYWORD_IMPACT_LABEL } from '../../src/renderer/domain/insight/keywordImpactText';

test.use({ viewport: { width: 1280, height: 800 } });

async function openAddKeyword(page: Page, app: ConsoleApp): Promise<Locator> {
  await openSignedIn(page, app, '/keyword/get-keywords');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Add Keyword' }).click();
  return page.getByRole('dialog', { name: 'Add Keyword' });
}

/** What the preview says for a keyword, once it says it: its heading and its figures. */
async function figuresFor(preview: Locator, keyword: string): Promise<string[]> {
  const status = preview.getByRole('status');
  await expect(status).toContainText(`Items whose text holds “${keyword}”`);
  await expect(status).toHaveAttribute('aria-busy', 'false');
  return status.getByRole('listitem').allTextContents();
}

test('the preview follows the keyword as it is typed in Add Keyword', async ({ page, app }) => {
  const dialog = await openAddKeyword(page, app);
  const box = dialog.getByLabel('Keyword');
  const preview = dialog.getByRole('region', { name: KEYWORD_IMPACT_LABEL });

  await box.pressSequentially('bitcoin', { delay: 40 });
  const bitcoin = await figuresFor(preview, 'bitcoin');
  expect(bitcoin[0]).toMatch(
    /^Tweets: [\d,]+ items? \([\d,]+ kept, [\d,]+ eliminated, [\d,]+ reviewed\)$/,
  );
  expect(bitcoin[1]).toMatch(/^News: /);
  // Under the buttons: the preview grows as its answer comes without moving Close and Add, whose
  // click would be lost if the button moved between press and release.
  const previewTop = (await preview.boundingBox())!.y;
  for (const name of ['Close', 'Add']) {
    const button = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(previewTop);
  }
  // The most recent tweets that hold it, the word marked, whatever its case.
  const recent = preview.getByRole('list', { name: 'Most recent in Tweets' });
  await expect(recent.getByRole('listitem').first()).toBeVisible();
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  const marked = await recent.locator('mark').allTextContents();
  expect(marked.length).toBeGreaterThan(0);
  for (const word of marked) expect(word.toLowerCase()).toBe('bitcoin');
  expect(await blockingViolations(page)).toEqual([]);

  // Another word: other figures, named by it.
  await box.fill('');
  await box.pressSequentially('ethereum', { delay: 40 });
  const ethereum = await figuresFor(preview, 'ethereum');
  expect(ethereum).not.toEqual(bitcoin);
  for (const word of await recent.locator('mark').allTextContents())
    expect(word.toLowerCase()).toBe('ethereum');

  // Emptied, the preview goes; the form is as usable as ever.
  await box.fill('');
  await expect(preview).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeEnabled();
});
