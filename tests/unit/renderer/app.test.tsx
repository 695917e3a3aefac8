import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { takeLaunchSecret } from '../../../src/renderer/bridge/wsBridge';
import { activeNavLink, NAV_LINKS } from '../../../src/renderer/app/routes';
import type { Envelope } from '../../../src/shared/bridge';
import { appInfo, fail, fakeBridge, ok, signedIn, signedOut } from './fakeBridge';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

function renderWith(bridge: ReturnType<typeof fakeBridge>, hash = '#/') {
  window.location.hash = hash;
  setBridge(bridge);
  return render(<App />);
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getAllByRole('button', { name: /Log In/ }).at(-1)!);
}

describe('session gate and guard', () => {
  it('renders nothing but a spinner until the startup restore ends', async () => {
    let release: (value: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => (release = resolve));
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedOut),
    });
    bridge.invoke.mockImplementation(async (channel: string) => {
      if (channel === 'session.get') await gate;
      return channel === 'app.info' ? ok(appInfo) : ok(signedOut);
    });
    renderWith(bridge);
    expect(screen.getByRole('status', { name: 'Starting' })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    await act(async () => release(undefined));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('sends a signed-out user from a protected route to /, then back there after sign-in', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedOut),
      'session.signIn': () => ok(signedIn),
    });
    renderWith(bridge, '#/market');
    await screen.findByLabelText('Username');
    expect(window.location.hash).toBe('#/');
    await fillLogin('Reviewer1', 'demo');
    await waitFor(() => expect(window.location.hash).toBe('#/market'));
    expect(bridge.invoke).toHaveBeenCalledWith('session.signIn', {
      username: 'Reviewer1',
      password: 'demo',
    });
  });

  it('sends a signed-in user at / straight to /filter', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
    });
    renderWith(bridge, '#/');
    await waitFor(() => expect(window.location.hash).toBe('#/filter'));
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
  });
});

describe('login screen', () => {
  it('shows "Don\'t Match" above the form and keeps what was typed', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedOut),
      'session.signIn': () => fail(401, 'DONT_MATCH', "Don't Match"),
    });
    renderWith(bridge);
    await fillLogin('reviewer1', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain("Don't Match");
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('reviewer1');
    expect(window.location.hash).toBe('#/');
  });

  it('shows only the brand link and the Log In label in the navigation bar', async () => {
    renderWith(fakeBridge({ 'app.info': () => ok(appInfo), 'session.get': () => ok(signedOut) }));
    await screen.findByLabelText('Username');
    const banner = screen.getByRole('banner');
    const links = banner.querySelectorAll('a');
    expect([...links].map((a) => a.textContent)).toEqual(['DQC Console']);
    expect(screen.getAllByRole('button', { name: /Log In/ }).length).toBe(2);
    expect(screen.queryByRole('button', { name: /Log Out/ })).toBeNull();
  });

  it('shows why the user was signed out when the session ends', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
    });
    renderWith(bridge, '#/keyword');
    await screen.findByRole('heading', { name: 'List Keywords' });
    act(() =>
      bridge.push({
        type: 'session.signedOut',
        reason: 'revoked',
        message: 'Your session was ended on the server. Please sign in again.',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your session was ended on the server',
    );
    expect(window.location.hash).toBe('#/');
  });
});

