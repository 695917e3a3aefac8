/**
 * The team audit's agreement on our server (docs/user-guide.md, Quality): an item of the team
 * sample goes to two reviewers, each answers it blind in Review's Audit mode in a console of their
 * own, they disagree, and a third reviewer settles it in the Disagreements list of the Quality
 * screen: the final decision is written to the item as the third reviewer's, in the item's history
 * and in the third reviewer's journal. On a server of its own: the answers change the demo data.
 */
import type { Browser, Page } from '@playwright/test';
import type { Envelope } from '../../src/shared/bridge';
import type { JournalPage } from '../../src/shared/journal';
import { startTestServer, type TestServer } from '../support/testServer';
import { expect, launchConsole, openSignedIn, test, type ConsoleApp } from './fixtures';

test.describe.configure({ timeout: 240_000 });

const auditCard = (page: Page) => page.getByRole('region', { name: 'Audit card' });

interface Reviewer {
  app: ConsoleApp;
  page: Page;
}

async function openConsole(
  browser: Browser,
  server: TestServer,
  username: string,
  route: string,
): Promise<Reviewer> {
  const app = await launchConsole(server.url);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await openSignedIn(page, app, route, username);
  return { app, page };
}

/** Answers the cards Audit mode serves until it says there is none left; the answers given. */
async function answerAll(page: Page, keepOf: (index: number) => boolean): Promise<number> {
  let answered = 0;
  // No card left for this reviewer: Audit mode says the audit is complete.
  const noMore = page.getByText('This audit is complete.');
  for (;;) {
    const keep = auditCard(page).getByRole('button', { name: 'Keep' });
    await expect(keep.or(noMore).first()).toBeVisible({ timeout: 30_000 });
    if (await noMore.isVisible()) return answered;
    await page.keyboard.press(keepOf(answered) ? 's' : 'e');
    await expect(page.getByText(/^The classifier had (kept|eliminated) it/)).toBeVisible();
    answered += 1;
    await page.keyboard.press('n');
  }
}

test('two reviewers answer one item differently, and a third settles it: the item, its history and the journal say so', async ({
  browser,
}) => {
  const server = await startTestServer('pglite');
  const consoles: Reviewer[] = [];
  try {
    // reviewer1 draws 5 items over the demo data's year: one of them (10%, rounded) wants two
    // reviewers, and reviewer1 answers all five, keeping each.
    const first = await openConsole(browser, server, 'reviewer1', '/quality');
    consoles.push(first);
    await expect(first.page.getByRole('heading', { level: 1, name: 'Quality' })).toBeVisible({
      timeout: 30_000,
    });
    await first.page.getByLabel('Window in days').fill('365');
    await first.page.getByLabel('Items in the sample').fill('5');
    await first.page.getByRole('button', { name: 'Start an audit' }).click();
    await first.page.getByRole('link', { name: 'Answer on Review' }).click();
    expect(await answerAll(first.page, () => true)).toBe(5);

    // reviewer2 is handed the one item that wants a second reviewer, and eliminates it.
    const second = await openConsole(browser, server, 'reviewer2', '/filter?audit=1');
    consoles.push(second);
    expect(await answerAll(second.page, () => false)).toBe(1);
    const [doubled] = await server.context.db.query<{ service: string; item_id: string }>(
      `SELECT i.service, i.item_id FROM audit_items AS i
        WHERE (SELECT count(*) FROM audit_answers AS a WHERE a.audit_item_id = i.id) = 2`,
    );
    const itemId = Number(doubled!.item_id);
    const kind = doubled!.service === 'tweets' ? 'tweet' : 'news';

    // reviewer3 sees the disagreement with both answers, and settles it: Eliminate.
    const third = await openConsole(browser, server, 'reviewer3', '/quality');
    consoles.push(third);
    const list = third.page.getByRole('list', { name: 'Disagreements' });
    const item = list.getByRole('listitem', { name: `${kind} ${itemId}` });
    await expect(item).toContainText('reviewer1: Keep · reviewer2: Eliminate', {
      timeout: 30_000,
    });
    await item.getByRole('button', { name: 'Eliminate' }).click();
    await expect(third.page.getByText('Settled: Eliminate.')).toBeVisible();
    await expect(third.page.getByText('No disagreements to settle.')).toBeVisible();

    // Written to the item as reviewer3's decision, and in its history.
    const table = doubled!.service === 'tweets' ? 'tweets' : 'news';
    const [row] = await server.context.db.query<{
      selected: boolean;
      manually_changed_by: string;
    }>(`SELECT selected, manually_changed_by FROM ${table} WHERE id = $1`, [itemId]);
    expect(row).toEqual({ selected: false, manually_changed_by: 'reviewer3' });
    const history = await server.context.db.query<{ actor: string; call: string }>(
      `SELECT actor, call FROM item_history WHERE service = $1 AND item_id = $2 ORDER BY at, id`,
      [doubled!.service, itemId],
    );
    expect(history.at(-1)).toEqual({
      actor: 'reviewer3',
      call: 'POST /dqc-extensions/audit/settlements',
    });
    // And in reviewer3's journal, naming the item.
    const journal = (await third.app.host.core.dispatch(
      'journal.list',
      {},
    )) as Envelope<JournalPage>;
    expect(journal.ok).toBe(true);
    const entries = journal.ok ? journal.data.entries : [];
    expect(
      entries.some(
        (entry) =>
          entry.channel === 'audit.settle' &&
          entry.outcome === 'ok' &&
          entry.target === `${kind} ${itemId}`,
      ),
    ).toBe(true);
  } finally {
    for (const { app, page } of consoles) {
      await page.context().close();
      await app.close();
    }
    await server.close();
  }
});
