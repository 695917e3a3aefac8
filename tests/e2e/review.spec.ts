import type { Locator, Page } from '@playwright/test';
import { chooseOption, expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';
import type { TestServer } from '../support/testServer';

async function openReview(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/filter');
  // The first page after sign-in loads the Review chunk and three server calls; on a loaded
  // two-core CI machine that can take longer than the default wait.
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
}

/** An item id of the given state, skipping ids other tests use. */
async function pickId(
  server: TestServer,
  table: 'tweets' | 'news',
  where: string,
  offset = 0,
): Promise<number> {
  const rows = await server.context.db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE ${where} AND NOT manually_changed AND reviewed_by IS NULL ORDER BY id OFFSET ${offset} LIMIT 1`,
  );
  return Number(rows[0]!.id);
}

async function searchById(page: Page, id: number, type: 'Tweets' | 'News' = 'Tweets') {
  const filter = page.getByRole('form', { name: 'Review filter' });
  if (type === 'News') {
    await chooseOption(page, filter.getByLabel('Filter Type'), 'News');
  }
  await filter.getByLabel('Search with Data Id').check();
  await filter.getByLabel('Data Id', { exact: true }).fill(String(id));
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator(`[data-item-id="${id}"]`)).toBeVisible();
}

const card = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);
/** A card's action buttons (the form's own clear buttons are not actions). */
const actions = (page: Page, id: number) => card(page, id).getByRole('group', { name: 'Actions' });
/** The keyword-type select of a card, whose shown value is the chosen type. */
const typeSelect = (form: Locator) =>
  form.locator('.ant-select', { has: form.page().getByLabel('Keyword Type') });

test.describe('review list', () => {
  test('shows pages of 20 with the zero-based header, and pages with >>', async ({
    page,
    app,
    server,
  }) => {
    const [{ n }] = (await server.context.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tweets WHERE detect_time >= '2022-01-01'",
    )) as [{ n: number }];
    await openReview(page, app);
    await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${n} results`);
    await expect(page.locator('[data-item-id]')).toHaveCount(20);
    await page.getByRole('listitem', { name: 'Next Page' }).click();
    await expect(header(page)).toHaveText(`You see ( 20 - 40 ) of ${n} results`);
    await expect(page.getByText('>>')).toBeVisible();
  });

  // Each filter on its own test: one narrowing each, from a fresh screen.
  const count = async (server: TestServer, sql: string) =>
    (await server.context.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0]!.n;

  test('Is Eliminated narrows the results as the data says', async ({ page, app, server }) => {
    await openReview(page, app);
    const filter = page.getByRole('form', { name: 'Review filter' });
    await chooseOption(page, filter.getByLabel('Is Eliminated'), 'Yes');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(
      new RegExp(
        `of ${await count(server, "tweets WHERE NOT selected AND detect_time >= '2022-01-01'")} results$`,
      ),
    );
    await expect(
      page.locator('[data-item-id]').first().getByText('Eliminated', { exact: true }),
    ).toBeVisible();
  });

  test('a keyword narrows eliminated tweets as the data says', async ({ page, app, server }) => {
    await openReview(page, app);
    const filter = page.getByRole('form', { name: 'Review filter' });
    await chooseOption(page, filter.getByLabel('Is Eliminated'), 'Yes');
    await filter.getByLabel('Filter with Keyword').fill('bitcoin');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(
      new RegExp(
        `of ${await count(server, "tweets WHERE NOT selected AND 'bitcoin' = ANY(detected_keywords)")} results$`,
      ),
    );
  });

  test('Filter Type News with a keyword shows news as the data says', async ({
    page,
    app,
    server,
  }) => {
    await openReview(page, app);
    const filter = page.getByRole('form', { name: 'Review filter' });
    await chooseOption(page, filter.getByLabel('Filter Type'), 'News');
    await chooseOption(page, filter.getByLabel('Is Eliminated'), 'Yes');
    await filter.getByLabel('Filter with Keyword').fill('bitcoin');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(header(page)).toHaveText(
      new RegExp(
        `of ${await count(server, "news WHERE NOT selected AND 'bitcoin' = ANY(detected_keywords)")} results$`,
      ),
    );
    await expect(page.locator('[data-item-id]').first().getByText('Currencies')).toBeVisible();
  });

  test('Search with Data Id disables every other filter and shows that one item', async ({
    page,
    app,
  }) => {
    await openReview(page, app);
    const filter = page.getByRole('form', { name: 'Review filter' });
    await expect(filter.getByLabel('Data Id', { exact: true })).toBeDisabled();
    await filter.getByLabel('Search with Data Id').check();
    for (const label of [
      'Filter with Keyword',
      'Is Eliminated',
      'Is Manually Changed',
      'Is Reviewed',
      'Reviewed By',
      'Sort By Detect Time',
    ]) {
      await expect(filter.getByLabel(label)).toBeDisabled();
    }
    await expect(filter.getByPlaceholder('Select date').first()).toBeDisabled();
    await filter.getByLabel('Data Id', { exact: true }).fill('42');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('[data-item-id]')).toHaveCount(1);
    await expect(card(page, 42)).toBeVisible();
  });
});

