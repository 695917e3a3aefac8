/**
 * The blind audit against the spec-only provider stand-in (tests/support/specProvider), which
 * offers no audit extension: core draws the user's own sample from SPEC.md 7's filter and count
 * calls and keeps it. 20 items answered blind in Review's Audit mode, the Quality screen's figures
 * with their intervals, and the drill-down to exactly the audited tweets. Our server's team
 * sample: audit.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { AuditAnswers } from '../../src/shared/quality/auditChannels';
import { expectDrillDownToAuditedTweets } from './auditDrillDown';
import { expect, openAt, test } from './providerFixtures';

test.describe.configure({ timeout: 240_000 });

const auditCard = (page: Page) => page.getByRole('region', { name: 'Audit card' });

test('against the spec provider: an own audit of 20 items answered blind, its figures, and the drill-down to exactly those items', async ({
  page,
  app,
}) => {
  await openAt(page, app, '/quality');
  await expect(page.getByRole('heading', { level: 1, name: 'Quality' })).toBeVisible({
    timeout: 30_000,
  });
  // The stand-in's items are from 2024, further back than the screen's window of at most a
  // year: the sample of 20 is drawn through core's channel with a window reaching them.
  const started = await app.host.core.dispatch('audit.start', {
    size: 20,
    from: '2024-01-01T00:00',
  });
  expect(started.ok).toBe(true);
  await page.reload();
  await expect(page.getByText('0 of 20 drawn', { exact: false })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Answer on Review' }).click();

  for (let answered = 0; answered < 20; answered++) {
    const card = auditCard(page);
    await expect(card.getByRole('button', { name: 'Keep' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/\bratio\b|The classifier had/)).toHaveCount(0);
    await page.keyboard.press(answered % 2 === 0 ? 's' : 'e');
    await expect(page.getByText(/^The classifier had (kept|eliminated) it/)).toBeVisible();
    await page.keyboard.press('n');
  }
  await expect(page.getByText('This audit is complete.')).toBeVisible({ timeout: 30_000 });

  // The ids core kept for this user's answers.
  const kept = await app.host.core.dispatch('audit.answers', undefined);
  expect(kept.ok).toBe(true);
  const answers = kept.ok ? ((kept.data as AuditAnswers).current?.answers ?? []) : [];
  expect(answers).toHaveLength(20);
  const tweets = answers
    .filter((answer) => answer.stratum.source === 'tweets')
    .map((answer) => answer.itemId)
    .sort((a, b) => a - b);

  await page.getByRole('link', { name: 'See the estimates on the Quality screen' }).click();
  const estimates = page.getByRole('table', { name: 'Estimates' });
  await expect(estimates).toContainText(/\d+(\.\d)?% \(\d+(\.\d)?–\d+(\.\d)?%\)/);
  await expectDrillDownToAuditedTweets(page, tweets);
});
