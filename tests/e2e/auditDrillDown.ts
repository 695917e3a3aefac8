import { expect, type Page } from '@playwright/test';

/**
 * What both audit specs check on the Quality screen: Accuracy of all audited items links to
 * Review with exactly the audited tweets (`tweets`, sorted ids, as the server or core recorded
 * them), and to nothing where none was audited.
 */
export async function expectDrillDownToAuditedTweets(page: Page, tweets: number[]) {
  const estimates = page.getByRole('table', { name: 'Estimates' });
  const allRow = estimates.getByRole('row').filter({ hasText: 'All audited items' });
  const link = allRow.getByRole('link', { name: /^Review the \d+ audited tweets behind Accuracy/ });
  await expect(link).toHaveCount(tweets.length > 0 ? 1 : 0);
  if (tweets.length === 0) return;
  await link.click();
  await expect(page.getByText(`${tweets.length} audited items`)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-item-id]')).toHaveCount(tweets.length);
  const shown = await page
    .locator('[data-item-id]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-item-id'))));
  expect([...shown].sort((a, b) => a - b)).toEqual(tweets);
}
