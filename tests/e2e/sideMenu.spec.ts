import { ABOUT_LINK, NAV_LINKS } from '../../src/renderer/app/routePaths';
import { expect, openSignedIn, test } from './fixtures';

// DESIGN.md: every area is in view at 1280 x 800, the smallest window the console supports.
test.use({ viewport: { width: 1280, height: 800 } });

test('at 1280 x 800 every area, and About & Settings, is a visible side-menu link that reaches its route', async ({
  page,
  app,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Nothing folded away behind an overflow ("···") entry.
  const links = [...NAV_LINKS, ABOUT_LINK];
  await expect(nav.getByRole('link')).toHaveCount(links.length);
  for (const link of links) {
    await expect(nav.getByRole('link', { name: link.label, exact: true })).toBeInViewport();
  }
  for (const link of links) {
    const entry = nav.getByRole('link', { name: link.label, exact: true });
    await expect(entry).toBeInViewport();
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`#${link.to}$`));
    await expect(entry).toHaveAttribute('aria-current', 'page');
  }
});

test('the side menu works from the keyboard, collapsed or not, and stays collapsed after a reload', async ({
  page,
  app,
}) => {
  await openSignedIn(page, app, '/filter');
  await expect(page).toHaveURL(/#\/filter$/);
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Tab and the arrow keys reach the links; Enter follows one.
  await nav.getByRole('link', { name: 'Review', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Shift', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Quality', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Keyword', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Queues', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(nav.getByRole('link', { name: 'Keyword', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/keyword$/);
  // One history entry per move: Back returns to Review.
  await page.goBack();
  await expect(page).toHaveURL(/#\/filter$/);
  await page.goForward();
  await expect(page).toHaveURL(/#\/keyword$/);

  // The toggle is a button: Enter collapses the menu to icons.
  const collapse = page.getByRole('button', { name: 'Collapse the side menu' });
  await collapse.focus();
  await page.keyboard.press('Enter');
  const expand = page.getByRole('button', { name: 'Expand the side menu' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#dqc-side-menu')).toHaveClass(/ant-layout-sider-collapsed/);

  // Collapsed, each area is still a named link for the keyboard.
  await nav.getByRole('link', { name: 'Queues', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Crypto Currency', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cryptoCurrency$/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand the side menu' })).toBeVisible();
  await expect(page.locator('#dqc-side-menu')).toHaveClass(/ant-layout-sider-collapsed/);
});
