/**
 * A dropped network loses nothing, clicked (issue 50): core talks to our server through a fault
 * proxy (tests/support/faultProxy.ts). While the proxy drops every data call, a decision on a card
 * is shown made and marked Waiting, the top bar says "Offline: 1 decision waiting", the page stays
 * usable and says it could not be read again, and the Outbox lists the decision; nothing reaches
 * the server. Once the proxy lets calls through, the decision lands exactly once and the marks go.
 * Sign-out with a decision waiting asks; Keep keeps it through another user's session, which never
 * sends it, to its own user's next sign-in. Core's outbox on both backends, the fault walk and the
 * torn file are tests/unit/main/outbox/'s.
 */
import { OUTBOX_TEXTS } from '../../src/shared/outbox';
import { dataCalls, fault, startFaultProxy, type FaultProxy } from '../support/faultProxy';
import type { TestServer } from '../support/testServer';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { expect, header, launchConsole, openSignedIn, test, type ConsoleApp } from './fixtures';
import { itemActions, pickTweet, reviewItem, searchById, tweetRow } from './reviewItems';

test.describe.configure({ timeout: 150_000 });

/** The decisions on a tweet that reached the server, as the proxy passed them on. */
const writesReaching = (proxy: FaultProxy) =>
  proxy.log.filter(
    (r) =>
      r.method === 'PUT' && r.path.startsWith('/twitter-service/manually-') && r.upstreamStatus,
  ).length;

async function behindProxy(
  server: TestServer,
  run: (proxy: FaultProxy, app: ConsoleApp) => Promise<void>,
) {
  const proxy = await startFaultProxy(server.url);
  const app = await launchConsole(proxy.url);
  try {
    await run(proxy, app);
  } finally {
    proxy.set(fault.none());
    await app.close();
    await proxy.close();
  }
}

/** Shows the tweet alone as reviewer1, then eliminates it while every data call is dropped. */
async function eliminateOffline(page: Page, app: ConsoleApp, proxy: FaultProxy, id: number) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
  await searchById(page, id);
  proxy.set(fault.reset(), { when: dataCalls });
  await itemActions(page, id).getByRole('button', { name: 'Eliminate' }).click();
}

test('a decision without an answer waits on its card, in the top bar and the Outbox, then lands once', async ({
  page,
  server,
}) => {
  const id = await pickTweet(server, true, 141);
  await behindProxy(server, async (proxy, app) => {
    await eliminateOffline(page, app, proxy, id);
    const card = reviewItem(page, id);
    await expect(card.locator('[data-waiting="waiting"]')).toHaveText(OUTBOX_TEXTS.waitingMark);
    await expect(card).toContainText('Eliminated');
    const indicator = page.getByRole('button', { name: OUTBOX_TEXTS.offline(1) });
    await expect(indicator).toBeVisible();
    // The reload after the decision could not be read: the card stays, and the page says why.
    await expect(page.getByText(OUTBOX_TEXTS.pageOffline)).toBeVisible();
    await expect(card).toBeVisible();
    expect(await tweetRow(server, id)).toEqual({ selected: true, by: null });

    await indicator.click();
    const outbox = page.getByRole('dialog', { name: OUTBOX_TEXTS.title });
    await expect(outbox).toContainText(`tweet ${id}`);
    await expect(
      outbox.getByRole('button', { name: `Cancel Eliminate on tweet ${id}` }),
    ).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await outbox.getByRole('button', { name: 'Close the outbox' }).click();

    proxy.set(fault.none());
    await expect(card.locator('[data-waiting]')).toHaveCount(0, { timeout: 60_000 });
    // Nothing waits any more: the top bar says nothing of the connection.
    await expect(page.getByRole('button', { name: /decisions? waiting|Reconnecting/ })).toHaveCount(
      0,
    );
    expect(await tweetRow(server, id)).toEqual({ selected: false, by: 'reviewer1' });
    expect(writesReaching(proxy)).toBe(1);
  });
});

test('sign-out with a decision waiting asks; another user never sends it; its own user does', async ({
  page,
  server,
}) => {
  const id = await pickTweet(server, true, 143);
  await behindProxy(server, async (proxy, app) => {
    await eliminateOffline(page, app, proxy, id);
    await expect(reviewItem(page, id).locator('[data-waiting="waiting"]')).toBeVisible();

    await page.getByRole('button', { name: /Log Out/ }).click();
    const question = page.getByRole('dialog', { name: OUTBOX_TEXTS.signOutTitle(1) });
    await expect(question).toContainText(OUTBOX_TEXTS.signOutBody);
    await question.getByRole('button', { name: OUTBOX_TEXTS.signOutKeep }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    proxy.set(fault.none());

    // reviewer2 works on this computer meanwhile: reviewer1's decision is not theirs to send.
    await openSignedIn(page, app, '/filter', 'reviewer2');
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
    await searchById(page, id);
    await expect(reviewItem(page, id)).toContainText('Selected');
    expect(await tweetRow(server, id)).toEqual({ selected: true, by: null });
    expect(writesReaching(proxy)).toBe(0);
    await page.getByRole('button', { name: /Log Out/ }).click();
    await expect(page.getByLabel('Username')).toBeVisible();

    await openSignedIn(page, app, '/filter', 'reviewer1');
    await expect(header(page)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await tweetRow(server, id)).selected, { timeout: 60_000 })
      .toBe(false);
    expect(await tweetRow(server, id)).toEqual({ selected: false, by: 'reviewer1' });
    expect(writesReaching(proxy)).toBe(1);
  });
});
