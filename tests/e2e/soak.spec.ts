/**
 * Soak (RELIABILITY.md): a compressed eight-hour shift. The reference server issues access
 * tokens of a few seconds, so core refreshes (and the refresh token rotates) many times while a
 * script reviews in Chromium: Select / Eliminate with the s / e keys, paging with n, the review
 * filter, keywords added (then found by 'Contains') and deleted, and an ecosystem tag renamed in
 * its reference list. Afterwards: no sign-out ever happened, and every action the script did is
 * in the database. DQC_SOAK_SECONDS sets the length (default 40 s, for CI); the figures are
 * printed and written to DQC_SOAK_REPORT (default test-results/soak.json).
 *
 * Core talks to the server through the fault proxy left in pass-through, only to count refreshes.
 */
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startFaultProxy } from '../support/faultProxy';
import { startTestServer } from '../support/testServer';
import { chooseOption, expect, header, launchConsole, signIn, test } from './fixtures';

const SECONDS = Number(process.env.DQC_SOAK_SECONDS ?? 40);
const ACCESS_TTL_SECONDS = Number(process.env.DQC_SOAK_ACCESS_TTL ?? 3);
const REPORT = resolve(__dirname, '../..', process.env.DQC_SOAK_REPORT ?? 'test-results/soak.json');
const REVIEWER = 'reviewer1';

test.describe.configure({ timeout: (SECONDS + 180) * 1_000 });

const PLAIN = 'NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const card = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
const decisionOf = (page: Page, id: number) =>
  card(page, id).locator('.ant-card-extra .ant-tag').first();
const keywordRow = (page: Page, keyword: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: keyword, exact: true }) });

