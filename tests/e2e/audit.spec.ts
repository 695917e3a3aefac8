/**
 * The blind audit on our server (the audit extension; docs/user-guide.md, Quality): reviewer1
 * starts a 20-item team sample on the Quality screen, answers every card in Review's Audit mode
 * (blind until answered: no decision and no ratio on the card), and the Quality screen then shows
 * the figures with their intervals, each linking to Review with exactly the audited items behind
 * it. On a server of its own: the answers are decisions that change the demo data other tests read.
 */
import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/testServer';
import { expect, launchConsole, openSignedIn, test } from './fixtures';
import { expectDrillDownToAuditedTweets } from './auditDrillDown';

test.describe.configure({ timeout: 240_000 });

const auditCard = (page: Page) => page.getByRole('region', { name: 'Audit card' });

/** The ids reviewer1 answered, by source, as the server recorded them. */
async function answeredIds(server: TestServer, source: 'tweets' | 'news'): Promise<number[]> {
  const rows = await server.context.db.query<{ item_id: string }>(
    `SELECT i.item_id FROM audit_answers AS a JOIN audit_items AS i ON i.id = a.audit_item_id
      WHERE a.reviewer = 'reviewer1' AND i.service = $1 ORDER BY i.item_id`,
    [source],
  );
  return rows.map((row) => Number(row.item_id));
}

test('an audit of 20 items answered blind, its figures on the Quality screen, and the drill-down to exactly those items', async ({
  page,
}) => {
  const server = await startTestServer('pglite');
  const app = await launchConsole(server.url);
  try {
    await openSignedIn(page, app, '/quality');
    await expect(page.getByRole('heading', { level: 1, name: 'Quality' })).toBeVisible({
      timeout: 30_000,
    });
    // The demo data lies about a month back: a window of a year, and a sample of 20.
    await page.getByLabel('Window in days').fill('365');
    await page.getByLabel('Items in the sample').fill('20');
    await page.getByRole('button', { name: 'Start an audit' }).click();
    await page.getByRole('link', { name: 'Answer on Review' }).click();

    for (let answered = 0; answered < 20; answered++) {
      const card = auditCard(page);
      await expect(card.getByRole('button', { name: 'Keep' })).toBeVisible({ timeout: 30_000 });
      // Blind: nothing on the page says what the classifier decided, nor its ratio.
      await expect(page.getByText(/\bratio\b|The classifier had/)).toHaveCount(0);
      await expect(card).not.toContainText(/Selected|Eliminated|Kept|reviewed|\b0\.\d{3}\b/);
      await page.keyboard.press(answered % 2 === 0 ? 's' : 'e');
      await expect(page.getByText(/^The classifier had (kept|eliminated) it/)).toBeVisible();
      await page.keyboard.press('n');
    }
    await expect(page.getByText('This audit is complete.')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'See the estimates on the Quality screen' }).click();
    const estimates = page.getByRole('table', { name: 'Estimates' });
    await expect(estimates).toContainText('Accuracy');
    // A figure comes with its 95% interval, never bare.
    await expect(estimates).toContainText(/\d+(\.\d)?% \(\d+(\.\d)?–\d+(\.\d)?%\)/);

    const tweets = await answeredIds(server, 'tweets');
    await expectDrillDownToAuditedTweets(page, tweets);
  } finally {
    await app.close();
    await server.close();
  }
});
