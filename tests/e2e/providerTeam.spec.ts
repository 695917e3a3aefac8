/**
 * Two consoles on one filter against the spec-only provider stand-in (tests/support/specProvider),
 * which offers no event stream and no conditional write: reviewer2's decision reaches reviewer1's
 * card by core's poll of the cards on screen while the window is in use (shortened here through
 * core's test hook), and reviewer1's stale decision is refused by core's re-read of the item
 * (SPEC.md 7's find by id), naming the reviewer the provider tells (reviewedBy), nothing written;
 * Apply mine then writes. The same two on our server: conflicts.spec.ts and liveCards.spec.ts.
 */
import type { Page } from '@playwright/test';
import { launchConsole, openSignedIn } from './fixtures';
import { expect, header, requestsTo, test } from './providerFixtures';
import { reviewItem, searchById } from './reviewItems';

// Two consoles and two pages on a two-core machine shared with other suites.
test.describe.configure({ timeout: 150_000 });

/** Short enough that a test waits on the poll's state, not on its interval. */
const POLL_MS = 500;

const actions = (page: Page, id: number) =>
  reviewItem(page, id).getByRole('group', { name: 'Actions' });
const decision = (page: Page, id: number) =>
  reviewItem(page, id).locator('.ant-card-extra .ant-tag').first();

/** What the page sends core over the bridge, as text, from before it first opens. */
function framesSentBy(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) =>
      frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString()),
    ),
  );
  return frames;
}

/**
 * The window loses the focus, as when the reviewer switches to another application: the page
 * tells core (live.watch, inUse false), and core stops reading the cards again.
 */
async function leaveWindow(page: Page, frames: readonly string[]): Promise<void> {
  const from = frames.length;
  await page.evaluate(() => {
    Object.defineProperty(document, 'hasFocus', { value: () => false, configurable: true });
    window.dispatchEvent(new Event('blur'));
  });
  await expect
    .poll(() =>
      frames.slice(from).some((f) => f.includes('live.watch') && f.includes('"inUse":false')),
    )
    .toBe(true);
}

test('against the spec provider: the poll shows reviewer2’s decision; a stale one is refused by re-read, Apply mine writes', async ({
  provider,
  browser,
}) => {
  const tweet = provider.state.tweets.find(
    (t) => t.selected && !t.manuallyChanged && t.reviewedBy === null,
  )!;
  const id = Number(tweet.id);
  const first = await launchConsole(provider.url, {}, { livePollIntervalMs: POLL_MS });
  const second = await launchConsole(provider.url, {}, { livePollIntervalMs: POLL_MS });
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const page = await contexts[0]!.newPage();
    const frames = framesSentBy(page);
    const other = await contexts[1]!.newPage();
    await openSignedIn(page, first, '/filter', 'reviewer1');
    await openSignedIn(other, second, '/filter', 'reviewer2');
    for (const shown of [page, other]) {
      await expect(header(shown)).toBeVisible({ timeout: 30_000 });
      await searchById(shown, id);
    }
    await expect(decision(page, id)).toHaveText('Selected');

    // reviewer2 eliminates; reviewer1's core reads the card again and it changes in place,
    // marked. SPEC.md 3's item does not say who eliminated it.
    await actions(other, id).getByRole('button', { name: 'Eliminate' }).click();
    await expect(other.getByText('Eliminate: saved')).toBeVisible();
    await expect(decision(page, id)).toHaveText('Eliminated');
    await expect(reviewItem(page, id).getByText(/^Changed elsewhere, \d\d:\d\d$/)).toBeVisible();

    // reviewer1 looks away; reviewer2 marks the item reviewed meanwhile, so reviewer1's card is
    // stale when reviewer1 comes back and selects it.
    await leaveWindow(page, frames);
    await actions(other, id).getByRole('button', { name: 'Review', exact: true }).click();
    const confirm = other.getByRole('dialog');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('WARNING');
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await expect.poll(() => tweet.reviewedBy).toBe('reviewer2');
    const selects = requestsTo(provider, 'PUT', '/twitter-service/manually-select').length;

    await actions(page, id).getByRole('button', { name: 'Select', exact: true }).click();
    const conflict = reviewItem(page, id).getByRole('alert');
    await expect(conflict).toContainText('Reviewed by reviewer2');
    expect(requestsTo(provider, 'PUT', '/twitter-service/manually-select')).toHaveLength(selects);
    expect([tweet.selected, tweet.reviewedBy]).toEqual([false, 'reviewer2']);

    await conflict.getByRole('button', { name: 'Apply mine' }).click();
    await expect(page.getByText('Select: saved')).toBeVisible();
    await expect(conflict).toBeHidden();
    expect(tweet.selected).toBe(true);
    expect(requestsTo(provider, 'PUT', '/twitter-service/manually-select')).toHaveLength(
      selects + 1,
    );
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await first.close();
    await second.close();
  }
});
