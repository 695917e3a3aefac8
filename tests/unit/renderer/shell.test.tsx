import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { LAST_SCREEN_KEY } from '../../../src/renderer/app/lastScreen';
import { THEME_STORAGE_KEY } from '../../../src/renderer/ui/themeChoice';
import { UNSAVED_CHANGES_TITLE } from '../../../src/renderer/domain/updates/updateState';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { draftsFollow, keepDraft } from '../../../src/renderer/session/drafts';
import { LONG_HIDDEN_MS, watchForStaleSession } from '../../../src/renderer/session/staleSession';
import { appInfo, fail, fakeBridge, ok, signedIn, signedOut } from './fakeBridge';

const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => {
  setBridge(null);
  window.matchMedia = originalMatchMedia;
  // A deliberate sign-out drops every draft a test kept.
  draftsFollow({ type: 'session.signedOut', reason: 'user', message: null });
  document.querySelectorAll('.test-modal').forEach((node) => node.remove());
});

function renderAt(hash: string, answers: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge({
    'app.info': () => ok(appInfo),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
    'tags.getEcosystemTagsIncludes': () => ok([]),
    ...answers,
  });
  window.location.hash = hash;
  setBridge(bridge);
  return { bridge, ...render(<App />) };
}

const onEcosystemTag = () => screen.findByRole('heading', { level: 1, name: 'Ecosystem Tag' });

describe('update notice', () => {
  it('shows a quiet word in the navigation bar while an update downloads', async () => {
    const { bridge } = renderAt('#/ecosystemTag');
    await onEcosystemTag();
    act(() =>
      bridge.push({
        type: 'app.update',
        status: { state: 'downloading', version: '2.0.0', percent: 41.6 },
      }),
    );
    expect(
      within(screen.getByRole('banner')).getByText('Downloading update 2.0.0: 42%'),
    ).toBeTruthy();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    expect(screen.queryByText(/Downloading update/)).toBeNull();
  });

  it('says when an update is ready and restarts only when asked, at once with nothing unsaved', async () => {
    const { bridge } = renderAt('#/ecosystemTag', { 'app.restartToUpdate': () => ok(null) });
    await onEcosystemTag();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    expect(
      screen.getByText('Version 2.0.0 is ready. Restart to update, or it installs when you quit.'),
    ).toBeTruthy();
    expect(bridge.invoke).not.toHaveBeenCalledWith('app.restartToUpdate', undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(bridge.invoke).toHaveBeenCalledWith('app.restartToUpdate', undefined);
    expect(screen.queryByText(UNSAVED_CHANGES_TITLE)).toBeNull();
  });

  it('reads a ready update at start-up too', async () => {
    renderAt('#/ecosystemTag', {
      'app.updateStatus': () => ok({ state: 'ready', version: '2.0.1' }),
    });
    expect(await screen.findByText(/^Version 2\.0\.1 is ready\./)).toBeTruthy();
  });

  it('asks first when there are unsaved changes, and keeps editing unless told otherwise', async () => {
    const { bridge } = renderAt('#/ecosystemTag', { 'app.restartToUpdate': () => ok(null) });
    await onEcosystemTag();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    keepDraft('filter:test', { name: 'half-typed' });

    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(UNSAVED_CHANGES_TITLE);
    expect(dialog.textContent).toContain('You have unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(bridge.invoke).not.toHaveBeenCalledWith('app.restartToUpdate', undefined);

    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    // The first dialog may still be fading out: the newest is the last.
    const confirms = await screen.findAllByRole('button', { name: 'Restart and lose changes' });
    await userEvent.click(confirms.at(-1)!);
    await waitFor(() =>
      expect(bridge.invoke).toHaveBeenCalledWith('app.restartToUpdate', undefined),
    );
  });

  it('asks first while a dialog is open', async () => {
    const { bridge } = renderAt('#/ecosystemTag', { 'app.restartToUpdate': () => ok(null) });
    await onEcosystemTag();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    const modal = document.createElement('div');
    modal.className = 'ant-modal-wrap test-modal';
    document.body.append(modal);
    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(UNSAVED_CHANGES_TITLE);
    expect(bridge.invoke).not.toHaveBeenCalledWith('app.restartToUpdate', undefined);
  });

  it('says why a restart was refused', async () => {
    const { bridge } = renderAt('#/ecosystemTag', {
      'app.restartToUpdate': () =>
        fail(409, 'NO_UPDATE_READY', 'No update has been downloaded yet.'),
    });
    await onEcosystemTag();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    expect(await screen.findByText('No update has been downloaded yet.')).toBeTruthy();
  });

  it('can be hidden until the next version', async () => {
    const { bridge } = renderAt('#/ecosystemTag');
    await onEcosystemTag();
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.0' } }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Hide this notice until the next update' }),
    );
    await waitFor(() => expect(screen.queryByText(/^Version 2\.0\.0 is ready/)).toBeNull());
    act(() => bridge.push({ type: 'app.update', status: { state: 'ready', version: '2.0.1' } }));
    expect(screen.getByText(/^Version 2\.0\.1 is ready/)).toBeTruthy();
  });
});

/** A system colour scheme the test can switch, as the OS would. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  let isDark = dark;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && isDark;
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: (_type: string, listener: () => void) => {
      if (query === '(prefers-color-scheme: dark)') listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      isDark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const pageTheme = () => document.documentElement.dataset.theme;
/** Ant Design writes its tokens as CSS variables: the dark container background is #141414. */
const antDark = () =>
  [...document.querySelectorAll('style')].some((style) =>
    /--ant-color-bg-container:\s*#141414/.test(style.textContent ?? ''),
  );

