/**
 * Classifier insight on the Review screen (DESIGN.md, Extensions), both ways: against our reference
 * server, which offers the extensions, the controls are there and work; against the spec provider,
 * which offers none, none of them appears and Review works as before.
 */
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { chooseOption, header, openSignedIn, type ConsoleApp } from './fixtures';
import { expect, filterForm, shownRatios, sortOptions, test } from './insightFixtures';
import {
  bodyOf,
  expect as providerExpect,
  nextRequest,
  requestsTo,
  test as providerTest,
} from './providerFixtures';
import { pickTweet, reviewItem, searchById } from './reviewItems';

// A fresh server and console per test, and a model run in one: more than the default minute on a
// loaded two-core machine.
test.describe.configure({ timeout: 180_000 });

/** Start Date's default (SPEC.md 3): the list's items are those detected from then on. */
const FROM = "detect_time >= '2022-01-01'";
/**
 * A ratio as shown is cut to 5 characters, so it may be up to 0.001 below the real one (and a
 * hair more in float arithmetic). Two cards' distances from 0.5 may so each be off by it.
 */
const SHOWN_CUT = 0.001 + 1e-9;

async function openReview(page: Page, app: ConsoleApp) {
  await openSignedIn(page, app, '/filter');
  await expect(header(page)).toBeVisible({ timeout: 30_000 });
}

const filterButton = (page: Page) => filterForm(page).getByRole('button', { name: /Filter$/ });