test('an eight-hour shift compressed: tokens rotate, no sign-out, no action lost', async ({
  page,
}) => {
  const server = await startTestServer('pglite', { accessTokenTtlSeconds: ACCESS_TTL_SECONDS });
  const proxy = await startFaultProxy(server.url);
  const app = await launchConsole(proxy.url);
  const signOuts: string[] = [];
  const stop = app.host.core.onEvent((event) => {
    if (event.type === 'session.signedOut') signOuts.push(event.reason);
  });
  const db = server.context.db;
  const run = Date.now().toString(36);

  /** What the script did, to be found in the database afterwards. */
  const decided = new Map<number, boolean>();
  const keywordsAdded: string[] = [];
  const keywordsDeleted: string[] = [];
  const tagsRenamed = new Map<string, string>();
  const counts = {
    decisions: 0,
    pages: 0,
    filters: 0,
    keywordAdds: 0,
    keywordDeletes: 0,
    saves: 0,
  };
  let loginScreenSeen = 0;

  const signInHeading = page.getByRole('heading', { name: 'Sign in' });
  /** Called after every action: the login screen must never show. */
  const stillSignedIn = async () => {
    if ((await signInHeading.count()) > 0) loginScreenSeen += 1;
    expect(loginScreenSeen, 'the login screen appeared').toBe(0);
    expect(signOuts, 'session.signedOut events').toEqual([]);
  };

  /** Select / Eliminate the focused card the other way (s on eliminated, e on kept). */
  const decideFocused = async (): Promise<boolean> => {
    const id = Number(await page.locator('.dqc-card-focused').getAttribute('data-item-id'));
    const [row] = await db.query<{ selected: boolean; plain: boolean }>(
      `SELECT selected, (${PLAIN}) AS plain FROM tweets WHERE id = $1`,
      [id],
    );
    if (!row?.plain || decided.has(id)) return false;
    const keep = !row.selected;
    await page.keyboard.press(keep ? 's' : 'e');
    decided.set(id, keep);
    counts.decisions += 1;
    await expect(decisionOf(page, id)).toHaveText(keep ? 'Selected' : 'Eliminated');
    return true;
  };

  const nextPage = async () => {
    const before = await header(page).innerText();
    await page.keyboard.press('n');
    await expect(header(page)).not.toHaveText(before);
    counts.pages += 1;
  };

  /** Decides `n` cards not decided yet, turning pages (up to five) when a page has none left. */
  const reviewSome = async (n: number) => {
    let done = 0;
    for (let turn = 0; turn < 5 && done < n; turn += 1) {
      if (turn > 0) await nextPage();
      await expect(header(page)).toBeVisible();
      const cards = page.locator('[data-item-id]');
      await expect(cards.first()).toBeVisible();
      const total = await cards.count();
      // Focus the first card, then walk down with j.
      await cards.first().click({ position: { x: 5, y: 5 } });
      for (let i = 0; i < total && done < n; i += 1) {
        if (await decideFocused()) done += 1;
        await stillSignedIn();
        await page.keyboard.press('j');
      }
    }
  };

  const refilter = async () => {
    await page
      .getByRole('form', { name: 'Review filter' })
      .getByRole('button', { name: /Filter$/ })
      .click();
    await expect(page.locator('[data-item-id]').first()).toBeVisible();
    counts.filters += 1;
  };

  const keywordRound = async (cycle: number) => {
    await nav(page).getByRole('link', { name: 'Keyword', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'List Keywords', level: 1 })).toBeVisible();
    const keyword = `soak-${run}-${cycle}`;
    await page.getByRole('tab', { name: 'Add Keyword' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Keyword' });
    await dialog.getByLabel('Keyword').fill(keyword);
    await chooseOption(page, dialog.getByLabel('Type'), 'IMPORTANT');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    keywordsAdded.push(keyword);
    counts.keywordAdds += 1;
    await stillSignedIn();

    // Every other round the previous round's keyword is found by 'Contains' and deleted.
    const previous = `soak-${run}-${cycle - 1}`;
    if (cycle % 2 === 1 && keywordsAdded.includes(previous)) {
      const form = page.getByRole('form', { name: 'Keyword filter' });
      await form.getByLabel('Contains').fill(previous);
      await form.getByRole('button', { name: 'Filter' }).click();
      counts.filters += 1;
      await keywordRow(page, previous).getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: 'Are you sure to the delete this keyword' })
        .getByRole('button', { name: 'Yes!' })
        .click();
      await expect(keywordRow(page, previous)).toHaveCount(0);
      keywordsDeleted.push(previous);
      counts.keywordDeletes += 1;
      await form.getByLabel('Contains').fill('');
      await form.getByRole('button', { name: 'Filter' }).click();
      await stillSignedIn();
    }
  };

  const renameEcosystemTag = async (cycle: number) => {
    const [tag] = await db.query<{ unique_name: string }>(
      'SELECT unique_name FROM ecosystem_tags ORDER BY id OFFSET $1 LIMIT 1',
      [cycle % 40],
    );
    const uniqueName = tag!.unique_name;
    const name = `Soak ${run} ${cycle}`;
    await nav(page).getByRole('link', { name: 'Ecosystem Tag', exact: true }).click();
    const form = page.getByRole('form', { name: 'Ecosystem tag filter' });
    await form.getByLabel('Ecosystem Tag Contains').fill(uniqueName);
    await form.getByRole('button', { name: 'Filter' }).click();
    counts.filters += 1;
    const row = page
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: uniqueName, exact: true }) });
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Unique Name') });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').first()).toHaveText(name);
    tagsRenamed.set(uniqueName, name);
    counts.saves += 1;
    await stillSignedIn();
  };

  const started = Date.now();
  try {
    await page.goto(app.url);
    await signIn(page, REVIEWER);
    await expect(header(page)).toBeVisible({ timeout: 30_000 });

    let cycle = 0;
    while (Date.now() - started < SECONDS * 1_000) {
      await reviewSome(4);
      await nextPage();
      await reviewSome(4);
      await refilter();
      await keywordRound(cycle);
      await renameEcosystemTag(cycle);
      await nav(page).getByRole('link', { name: 'Review', exact: true }).click();
      await stillSignedIn();
      cycle += 1;
    }
    const seconds = Math.round((Date.now() - started) / 1_000);

    // Every action is in the database.
    const lost: string[] = [];
    const ids = [...decided.keys()];
    const rows = await db.query<{ id: number; selected: boolean; by: string | null }>(
      'SELECT id, selected, manually_changed_by AS by FROM tweets WHERE id = ANY($1::int[])',
      [ids],
    );
    for (const [id, keep] of decided) {
      const row = rows.find((r) => Number(r.id) === id);
      if (!row || row.selected !== keep || row.by !== REVIEWER) {
        lost.push(`tweet ${id}: ${keep ? 'Select' : 'Eliminate'} (db ${JSON.stringify(row)})`);
      }
    }
    const keywords = new Set(
      (
        await db.query<{ keyword: string }>(
          'SELECT keyword FROM tweet_keywords WHERE keyword LIKE $1',
          [`soak-${run}-%`],
        )
      ).map((r) => r.keyword),
    );
    for (const k of keywordsAdded) {
      const deleted = keywordsDeleted.includes(k);
      if (keywords.has(k) === deleted) lost.push(`keyword ${k}: ${deleted ? 'delete' : 'add'}`);
    }
    for (const [uniqueName, name] of tagsRenamed) {
      const [row] = await db.query<{ name: string }>(
        'SELECT name FROM ecosystem_tags WHERE unique_name = $1',
        [uniqueName],
      );
      if (row?.name !== name) lost.push(`ecosystem tag ${uniqueName}: rename to ${name}`);
    }

    const refreshes = proxy.log.filter((r) => r.path === '/refresh');
    const figures = {
      seconds,
      accessTokenTtlSeconds: ACCESS_TTL_SECONDS,
      cycles: cycle,
      actions: Object.values(counts).reduce((a, b) => a + b, 0),
      ...counts,
      refreshes: refreshes.filter((r) => r.status === 200).length,
      refreshesFailed: refreshes.filter((r) => r.status !== 200).length,
      dataCalls: proxy.log.filter(
        (r) => !['/refresh', '/sign-in', '/dqc-sign-out'].includes(r.path),
      ).length,
      signOuts: signOuts.length,
      loginScreenSeen,
      lostActions: lost.length,
      lost,
      finishedAt: new Date().toISOString(),
    };
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`soak figures (${REPORT}):\n${JSON.stringify(figures, null, 2)}`);

    expect(counts.decisions, 'the script did review').toBeGreaterThan(0);
    expect(
      figures.refreshes,
      'the access token was refreshed (and the refresh token rotated)',
    ).toBeGreaterThan(0);
    expect(signOuts, 'no sign-out').toEqual([]);
    expect(loginScreenSeen).toBe(0);
    expect(lost, 'no lost action').toEqual([]);
  } finally {
    stop();
    await app.close();
    await proxy.close();
    await server.close();
  }
});
