/**
 * Keys of one's own (docs/user-guide.md, A reviewer's shift): Settings' Keyboard section remaps
 * Eliminate, refuses a key another action holds with that action's name, and Review then eliminates
 * with the new key and not the old one; Reset to defaults brings the old key back. The section
 * passes axe in both themes.
 */
import type { Page } from '@playwright/test';
import type { TestServer } from '../support/testServer';
import type { Envelope } from '../../src/shared/bridge';
import type { JournalPage } from '../../src/shared/journal';
import type { PrefsView } from '../../src/shared/prefs';
import { blockingViolations } from './axe';
import { expect, header, openSignedIn, test, type ConsoleApp } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const ELIMINATE = 'Eliminate: take the item out (or confirm it eliminated)';
const SELECT = 'Select: keep the item (or confirm it kept)';

const keyboard = (page: Page) => page.getByRole('region', { name: 'Keyboard' });
const keysOf = (page: Page, label: string) =>
  keyboard(page).getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

async function openSettings(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/about');
  await expect(keyboard(page)).toBeVisible({ timeout: 30_000 });
}

async function pickKeptTweet(server: TestServer, offset: number): Promise<number> {
  const rows = await server.context.db.query<{ id: number }>(
    `SELECT id FROM tweets WHERE selected AND NOT eliminated_by_similarity
        AND NOT eliminated_by_quoted_post AND NOT manually_changed AND reviewed_by IS NULL
        ORDER BY id OFFSET ${offset} LIMIT 1`,
  );
  return Number(rows[0]!.id);
}

test('remap Eliminate in Settings, use it on Review, then Reset to defaults', async ({
  page,
  app,
  server,
}) => {
  await openSettings(page, app);
  await expect(keysOf(page, ELIMINATE).locator('kbd')).toHaveText(['e']);

  // A key Select holds is refused with Select's name; a free one is kept.
  await keyboard(page)
    .getByRole('button', { name: `Change the keys of ${ELIMINATE}` })
    .click();
  const box = keyboard(page).getByRole('textbox', { name: `New key for ${ELIMINATE}` });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Press the new key…');
  await page.keyboard.press('s');
  await expect(keysOf(page, ELIMINATE).getByRole('alert')).toHaveText(
    `s is already used by "${SELECT}".`,
  );
  await page.keyboard.press('d');
  await expect(keysOf(page, ELIMINATE).locator('kbd')).toHaveText(['d']);
  await expect(keysOf(page, ELIMINATE).getByRole('alert')).toHaveCount(0);
  // Core refuses it too, with the same words.
  const refused = await app.host.core.dispatch('prefs.setKeys', { action: 'select', keys: ['d'] });
  expect(refused).toMatchObject({
    ok: false,
    error: { status: 409, message: `d is already used by "${ELIMINATE}".` },
  });

  // On Review, e does nothing and d eliminates the focused item.
  const kept = await pickKeptTweet(server, 70);
  await page.goto(`${app.url}#/filter?searchWithDataId=true&searchDataId=${kept}`);
  const item = page.locator(`[data-item-id="${kept}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(header(page)).toBeVisible();
  await item.locator('.ant-tag').first().click();
  await page.keyboard.press('e');
  // The overlay opens after the key before it was handled: it lists d for Eliminate.
  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /^d Eliminate/ })).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
  expect(
    await server.context.db.query(`SELECT id FROM tweets WHERE id = ${kept} AND manually_changed`),
  ).toEqual([]);
  await item.locator('.ant-tag').first().click();
  await page.keyboard.press('d');
  await expect(page.getByText('Eliminate: saved')).toBeVisible();
  await expect(item.getByText('Manually changed')).toBeVisible();
  const [changed] = await server.context.db.query<{ selected: boolean }>(
    `SELECT selected FROM tweets WHERE id = ${kept}`,
  );
  expect(changed).toEqual({ selected: false });
  // e sent nothing: one write in the journal.
  const journal = (await app.host.core.dispatch('journal.list', {
    target: `tweet ${kept}`,
  })) as Envelope<JournalPage>;
  expect(journal.ok && journal.data.entries.length).toBe(1);

  // Reset to defaults: e again.
  await openSettings(page, app);
  await expect(keysOf(page, ELIMINATE).locator('kbd')).toHaveText(['d']);
  await keyboard(page).getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(keysOf(page, ELIMINATE).locator('kbd')).toHaveText(['e']);
  const prefs = (await app.host.core.dispatch('prefs.get', undefined)) as Envelope<PrefsView>;
  expect(prefs.ok && prefs.data.prefs.keys).toEqual({});
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Keyboard section has no serious axe violation in the ${scheme} theme`, async ({
    page,
    app,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSettings(page, app);
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    // With a refusal and the capture box showing, the states a user sees.
    await keyboard(page)
      .getByRole('button', { name: `Change the keys of ${ELIMINATE}` })
      .click();
    await page.keyboard.press('s');
    await expect(keysOf(page, ELIMINATE).getByRole('alert')).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    // The pointer off the Change button: axe measures what is shown, and a hover is not the state.
    await page.mouse.move(0, 0);
    expect(await blockingViolations(page)).toEqual([]);
  });
}
