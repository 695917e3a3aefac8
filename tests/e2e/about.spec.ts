import type { Page } from '@playwright/test';
import { loadKeytar } from '../../src/main/core/secrets/keytarSecretStore';
import { NAV_LINKS } from '../../src/renderer/app/routePaths';
import { expect, openSignedIn, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

const about = (page: Page, name: string) => page.getByRole('region', { name });

test('About & Settings is reached from the side menu and says what build and server this is', async ({
  page,
  app,
  server: testServer,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const entry = nav.getByRole('link', { name: 'About & Settings', exact: true });
  await expect(entry).toBeInViewport();
  await entry.click();
  await expect(page).toHaveURL(/#\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About & Settings' })).toBeVisible();
  await expect(entry).toHaveAttribute('aria-current', 'page');

  await expect(about(page, 'This console')).toContainText('0.0.0-e2e');
  await expect(about(page, 'This console')).toContainText('Browser mode');
  // The fixtures set DQC_API_URL to the worker's test server.
  const server = about(page, 'Server');
  await expect(server).toContainText(new URL(testServer.url).host);
  await expect(server).toContainText('Set byThe DQC_API_URL environment variable');
  await expect(server).toContainText('The console takes the API host from the first of these');
  // Browser mode: no updates and no log folder, each with its reason.
  await expect(about(page, 'Updates')).toContainText('Updates are off.');
  await expect(about(page, 'Updates').getByRole('button')).toHaveCount(0);
  await expect(about(page, 'Logs')).toContainText('Browser mode writes its log to the terminal');
  await expect(about(page, 'Logs').getByRole('button')).toHaveCount(0);
});

test('the keyboard reaches About & Settings: the next Tab stop after the last area', async ({
  page,
  app,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: NAV_LINKS.at(-1)!.label, exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'About & Settings', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/about$/);
});

test('the theme follows the system, can be chosen, and the choice stays after a reload', async ({
  page,
  app,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignedIn(page, app, '/about');
  await expect(page).toHaveURL(/#\/about$/);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Ant Design's dark algorithm: the cards are drawn on its dark container colour.
  await expect(about(page, 'Appearance')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(about(page, 'Appearance')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  const theme = about(page, 'Appearance').getByRole('radiogroup', { name: 'Theme' });
  await theme.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: test.info().outputPath('about-dark.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About & Settings' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await theme.getByText('Light', { exact: true }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.screenshot({ path: test.info().outputPath('about-light.png'), fullPage: true });
});

test('the last screen comes back when the console opens with the session still signed in', async ({
  page,
  app,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Market' })
    .click();
  await page.getByRole('tab', { name: 'List New Markets' }).click();
  await expect(page).toHaveURL(/#\/market\/get-newMarkets$/);
  // The address changes before a lazily loaded screen is shown; the screen remembered is the one
  // shown, so the test waits for it as a user would see it.
  await expect(page.getByRole('heading', { level: 1, name: 'List New Markets' })).toBeVisible();
  // Opened again at / (as the desktop app starts): the session is restored, the screen too.
  await page.goto(app.url);
  await expect(page).toHaveURL(/#\/market\/get-newMarkets$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
});

test('after a restart the session comes back from the keychain, and with it the last screen', async ({
  page,
  app,
}) => {
  const keytar = await loadKeytar();
  const reachable = keytar
    ? await keytar.getPassword('dqc-probe', 'probe').then(
        () => true,
        () => false,
      )
    : false;
  test.skip(
    !reachable && process.env.CI !== 'true',
    'SKIPPED: no keychain reachable on this machine',
  );
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Keyword' })
    .click();
  await expect(page).toHaveURL(/#\/keyword$/);
  // The screen is shown (not only addressed) before the app quits: the one shown is remembered.
  await expect(page.getByRole('heading', { name: 'List Keywords' })).toBeVisible();
  await app.restart();
  await page.goto(app.url);
  await expect(page).toHaveURL(/#\/keyword$/);
  await expect(page.getByRole('heading', { name: 'List Keywords' })).toBeVisible();
  await expect(page.getByLabel('Signed in as')).toHaveText(/reviewer1/);
});
