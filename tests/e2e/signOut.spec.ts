/**
 * Log Out is immediate (SPEC.md 4: local sign-out always happens): whatever the provider's
 * sign-out call does, the user is on the login screen at once, signed out in core, the page and
 * the keychain, and a protected route sends them back to /. Core talks to the reference server
 * through tests/support/faultProxy.ts, which answers the sign-out 500 or never answers it.
 */
import type { Page } from '@playwright/test';
import { fault, startFaultProxy, type Fault, type FaultProxy } from '../support/faultProxy';
import {
  expect,
  header,
  launchConsole,
  openSignedIn,
  signIn,
  test as base,
  type ConsoleApp,
} from './fixtures';

interface Rig {
  proxy: FaultProxy;
  app: ConsoleApp;
}

const test = base.extend<{ rig: Rig }>({
  rig: async ({ page, server }, use) => {
    const proxy = await startFaultProxy(server.url);
    const app = await launchConsole(proxy.url);
    await openSignedIn(page, app, '/filter');
    await expect(header(page)).toBeVisible({
      timeout: 30_000,
    });
    await use({ proxy, app });
    await app.close();
    await proxy.close();
  },
});

const isSignOut = ({ path }: { path: string }) => path === '/dqc-sign-out';

async function logOutUnder(page: Page, rig: Rig, f: Fault) {
  rig.proxy.set(f, { when: isSignOut });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Log Out/ })
    .click();
  // The login screen, now: not after the provider has answered.
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Log In/ })).toBeVisible();
  await expect.poll(() => rig.app.host.core.session.isLogged()).toBe(false);
  // The call did reach the provider, and met the fault.
  await expect.poll(() => rig.proxy.log.filter(isSignOut).map((r) => r.applied)).toEqual([f.kind]);
  // Signed out for the page too: a protected route goes back to the login screen.
  await page.evaluate(() => (window.location.hash = '#/market/get-markets'));
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'List Markets' })).toHaveCount(0);
}

test('Log Out while the provider answers the sign-out 500: signed out at once', async ({
  page,
  rig,
}) => {
  await logOutUnder(page, rig, fault.status(500));
});

test('Log Out while the provider never answers the sign-out: signed out at once', async ({
  page,
  rig,
}) => {
  await logOutUnder(page, rig, fault.hang());
  // Signing in again works while that call is still held open.
  rig.proxy.set(fault.none());
  await signIn(page);
  await expect(header(page)).toBeVisible({
    timeout: 30_000,
  });
});