test.describe('Review with our server (extensions offered)', () => {
  test('Borderline first orders the cards by |ratio − 0.5|; Ratio between limits them', async ({
    page,
    app,
    own,
  }) => {
    await openReview(page, app);
    await expect.poll(() => sortOptions(page)).toContain('Borderline first');
    await chooseOption(
      page,
      filterForm(page).getByLabel('Sort By Detect Time'),
      'Borderline first',
    );
    await filterButton(page).click();
    await expect(page).toHaveURL(/sortBy=borderline/);

    const [nearest] = await own.context.db.query<{ distance: number }>(
      `SELECT min(abs(nlp_decision_ratio - 0.5))::float8 AS distance FROM tweets WHERE ${FROM}`,
    );
    await expect
      .poll(async () => Math.abs((await shownRatios(page))[0]! - 0.5))
      .toBeLessThanOrEqual(nearest!.distance + SHOWN_CUT);
    const ratios = await shownRatios(page);
    expect(ratios).toHaveLength(20);
    const distances = ratios.map((ratio) => Math.abs(ratio - 0.5));
    distances
      .slice(1)
      .forEach((distance, i) =>
        expect(
          distance,
          `card ${i + 2} is no nearer 0.5 than card ${i + 1}`,
        ).toBeGreaterThanOrEqual(distances[i]! - 2 * SHOWN_CUT),
      );

    // Ratio between 0.6 and 0.8, both ends included.
    await filterForm(page).getByLabel('Ratio from').fill('0.6');
    await filterForm(page).getByLabel('Ratio to').fill('0.8');
    await filterButton(page).click();
    await expect(page).toHaveURL(/ratioFrom=0\.6&ratioTo=0\.8/);
    const [{ n } = { n: 0 }] = await own.context.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tweets WHERE ${FROM} AND nlp_decision_ratio BETWEEN 0.6 AND 0.8`,
    );
    expect(n).toBeGreaterThan(20);
    // Three calls on a loaded machine's PGlite: more than the default wait.
    await expect(header(page)).toHaveText(`You see ( 0 - 20 ) of ${n} results`, {
      timeout: 60_000,
    });
    const limited = await shownRatios(page);
    expect(limited).toHaveLength(20);
    for (const ratio of limited) {
      expect(ratio).toBeGreaterThanOrEqual(0.6 - SHOWN_CUT);
      expect(ratio).toBeLessThanOrEqual(0.8);
    }
    // Still Borderline first within the range: the cards nearest 0.5 (so nearest 0.6) first.
    expect(limited[0]!).toBeLessThanOrEqual(limited.at(-1)! + SHOWN_CUT);

    // An upside-down range is refused on the form, with a clear message.
    await filterForm(page).getByLabel('Ratio from').fill('0.9');
    await filterButton(page).click();
    await expect(
      filterForm(page).getByText('Ratio between: the first value must not be above the second.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/ratioFrom=0\.6&ratioTo=0\.8/);
    // Not hovering the Filter button: its hover colour is the theme's, not this screen's.
    await page.mouse.move(0, 0);
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('Model shows its run to the end and its result; Why? then shows the words', async ({
    page,
    app,
  }) => {
    await openReview(page, app);
    await filterForm(page)
      .getByRole('button', { name: /Model$/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
    const status = page.getByRole('status', { name: 'Model run' });
    await expect(status).toBeVisible();
    await expect(status).toContainText(/Tweets model run #\d+ finished/, { timeout: 150_000 });
    await expect(status).toContainText(
      /Trained on [\d,]+; accuracy (\d+\.\d% \(was \d+\.\d%\)|\d+\.\d%|not measured.*); [\d,]+ items? changed: [\d,]+ kept → eliminated, [\d,]+ eliminated → kept/,
    );
    const runId = /#(\d+)/.exec((await status.textContent()) ?? '')![1];
    await expect(status.getByRole('link', { name: 'See the changes' })).toHaveAttribute(
      'href',
      `#/model-runs?run=${runId}`,
    );
    expect(await blockingViolations(page)).toEqual([]);

    // Why? on the first card: the words of the model just trained.
    const first = page.locator('[data-item-id]').first();
    await first.getByRole('button', { name: /^Why\? tweet \d+$/ }).click();
    const why = page.getByRole('dialog', { name: /^Why\? tweet \d+$/ });
    await expect(why).toContainText(`The latest model (run #${runId}) gives this item a ratio of`);
    const words = why.getByRole('listitem');
    await expect(words.first()).toBeVisible();
    await expect(words.first()).toHaveText(/^.+[+−]\d+\.\d\d$/);
    expect(await blockingViolations(page)).toEqual([]);
  });

  test("History shows a decision just made, as the server's entry and the user's", async ({
    page,
    app,
    own,
  }) => {
    const id = await pickTweet(own, true, 3);
    await openReview(page, app);
    await searchById(page, id);
    const card = reviewItem(page, id);
    await card
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Eliminate' })
      .click();
    await expect(card.getByText('Eliminated', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `History of tweet ${id}` }).click();
    const history = page.getByRole('dialog', { name: `History of tweet ${id}` });
    const row = history.getByRole('row').filter({ hasText: 'manually-eliminate' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('reviewer1');
    await expect(row).toContainText('kept → eliminated');
    await expect(row).toContainText('Server and this computer');
    await expect(history).toContainText("The server's record of every write to this item");
    expect(await blockingViolations(page)).toEqual([]);
  });
});

providerTest.describe('Review against the spec provider (no extensions)', () => {
  providerTest.describe.configure({ timeout: 150_000 });

  providerTest(
    'shows none of the insight controls, and reads a link that asks for them without them',
    async ({ page, app, provider }) => {
      const filters = requestsTo(provider, 'POST', '/twitter-service/filter').length;
      await openSignedIn(page, app, '/filter?sortBy=borderline&ratioFrom=0.2&modelRunId=3');
      await providerExpect(header(page)).toBeVisible({ timeout: 30_000 });
      // Core asked what the server offers and read the refusal as none.
      await nextRequest(provider, 'GET', '/dqc-extensions/capabilities');
      // The address says the filter core can read on this server.
      await providerExpect(page).toHaveURL(/#\/filter$/);
      const sent = bodyOf(await nextRequest(provider, 'POST', '/twitter-service/filter', filters));
      providerExpect(sent).toMatchObject({ sortBy: 'desc' });
      providerExpect(sent).not.toHaveProperty('ratioFrom');
      providerExpect(sent).not.toHaveProperty('modelRunId');
      providerExpect(
        requestsTo(provider, 'POST', '/dqc-extensions/twitter-service/filter'),
      ).toHaveLength(0);

      // History says the server keeps none: the renderer has heard there are no extensions.
      const first = page.locator('[data-item-id]').first();
      await first.getByRole('button', { name: /^History of tweet/ }).click();
      const history = page.getByRole('dialog', { name: /^History of tweet/ });
      await providerExpect(
        history.getByText(
          'This server does not keep item history: these are your own writes from this computer.',
        ),
      ).toBeVisible();
      await history.getByRole('button', { name: 'Close' }).click();
      await providerExpect(history).toHaveCount(0);

      providerExpect(await sortOptions(page)).toEqual(['New to Old', 'Old to New']);
      await providerExpect(filterForm(page).getByText('Ratio between')).toHaveCount(0);
      await providerExpect(page.getByRole('button', { name: /^Why\?/ })).toHaveCount(0);
      await providerExpect(page.getByText(/Changed by model run/)).toHaveCount(0);

      // Model fires and says so, as before: no run is followed.
      await filterForm(page)
        .getByRole('button', { name: /Model$/ })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes!' }).click();
      await providerExpect(
        page.getByText(
          /Model creation for tweets was accepted; scores update when it finishes\.|A tweets model is already being created\./,
        ),
      ).toBeVisible();
      await providerExpect(page.getByRole('status', { name: 'Model run' })).toHaveCount(0);
      providerExpect(requestsTo(provider, 'GET', '/dqc-extensions/model-runs')).toHaveLength(0);

      // Review still works: a filter goes to SPEC.md 7's call and the list follows.
      await chooseOption(page, filterForm(page).getByLabel('Sort By Detect Time'), 'Old to New');
      const before = requestsTo(provider, 'POST', '/twitter-service/filter').length;
      await filterForm(page)
        .getByRole('button', { name: /Filter$/ })
        .click();
      providerExpect(
        bodyOf(await nextRequest(provider, 'POST', '/twitter-service/filter', before)),
      ).toMatchObject({ sortBy: 'asc' });
      await providerExpect(page).toHaveURL(/sortBy=asc/);
    },
  );
});