describe('navigation bar', () => {
  it('highlights the active link and logs out with its last button', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'session.signOut': () => ok(signedOut),
    });
    renderWith(bridge, '#/cryptoCurrency/get-currencies');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    const active = screen.getByRole('link', { name: 'Crypto Currency' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('aria-current')).toBeNull();
    const buttons = screen.getByRole('banner').querySelectorAll('button');
    expect(buttons[buttons.length - 1]!.textContent).toContain('Log Out');
    await userEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(bridge.invoke).toHaveBeenCalledWith('session.signOut', undefined);
  });

  it('enters a list it opened before by sending its call, then drawing once core has read it', async () => {
    let answerPing: () => void = () => undefined;
    const answers: Record<string, () => Envelope<unknown>> = {
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'currencies.cataloguePage': () => ok({ rows: [], total: 0, page: 0 }),
    };
    const bridge = fakeBridge(answers);
    bridge.invoke.mockImplementation(async (channel: string) =>
      channel === 'app.ping'
        ? new Promise((resolve) => (answerPing = () => resolve(ok(null))))
        : (answers[channel]?.() ?? fail(500, 'NO_FAKE', `no fake for ${channel}`)),
    );
    // Where the side menu's link goes.
    renderWith(bridge, '#/cryptoCurrency');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    await userEvent.click(screen.getByRole('link', { name: 'Review' }));
    await screen.findByRole('heading', { name: 'Review' });
    // The Review screen's own watch of its cards may go out meanwhile: not what is looked at here.
    const channels = () =>
      bridge.invoke.mock.calls
        .map(([channel]) => channel as string)
        .filter((channel) => channel !== 'live.watch');
    const before = channels().length;
    // The list's screen has loaded once: entering it again starts its call before any drawing,
    // and the screen before stays until core has read that call. Looked at without letting a
    // timer run, so that the new screen cannot come from the wait's limit (CORE_READ_WAIT_MS).
    fireEvent.click(screen.getByRole('link', { name: 'Crypto Currency' }));
    expect(channels().slice(before)).toEqual(['currencies.cataloguePage', 'app.ping']);
    expect(screen.getByRole('heading', { name: 'Review' })).toBeTruthy();
    expect(window.location.hash).toBe('#/cryptoCurrency');
    await act(async () => answerPing());
    expect(screen.getByRole('heading', { name: 'List Crypto Currencies' })).toBeTruthy();
    // The list took the call that left first: it asked no second one.
    expect(channels().filter((c) => c === 'currencies.cataloguePage')).toHaveLength(2);
  });

  it('sends no list call for a list’s URL once signed out (Back after Log Out)', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'session.signOut': () => ok(signedOut),
      'currencies.cataloguePage': () => ok({ rows: [], total: 0, page: 0 }),
    });
    renderWith(bridge, '#/cryptoCurrency');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    await userEvent.click(screen.getByRole('link', { name: 'Review' }));
    await screen.findByRole('heading', { name: 'Review' });
    const buttons = screen.getByRole('banner').querySelectorAll('button');
    await userEvent.click(buttons[buttons.length - 1]!);
    await screen.findByLabelText('Username');
    const calls = () =>
      bridge.invoke.mock.calls.filter(([channel]) => channel === 'currencies.cataloguePage').length;
    const before = calls();
    act(() => window.history.pushState(null, '', '#/cryptoCurrency'));
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(calls()).toBe(before);
    expect(bridge.invoke).not.toHaveBeenCalledWith('app.ping', undefined);
  });

  it('shows the login screen at once when the sign-out call never answers', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
    });
    const signOutAsked = new Promise<void>((resolve) => {
      bridge.invoke.mockImplementation(async (channel: string) => {
        if (channel === 'app.info') return ok(appInfo);
        if (channel === 'session.get') return ok(signedIn);
        if (channel === 'session.signOut') resolve();
        return new Promise(() => undefined); // never answers
      });
    });
    renderWith(bridge, '#/cryptoCurrency/get-currencies');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    await userEvent.click(screen.getByRole('button', { name: /Log Out/ }));
    await signOutAsked;
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(window.location.hash).toBe('#/');
    expect(screen.queryByRole('button', { name: /Log Out/ })).toBeNull();
  });

  it('signs the page out and stays on the login screen when the bridge call itself fails', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
    });
    bridge.invoke.mockImplementation(async (channel: string) => {
      if (channel === 'app.info') return ok(appInfo);
      if (channel === 'session.get') return ok(signedIn);
      throw new Error('The connection to the console was lost.');
    });
    renderWith(bridge, '#/cryptoCurrency/get-currencies');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    await userEvent.click(screen.getByRole('button', { name: /Log Out/ }));
    expect(await screen.findByText('The connection to the console was lost.')).toBeTruthy();
    // The login screen sends a signed-in user to /filter: it must not think one is here.
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
  });

  it('finishes, at the next load, a sign-out core never received, before reading the session', async () => {
    const broken = fakeBridge({ 'app.info': () => ok(appInfo), 'session.get': () => ok(signedIn) });
    broken.invoke.mockImplementation(async (channel: string) => {
      if (channel === 'app.info') return ok(appInfo);
      if (channel === 'session.get') return ok(signedIn);
      throw new Error('The connection to the console was lost.');
    });
    const first = renderWith(broken, '#/cryptoCurrency/get-currencies');
    await screen.findByRole('heading', { name: 'List Crypto Currencies' });
    await userEvent.click(screen.getByRole('button', { name: /Log Out/ }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    first.unmount();

    // The page loads again; core still holds the session it never heard the Log Out for.
    let coreSignedIn = true;
    const reloaded = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(coreSignedIn ? signedIn : signedOut),
      'session.signOut': () => ((coreSignedIn = false), ok(signedOut)),
    });
    renderWith(reloaded, '#/');
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    const channels = reloaded.invoke.mock.calls.map(([channel]) => channel as string);
    expect(channels.indexOf('session.signOut')).toBeGreaterThanOrEqual(0);
    expect(channels.indexOf('session.signOut')).toBeLessThan(channels.indexOf('session.get'));
    expect(window.location.hash).toBe('#/');
    // Done: the load after that reads the session as it is.
    expect(window.localStorage.getItem('dqc.signOutPending')).toBeNull();
  });

  it('names the signed-in user from the session, without asking the server on navigation', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok({ ...signedIn, username: 'reviewer2' }),
      'markets.getMarketsIncludes': () => ok([]),
      'tags.getEcosystemTagsIncludes': () => ok([]),
      'app.updateStatus': () => ok({ state: 'off', reason: 'Browser mode has no updates.' }),
    });
    renderWith(bridge, '#/market');
    await screen.findByRole('heading', { name: 'List Markets' });
    expect(screen.getByLabelText('Signed in as').textContent).toContain('reviewer2');
    window.location.hash = '#/ecosystemTag';
    await screen.findByRole('heading', { name: 'Ecosystem Tag' });
    // Each screen asks for its own list; nothing asks who the user is again (the shell reads the
    // updater's state, the user's runs, prefs and journal (the shift figure), the audit's estimates
    // (the quality warning), the outbox (the connection's word) and what the server offers beyond SPEC.md 7 (DESIGN.md, Extensions)
    // once).
    const channels = bridge.invoke.mock.calls.map(([channel]) => channel as string);
    expect(channels.sort()).toEqual([
      'app.info',
      'app.updateStatus',
      'audit.estimates',
      'extensions.get',
      'journal.list',
      'markets.getMarketsIncludes',
      'outbox.view',
      'prefs.get',
      'runs.list',
      'session.get',
      'tags.getEcosystemTagsIncludes',
    ]);
  });

  it('lists every area in the side menu, and collapses it to icons across restarts', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'markets.getMarketsIncludes': () => ok([]),
    });
    const first = renderWith(bridge, '#/market');
    await screen.findByRole('heading', { name: 'List Markets' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The areas, then About & Settings at the bottom. This bridge offers no extensions, so an
    // area that needs one (Model runs) is not listed.
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      ...NAV_LINKS.filter((link) => !link.requires).map((link) => link.label),
      'About & Settings',
    ]);
    const sider = document.getElementById('dqc-side-menu')!;
    expect(sider.className).not.toContain('ant-layout-sider-collapsed');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse the side menu' }));
    const toggle = screen.getByRole('button', { name: 'Expand the side menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('dqc-side-menu');
    expect(sider.className).toContain('ant-layout-sider-collapsed');

    // A restart (a new render reading the same storage) opens with the menu still collapsed.
    first.unmount();
    renderWith(bridge, '#/market');
    await screen.findByRole('heading', { name: 'List Markets' });
    expect(document.getElementById('dqc-side-menu')!.className).toContain(
      'ant-layout-sider-collapsed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Expand the side menu' }));
    expect(document.getElementById('dqc-side-menu')!.className).not.toContain(
      'ant-layout-sider-collapsed',
    );
  });

  it('maps every path to the link of its area', () => {
    expect(activeNavLink('/filter')).toBe('/filter');
    expect(activeNavLink('/mismatches/get-explorerUrls')).toBe('/mismatches');
    expect(activeNavLink('/about')).toBe('/about');
    expect(activeNavLink('/')).toBeNull();
  });

  it('marks demo data clearly', async () => {
    renderWith(
      fakeBridge({
        'app.info': () => ok(appInfo),
        'session.get': () => ok(signedIn),
      }),
      '#/filter',
    );
    expect(
      await screen.findByText(/Demo data: this console is connected to its embedded demo server/),
    ).toBeTruthy();
  });
});

describe('browser-mode launch secret', () => {
  it('is taken from the address, kept for the tab, and removed from the address bar', () => {
    window.history.replaceState(null, '', '/?secret=abc123#/filter');
    expect(takeLaunchSecret(window.location, window.sessionStorage, window.history)).toBe('abc123');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/filter');
    expect(takeLaunchSecret(window.location, window.sessionStorage, window.history)).toBe('abc123');
  });
});
