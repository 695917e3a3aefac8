/**
 * No silent overwrite, clicked (DESIGN.md, "Several people at once"): two consoles, reviewer1 and
 * reviewer2, each in its own browser context, on one tweet of our server (which offers conditional
 * writes). reviewer2 eliminates it; reviewer1's card still shows it kept, and reviewer1's Select is
 * refused on the card with reviewer2's name and the time, nothing written; Apply mine then writes.
 * Our server also pushes each write to the other consoles (item-events), which would correct
 * reviewer1's card at once: the test holds that announcement back while reviewer2 decides (the
 * trigger off), as it is in the moment between a write and its event reaching another console.
 * That the event does reach the card is tests/e2e/liveCards.spec.ts's.
 * The same two consoles against the spec-only provider (a re-read, and the poll) are
 * tests/e2e/providerTeam.spec.ts's; core's check on both backends is
 * tests/unit/main/conflictCheck.test.ts's; the panel's keys and axe pass are
 * tests/unit/renderer/conflictPanel.test.tsx's.
 */
import { expect, header, launchConsole, openSignedIn, test } from './fixtures';
import { itemActions, pickTweet, reviewItem, searchById, tweetRow } from './reviewItems';

// Two consoles and two pages on a two-core machine shared with other suites.
test.describe.configure({ timeout: 150_000 });

test('a stale decision is refused naming who changed the item; Apply mine then writes', async ({
  page,
  app,
  server,
  browser,
}) => {
  const id = await pickTweet(server, true, 93);
  const second = await launchConsole(server.url);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    const other = await context.newPage();
    await openSignedIn(page, app, '/filter', 'reviewer1');
    await openSignedIn(other, second, '/filter', 'reviewer2');
    for (const shown of [page, other]) {
      await expect(header(shown)).toBeVisible({ timeout: 30_000 });
      await searchById(shown, id);
    }

    // The event of reviewer2's write is held back: reviewer1's card stays as it was drawn.
    await server.context.db.query('ALTER TABLE item_history DISABLE TRIGGER item_history_notify');
    try {
      await itemActions(other, id).getByRole('button', { name: 'Eliminate' }).click();
      await expect(other.getByText('Eliminate: saved')).toBeVisible();
    } finally {
      await server.context.db.query('ALTER TABLE item_history ENABLE TRIGGER item_history_notify');
    }
    expect(await tweetRow(server, id)).toEqual({ selected: false, by: 'reviewer2' });

    // reviewer1's card was drawn before: still kept, so Select is a decision on a stale card.
    await itemActions(page, id).getByRole('button', { name: 'Select', exact: true }).click();
    const conflict = reviewItem(page, id).getByRole('alert');
    await expect(conflict).toContainText(/Eliminated by reviewer2, \d\d:\d\d/);
    await expect(conflict.getByRole('button', { name: 'Keep theirs' })).toBeFocused();
    expect(await tweetRow(server, id)).toEqual({ selected: false, by: 'reviewer2' });

    await conflict.getByRole('button', { name: 'Apply mine' }).click();
    await expect(page.getByText('Select: saved')).toBeVisible();
    await expect(conflict).toBeHidden();
    expect(await tweetRow(server, id)).toEqual({ selected: true, by: 'reviewer1' });
  } finally {
    await context.close();
    await second.close();
  }
});
