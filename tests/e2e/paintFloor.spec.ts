/**
 * The paint floor's own measurement (issue 51; tests/bench/browser/inPage.ts's paintFloor), on a
 * synthetic page: it paints the markup that holds the items again from a string, beside it, and
 * takes the copy away after. A page with twice the markup has the larger floor; the comparison is
 * of medians of several rounds, not of one timing against a number.
 */
import { expect, test } from '@playwright/test';
import { paintFloor } from '../bench/browser/inPage';

const card = (i: number) =>
  `<article data-item-id="${i}" class="card"><h3>Item ${i}</h3>` +
  `<p>${'Coinbase will list ADA for spot trading starting tomorrow at 10:00 UTC. '.repeat(3)}</p>` +
  `<span class="tag">Selected</span><button>Select</button><button>Eliminate</button></article>`;

const pageOf = (items: number) =>
  `<!doctype html><html><head><style>
    .list { display: flex; flex-direction: column; gap: 8px; font: 14px sans-serif; }
    .card { border: 1px solid #d9d9d9; border-radius: 8px; padding: 12px; }
    .tag { background: #f6ffed; border: 1px solid #b7eb8f; padding: 0 6px; margin-right: 8px; }
  </style></head><body><main><div class="list">${Array.from({ length: items }, (_, i) => card(i)).join('')}</div></main></body></html>`;

async function medianFloor(page: import('@playwright/test').Page, items: number) {
  await page.setContent(pageOf(items));
  const times: number[] = [];
  let chars = 0;
  for (let round = 0; round < 7; round += 1) {
    const floor = await page.evaluate(paintFloor, { items: '[data-item-id]' });
    if (!floor.ok) throw new Error(floor.reason);
    times.push(floor.ms);
    chars = floor.chars;
  }
  // The copy is gone after each measurement: the page holds its own items only.
  await expect(page.locator('[data-item-id]')).toHaveCount(items);
  return { ms: times.sort((a, b) => a - b)[3]!, chars };
}

test('the paint floor of a page with twice the markup is larger', async ({ page }) => {
  const once = await medianFloor(page, 1_000);
  const twice = await medianFloor(page, 2_000);
  expect(twice.chars).toBeGreaterThan(once.chars * 1.9);
  expect(twice.ms).toBeGreaterThan(once.ms);
});

test('says so when nothing matches, and paints nothing', async ({ page }) => {
  await page.setContent(pageOf(3));
  expect(await page.evaluate(paintFloor, { items: '.nothing' })).toEqual({
    ok: false,
    reason: 'no .nothing',
  });
});