test.describe('item states and actions', () => {
  test('each card state shows exactly its actions', async ({ page, app, server }) => {
    await openReview(page, app);
    const similarity = await pickId(server, 'tweets', 'eliminated_by_similarity');
    await searchById(page, similarity);
    await expect(
      card(page, similarity).getByText('This Data Eliminated By Similarity'),
    ).toBeVisible();
    await expect(card(page, similarity).getByRole('button')).toHaveCount(0);

    const quoted = await pickId(server, 'tweets', 'eliminated_by_quoted_post');
    await page
      .getByRole('form', { name: 'Review filter' })
      .getByLabel('Data Id', { exact: true })
      .fill(String(quoted));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(card(page, quoted).getByText('This Data Eliminated By Quoted Post')).toBeVisible();
    await expect(card(page, quoted).getByRole('button')).toHaveCount(0);

    const selected = await pickId(server, 'tweets', 'selected');
    await page
      .getByRole('form', { name: 'Review filter' })
      .getByLabel('Data Id', { exact: true })
      .fill(String(selected));
    await page.getByRole('button', { name: 'Filter' }).click();
    // SPEC.md 4's buttons, and the opposite decision on every card (Eliminate on a kept one).
    await expect(actions(page, selected).getByRole('button')).toHaveText([
      'Add Keyword',
      'Select',
      'Eliminate',
      'Review',
    ]);

    const eliminated = await pickId(
      server,
      'tweets',
      'NOT selected AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post',
    );
    await page
      .getByRole('form', { name: 'Review filter' })
      .getByLabel('Data Id', { exact: true })
      .fill(String(eliminated));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(actions(page, eliminated).getByRole('button')).toHaveText([
      'Select',
      'Eliminate',
      'Review',
    ]);
  });

  test('Eliminate and Select record a manual change by the signed-in reviewer', async ({
    page,
    app,
    server,
  }) => {
    await openReview(page, app);
    const eliminated = await pickId(
      server,
      'tweets',
      'NOT selected AND NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post',
      3,
    );
    await searchById(page, eliminated);
    await card(page, eliminated).getByRole('button', { name: 'Eliminate' }).click();
    await expect(card(page, eliminated).getByText('Manually changed')).toBeVisible();
    const [row] = await server.context.db.query<{ manually_changed_by: string; selected: boolean }>(
      `SELECT manually_changed_by, selected FROM tweets WHERE id = ${eliminated}`,
    );
    expect(row).toEqual({ manually_changed_by: 'reviewer1', selected: false });

    const selected = await pickId(server, 'news', 'selected', 2);
    await page
      .getByRole('form', { name: 'Review filter' })
      .getByLabel('Search with Data Id')
      .uncheck();
    await searchById(page, selected, 'News');
    await card(page, selected).getByRole('button', { name: 'Select' }).click();
    await expect(card(page, selected).getByText('Manually changed')).toBeVisible();
  });

  test('Add Keyword needs a keyword, resets the form, then the keyword is suggested', async ({
    page,
    app,
    server,
  }) => {
    await openReview(page, app);
    const selected = await pickId(server, 'tweets', 'selected', 5);
    await searchById(page, selected);
    const form = card(page, selected);
    await form.getByRole('button', { name: 'Add Keyword' }).click();
    await expect(form.getByText('Please enter a keyword')).toBeVisible();
    await expect(typeSelect(form)).toContainText('NO_FILTER');
    await form.getByLabel('Keyword', { exact: true }).fill('e2e-halving');
    await chooseOption(page, form.getByLabel('Keyword Type'), 'IMPORTANT');
    await form.getByRole('button', { name: 'Add Keyword' }).click();
    await expect(page.getByText('Add Keyword: saved')).toBeVisible();
    // After a change the form resets: keyword empty, type NO_FILTER.
    await expect(form.getByLabel('Keyword', { exact: true })).toHaveValue('');
    await expect(typeSelect(form)).toContainText('NO_FILTER');

    await form.getByLabel('Keyword', { exact: true }).fill('E2E-HAL');
    await expect(page.getByText('e2e-halving (IMPORTANT)')).toBeVisible();
    await page.getByText('e2e-halving (IMPORTANT)').click();
    await expect(typeSelect(form)).toContainText('IMPORTANT');
  });

  test('Review asks the WARNING confirm and marks the item reviewed by the user', async ({
    page,
    app,
    server,
  }) => {
    await openReview(page, app);
    const id = await pickId(server, 'tweets', 'selected', 8);
    await searchById(page, id);
    await card(page, id).getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await expect(dialog.getByText('Are you sure the reviewe these tweets?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card(page, id).getByText('Not reviewed')).toBeVisible();
    await card(page, id).getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
    await expect(card(page, id).getByText('Reviewed by reviewer1')).toBeVisible();
  });
});

test.describe('failures and keyboard', () => {
  test('a server answering 500 shows the status and Try Again, which recovers', async ({
    page,
    app,
    server,
  }) => {
    await openReview(page, app);
    await server.context.db.query('ALTER TABLE news RENAME TO news_offline');
    try {
      const filter = page.getByRole('form', { name: 'Review filter' });
      await chooseOption(page, filter.getByLabel('Filter Type'), 'News');
      await filter.getByRole('button', { name: 'Filter' }).click();
      await expect(page.getByText('500', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    } finally {
      await server.context.db.query('ALTER TABLE news_offline RENAME TO news');
    }
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(header(page)).toBeVisible();
  });

  test('keyboard shortcuts do what the buttons do', async ({ page, app, server }) => {
    await openReview(page, app);
    await expect(page.locator('.dqc-card-focused')).toHaveCount(1);
    const first = await page.locator('[data-item-id]').nth(0).getAttribute('data-item-id');
    const second = await page.locator('[data-item-id]').nth(1).getAttribute('data-item-id');
    await expect(page.locator('.dqc-card-focused')).toHaveAttribute('data-item-id', first!);
    await page.keyboard.press('j');
    await expect(page.locator('.dqc-card-focused')).toHaveAttribute('data-item-id', second!);
    await page.keyboard.press('k');
    await expect(page.locator('.dqc-card-focused')).toHaveAttribute('data-item-id', first!);

    await page.keyboard.press('r');
    await expect(
      page.getByRole('dialog').getByText('Are you sure the reviewe these tweets?'),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
    await expect(
      page.locator(`[data-item-id="${first}"]`).getByText('Reviewed by reviewer1'),
    ).toBeVisible();
    const [row] = await server.context.db.query<{ reviewed_by: string }>(
      `SELECT reviewed_by FROM tweets WHERE id = ${first}`,
    );
    expect(row!.reviewed_by).toBe('reviewer1');

    await page.keyboard.press(']');
    await expect(header(page)).toHaveText(/^You see \( 20 - 40 \)/);
    await page.keyboard.press('[');
    await expect(header(page)).toHaveText(/^You see \( 0 - 20 \)/);
    await page.keyboard.press('Shift+Slash');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });

  test('Model asks to confirm and says when creation was accepted', async ({ page, app }) => {
    await openReview(page, app);
    await page.getByRole('button', { name: 'Model' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
    await expect(
      page.getByText(/Model creation for tweets was accepted|already being created/),
    ).toBeVisible();
  });
});
