import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord } from '../../../src/shared/api/records';
import { MESSAGES } from '../../../src/shared/messages';
import { appInfo, fail, fakeBridge, ok } from './fakeBridge';
import { LoneCard, TestProviders } from './testProviders';

afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

const TWEET_URL = 'https://x.com/satoshi/status/1234567890';

function renderCard(
  url: string,
  options: { linkHosts?: string[]; shell?: 'electron' | 'browser' } = {},
) {
  const shell = options.shell ?? 'electron';
  const bridge = fakeBridge({
    'app.openExternal': (payload) => {
      const { url: asked } = payload as { url: string };
      return ok({ openIn: shell === 'electron' ? 'system' : 'page', url: asked });
    },
  });
  setBridge(bridge);
  const store = createStore();
  store.set(appInfoAtom, { ...appInfo, shell, linkHosts: options.linkHosts ?? [] });
  const item = tweetItemRecord.parse({
    id: 7,
    url,
    message: 'BTC to the moon',
    twitterUserName: 'satoshi',
    tweetId: '1234567890',
    selected: true,
  });
  render(
    <TestProviders store={store}>
      <LoneCard item={item} />
    </TestProviders>,
  );
  const opened = () =>
    bridge.invoke.mock.calls.filter(([channel]) => channel === 'app.openExternal');
  return { bridge, opened };
}

describe('a link in a tweet', () => {
  it('asks first, naming the host and showing the whole address; Cancel opens nothing', async () => {
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    const { opened } = renderCard(TWEET_URL);
    await userEvent.click(screen.getByRole('link', { name: TWEET_URL }));
    const dialog = await screen.findByRole('dialog', { name: 'Open x.com in your browser?' });
    expect(MESSAGES.openLinkTitle('x.com')).toBe('Open x.com in your browser?');
    expect(dialog.textContent).toContain(TWEET_URL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opened()).toEqual([]);
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('Open sends it through app.openExternal (the desktop app opens it, the page does not)', async () => {
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    const { opened } = renderCard(TWEET_URL);
    await userEvent.click(screen.getByRole('link', { name: TWEET_URL }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(opened()).toEqual([['app.openExternal', { url: TWEET_URL }]]));
    expect(windowOpen).not.toHaveBeenCalled();
  });

  it('names the host a userinfo trick really goes to', async () => {
    const { opened } = renderCard('https://x.com@evil.example/login');
    await userEvent.click(screen.getByRole('link', { name: 'https://x.com@evil.example/login' }));
    expect(
      await screen.findByRole('dialog', { name: 'Open evil.example in your browser?' }),
    ).toBeTruthy();
    expect(opened()).toEqual([]);
  });

  it('is reached and answered with the keyboard: Enter asks, Escape cancels', async () => {
    const { opened } = renderCard(TWEET_URL);
    const link = screen.getByRole('link', { name: TWEET_URL });
    link.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Open x.com in your browser?' });
    // The buttons take the focus, so the keyboard answers at once.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opened()).toEqual([]);
  });

  it('skips the confirm for a host IT lists, or a subdomain of it', async () => {
    const url = 'https://mobile.x.com/satoshi/status/1';
    const { opened } = renderCard(url, { linkHosts: ['x.com'] });
    await userEvent.click(screen.getByRole('link', { name: url }));
    await waitFor(() => expect(opened()).toEqual([['app.openExternal', { url }]]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks on a middle click too, which would open a new tab in a browser', async () => {
    const { opened } = renderCard(TWEET_URL);
    await userEvent.pointer({
      keys: '[MouseMiddle]',
      target: screen.getByRole('link', { name: TWEET_URL }),
    });
    expect(await screen.findByRole('dialog', { name: 'Open x.com in your browser?' })).toBeTruthy();
    expect(opened()).toEqual([]);
  });

  it('asks for a host that only ends like a listed one', async () => {
    const { opened } = renderCard('https://evilx.com/a', { linkHosts: ['x.com'] });
    await userEvent.click(screen.getByRole('link', { name: 'https://evilx.com/a' }));
    expect(
      await screen.findByRole('dialog', { name: 'Open evilx.com in your browser?' }),
    ).toBeTruthy();
    expect(opened()).toEqual([]);
  });

  it('in browser mode opens the answered address in a new tab of the page', async () => {
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    renderCard(TWEET_URL, { shell: 'browser' });
    await userEvent.click(screen.getByRole('link', { name: TWEET_URL }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open' }),
    );
    await waitFor(() =>
      expect(windowOpen).toHaveBeenCalledWith(TWEET_URL, '_blank', 'noopener,noreferrer'),
    );
  });

  it('says why when the trusted side refuses it', async () => {
    const bridge = fakeBridge({
      'app.openExternal': () => fail(400, 'LINK_REFUSED', MESSAGES.linkNotHttps),
    });
    renderCard(TWEET_URL);
    setBridge(bridge);
    await userEvent.click(screen.getByRole('link', { name: TWEET_URL }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open' }),
    );
    expect(await screen.findByText(MESSAGES.linkNotHttps)).toBeTruthy();
  });

  it.each([
    'javascript:alert(document.cookie)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'http://x.com/satoshi/status/1',
    'ms-settings:privacy',
  ])('never makes %s a link: it is shown as text, with the reason', async (url) => {
    const { opened } = renderCard(url);
    const text = screen.getByText(url);
    expect(text.closest('a')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(text.closest('[title]')?.getAttribute('title')).toMatch(/https:\/\/|web address/);
    await userEvent.click(text);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opened()).toEqual([]);
  });
});
