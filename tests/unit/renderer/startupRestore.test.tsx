import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { preloadLoginScreen } from '../../../src/renderer/app/AppRoutes';
import {
  beginStartupRestore,
  startupRestoreSettled,
  takeStartupRestore,
} from '../../../src/renderer/app/startupRestore';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { markSignOutPending } from '../../../src/renderer/session/pendingSignOut';
import { appInfo, fakeBridge, ok, signedIn, signedOut } from './fakeBridge';

beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = '#/';
});
afterEach(() => {
  // Whatever a test began and did not take is dropped, so that the next one begins afresh.
  void takeStartupRestore().promise.catch(() => undefined);
  setBridge(null);
  vi.useRealTimers();
});

const answering = () =>
  fakeBridge({
    'app.info': () => ok(appInfo),
    'session.get': () => ok(signedOut),
    'session.signOut': () => ok(signedOut),
  });

describe('the startup restore, begun before React', () => {
  it('sends both reads in the same task, so the bridge opens while the page is still evaluated', () => {
    const bridge = answering();
    setBridge(bridge);
    beginStartupRestore();
    // No await: the calls are already made when beginStartupRestore returns.
    expect(bridge.invoke.mock.calls.map(([channel]) => channel)).toEqual([
      'app.info',
      'session.get',
    ]);
  });

  it('finishes a Log Out core never heard of before reading the session', async () => {
    const bridge = answering();
    setBridge(bridge);
    markSignOutPending();
    beginStartupRestore();
    expect(bridge.invoke.mock.calls.map(([channel]) => channel)).toEqual(['session.signOut']);
    await takeStartupRestore().promise;
    expect(bridge.invoke.mock.calls.map(([channel]) => channel)).toEqual([
      'session.signOut',
      'app.info',
      'session.get',
    ]);
    expect(window.localStorage.getItem('dqc.signOutPending')).toBeNull();
  });

  it('is taken once, with its answer once it is here; a later taker starts a fresh one', async () => {
    const bridge = answering();
    setBridge(bridge);
    beginStartupRestore();
    await startupRestoreSettled(5_000);
    const first = takeStartupRestore();
    expect(first.settled).toEqual([appInfo, signedOut]);
    expect(bridge.invoke).toHaveBeenCalledTimes(2);
    const second = takeStartupRestore();
    expect(second.settled).toBeNull();
    await expect(second.promise).resolves.toEqual([appInfo, signedOut]);
    expect(bridge.invoke).toHaveBeenCalledTimes(4);
  });

  it('lets the first render wait for the restore at most the given time', async () => {
    vi.useFakeTimers();
    const bridge = fakeBridge({});
    bridge.invoke.mockImplementation(() => new Promise(() => undefined));
    setBridge(bridge);
    beginStartupRestore();
    let waited = false;
    void startupRestoreSettled(250).then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBe(true);
  });

  it('draws the login screen in the first render when the restore and its chunk are in', async () => {
    setBridge(answering());
    beginStartupRestore();
    await startupRestoreSettled(5_000, [preloadLoginScreen('#/')!]);
    render(<App />);
    // Synchronously after render: no starting spinner and no loading fallback came first.
    expect(screen.queryByRole('status', { name: 'Starting' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('shows the starting spinner while a slow restore is still out, then the screen', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const bridge = answering();
    const slow = new Promise((resolve) => (answer = resolve));
    bridge.invoke.mockImplementation(async (channel: string) => {
      if (channel === 'session.get') await slow;
      return channel === 'app.info' ? ok(appInfo) : ok(signedOut);
    });
    setBridge(bridge);
    beginStartupRestore();
    render(<App />);
    expect(screen.getByRole('status', { name: 'Starting' })).toBeTruthy();
    await act(async () => answer(undefined));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(bridge.invoke).toHaveBeenCalledTimes(2);
  });

  it("opens a restored session's last screen, not the login screen", async () => {
    window.localStorage.setItem(
      'dqc.lastScreen',
      JSON.stringify({ username: 'reviewer1', path: '/ecosystemTag' }),
    );
    setBridge(
      fakeBridge({
        'app.info': () => ok(appInfo),
        'session.get': () => ok(signedIn),
      }),
    );
    beginStartupRestore();
    await startupRestoreSettled(5_000);
    render(<App />);
    await vi.waitFor(() => expect(window.location.hash).toBe('#/ecosystemTag'));
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