describe('theme', () => {
  it('follows the system light or dark setting as it changes', async () => {
    const system = fakeSystemScheme(false);
    renderAt('#/ecosystemTag');
    await onEcosystemTag();
    expect(pageTheme()).toBe('light');
    expect(antDark()).toBe(false);
    system.set(true);
    await waitFor(() => expect(pageTheme()).toBe('dark'));
    expect(document.documentElement.style.colorScheme).toBe('dark');
    await waitFor(() => expect(antDark()).toBe(true));
    system.set(false);
    await waitFor(() => expect(pageTheme()).toBe('light'));
  });

  it('can be chosen on About & Settings, and the choice is kept across restarts', async () => {
    const system = fakeSystemScheme(true);
    const first = renderAt('#/about');
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    expect(appearance.textContent).toContain('which is dark now');
    await waitFor(() => expect(pageTheme()).toBe('dark'));
    const group = within(appearance).getByRole('radiogroup', { name: 'Theme' });
    expect((within(group).getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(
      true,
    );

    // The label is what a user clicks: Ant Design's radio input itself takes no pointer.
    await userEvent.click(within(group).getByText('Light'));
    await waitFor(() => expect(pageTheme()).toBe('light'));
    expect(JSON.parse(window.localStorage.getItem(THEME_STORAGE_KEY)!)).toBe('light');
    // A chosen theme no longer follows the system.
    system.set(false);
    system.set(true);
    expect(pageTheme()).toBe('light');

    await userEvent.click(within(group).getByText('Dark'));
    await waitFor(() => expect(pageTheme()).toBe('dark'));
    first.unmount();

    system.set(false);
    renderAt('#/about');
    const again = await screen.findByRole('region', { name: 'Appearance' });
    expect((within(again).getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(pageTheme()).toBe('dark');
  });

  it('reads an unknown stored choice as System', async () => {
    fakeSystemScheme(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify('purple'));
    renderAt('#/about');
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    expect(
      (within(appearance).getByRole('radio', { name: 'System' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(pageTheme()).toBe('light');
  });
});

describe('last screen', () => {
  it('comes back when the session is restored at start-up', async () => {
    const first = renderAt('#/ecosystemTag');
    await onEcosystemTag();
    expect(JSON.parse(window.localStorage.getItem(LAST_SCREEN_KEY)!)).toEqual({
      username: 'reviewer1',
      path: '/ecosystemTag',
    });
    first.unmount();
    // A restart: the app opens on / and the session is restored from the keychain.
    renderAt('#/');
    await onEcosystemTag();
    expect(window.location.hash).toBe('#/ecosystemTag');
  });

  it('keeps the screen the app was opened at', async () => {
    window.localStorage.setItem(
      LAST_SCREEN_KEY,
      JSON.stringify({ username: 'reviewer1', path: '/ecosystemTag' }),
    );
    renderAt('#/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About & Settings' })).toBeTruthy();
    expect(window.location.hash).toBe('#/about');
  });

  it('is not used for a fresh sign-in: that goes to Review (SPEC.md 2)', async () => {
    window.localStorage.setItem(
      LAST_SCREEN_KEY,
      JSON.stringify({ username: 'reviewer1', path: '/ecosystemTag' }),
    );
    renderAt('#/', {
      'session.get': () => ok(signedOut),
      'session.signIn': () => ok(signedIn),
    });
    await userEvent.type(await screen.findByLabelText('Username'), 'reviewer1');
    await userEvent.type(screen.getByLabelText('Password'), 'demo');
    await userEvent.click(screen.getAllByRole('button', { name: /Log In/ }).at(-1)!);
    await waitFor(() => expect(window.location.hash).toBe('#/filter'));
  });

  it("is not another user's, and never a path that is not a screen", async () => {
    window.localStorage.setItem(
      LAST_SCREEN_KEY,
      JSON.stringify({ username: 'reviewer2', path: '/ecosystemTag' }),
    );
    const first = renderAt('#/');
    await waitFor(() => expect(window.location.hash).toBe('#/filter'));
    first.unmount();
    window.localStorage.setItem(
      LAST_SCREEN_KEY,
      JSON.stringify({ username: 'reviewer1', path: '/nowhere' }),
    );
    renderAt('#/');
    await waitFor(() => expect(window.location.hash).toBe('#/filter'));
  });
});

describe('stale session', () => {
  it('tells the trusted side when the network comes back', async () => {
    const { bridge } = renderAt('#/ecosystemTag', { 'session.stale': () => ok(null) });
    await onEcosystemTag();
    expect(bridge.invoke).not.toHaveBeenCalledWith('session.stale', undefined);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(bridge.invoke).toHaveBeenCalledWith('session.stale', undefined);
  });

  it('is not watched on the login screen', async () => {
    const { bridge } = renderAt('#/', { 'session.get': () => ok(signedOut) });
    await screen.findByLabelText('Username');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(bridge.invoke).not.toHaveBeenCalledWith('session.stale', undefined);
  });

  it('marks the session stale after more than five minutes hidden, not after a short look away', () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    let now = 0;
    const markStale = vi.fn(async () => null);
    const stop = watchForStaleSession(markStale, () => now);
    const become = (state: DocumentVisibilityState, at: number) => {
      now = at;
      visibility = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      become('hidden', 0);
      become('visible', LONG_HIDDEN_MS);
      expect(markStale).not.toHaveBeenCalled();
      become('hidden', 10 * LONG_HIDDEN_MS);
      become('visible', 11 * LONG_HIDDEN_MS + 1);
      expect(markStale).toHaveBeenCalledTimes(1);
      stop();
      become('hidden', 20 * LONG_HIDDEN_MS);
      become('visible', 30 * LONG_HIDDEN_MS);
      window.dispatchEvent(new Event('online'));
      expect(markStale).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });
});
