import { expect, type Page } from '@playwright/test';
import type { TestServer } from '../support/testServer';

/**
 * What the Review specs share: finding a tweet in the server's database to decide on, and
 * showing it alone on the Review screen.
 */

/** An item a decision can act on: not eliminated by similarity or by quoted post. */
export const PLAIN = 'NOT eliminated_by_similarity AND NOT eliminated_by_quoted_post';

/** An item on the Review screen, card or compact row alike, by its data id. */
export const reviewItem = (page: Page, id: number) => page.locator(`[data-item-id="${id}"]`);

/** An item's Select, Eliminate and Review buttons. */
export const itemActions = (page: Page, id: number) =>
  reviewItem(page, id).getByRole('group', { name: 'Actions' });

/** A tweet's decision and who changed it by hand, as the server's database holds them. */
export async function tweetRow(server: TestServer, id: number) {
  const [row] = await server.context.db.query<{ selected: boolean; by: string | null }>(
    `SELECT selected, manually_changed_by AS by FROM tweets WHERE id = ${id}`,
  );
  return row!;
}

/**
 * A tweet of the given decision that nobody changed or reviewed yet. Each spec takes offsets far
 * from the others', since spec files may share a worker's server.
 */
export async function pickTweet(
  server: TestServer,
  selected: boolean,
  offset: number,
): Promise<number> {
  const rows = await server.context.db.query<{ id: number }>(
    `SELECT id FROM tweets WHERE ${selected ? '' : 'NOT '}selected AND ${PLAIN}
        AND NOT manually_changed AND reviewed_by IS NULL ORDER BY id OFFSET ${offset} LIMIT 1`,
  );
  return Number(rows[0]!.id);
}

/** Shows one item with Search with Data Id, and waits until it is the only one. */
export async function searchById(page: Page, id: number): Promise<void> {
  const filter = page.getByRole('form', { name: 'Review filter' });
  await filter.getByLabel('Search with Data Id').check();
  await filter.getByLabel('Data Id', { exact: true }).fill(String(id));
  await filter.getByRole('button', { name: /Filter$/ }).click();
  await expect(reviewItem(page, id)).toBeVisible();
  await expect(page.locator('[data-item-id]')).toHaveCount(1);
}
