import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** DESIGN.md: every screen passes axe-core with no serious (or critical) violation. */
const BLOCKING = new Set(['serious', 'critical']);

/** Enough targets to find each violation; a list's hundred identical cards would drown the report. */
const SHOWN_TARGETS = 5;

/** What leaves the page: the violations only, each with its impact and its nodes' selectors. */
interface Found {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * The serious and critical violations on the page, as "rule (impact): target | target".
 *
 * axe-core runs inside the page itself, with its default rules, as @axe-core/playwright would run
 * them. That package also visits iframes, which costs a second page and a round of partial results
 * per check: on two busy cores a list screen took 7-10 s instead of 2. The console draws no iframe,
 * so a page that has one fails here rather than being checked only in part.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const frames = await page.locator('iframe, frame').count();
  if (frames > 0) {
    throw new Error(`this page has ${frames} frame(s), which the in-page axe run does not enter`);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async (): Promise<Found[]> => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const { violations } = await run(document, { resultTypes: ['violations'] });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return found
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(({ id, impact, targets }) => {
      const more =
        targets.length > SHOWN_TARGETS ? ` and ${targets.length - SHOWN_TARGETS} more` : '';
      return `${id} (${impact}): ${targets.slice(0, SHOWN_TARGETS).join(' | ')}${more}`;
    });
}

/** Waits until the screen has its title and nothing is loading any more. */
export async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A list is busy before its veil shows (ListTable's LOADING_VEIL_DELAY_MS).
  await expect(
    page.locator('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]'),
  ).toHaveCount(0);
}
