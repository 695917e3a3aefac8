import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { NAV_LINKS, shownNavLinks } from '../../../src/renderer/app/routePaths';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  EXTENSIONS_TITLE,
  NO_EXTENSIONS_TEXT,
} from '../../../src/renderer/features/about/extensionTexts';
import type { Envelope } from '../../../src/shared/bridge';
import type { ServerExtension } from '../../../src/shared/insight';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

/**
 * Opens a screen that asks the provider nothing (the Journal, or About, which shows what core
 * answered) with core's answer to extensions.get.
 */
function renderWith(
  extensions: () => Envelope<unknown> | Promise<Envelope<unknown>>,
  route = '#/journal',
) {
  const bridge = fakeBridge({
    'app.info': () => ok({ ...appInfo, demo: false }),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
    'journal.list': () => ok({ entries: [], total: 0, folder: null, retentionDays: 90 }),
  });
  // The scripted answers, and extensions.get as the test says (possibly never).
  const answer = bridge.invoke.getMockImplementation() as (
    channel: string,
    payload: unknown,
  ) => Promise<Envelope<unknown>>;
  bridge.invoke.mockImplementation((channel: string, payload: unknown) =>
    channel === 'extensions.get' ? Promise.resolve(extensions()) : answer(channel, payload),
  );
  window.location.hash = route;
  setBridge(bridge);
  render(<App />);
  return bridge;
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const offering = (...names: string[]): ServerExtension[] =>
  names.map((name) => ({ name, version: 1 }));

describe('the side menu and the server’s extensions', () => {
  it('lists Model runs only when the server offers model-runs: last of the areas, before About', async () => {
    renderWith(() => ok(offering('borderline', 'model-runs')));
    await screen.findByRole('heading', { level: 1, name: 'Journal' });
    await waitFor(() => expect(menuLabels()).toContain('Model runs'));
    expect(menuLabels()).toEqual([...NAV_LINKS.map((link) => link.label), 'About & Settings']);
    expect(menuLabels().slice(-3)).toEqual(['Journal', 'Model runs', 'About & Settings']);
    const link = screen.getByRole('link', { name: 'Model runs' });
    expect(link.getAttribute('href')).toBe('#/model-runs');
  });

  it.each([
    ['none', () => ok([]), NO_EXTENSIONS_TEXT],
    [
      'only others',
      () => ok(offering('borderline', 'keyword-impact', 'something-new')),
      'something-new',
    ],
    ['nothing readable (asking failed)', () => fail(500, 'BROKEN', 'broken'), NO_EXTENSIONS_TEXT],
  ])('leaves it out when the server offers %s', async (_, answer, aboutSays) => {
    renderWith(answer, '#/about');
    // About shows what core answered: the menu has had the same answer by then.
    const section = await screen.findByRole('region', { name: EXTENSIONS_TITLE });
    await waitFor(() => expect(section.textContent).toContain(aboutSays));
    expect(menuLabels()).toEqual([
      ...NAV_LINKS.filter((link) => !link.requires).map((link) => link.label),
      'About & Settings',
    ]);
  });

  it('leaves it out while core has not answered', async () => {
    let answer: (value: Envelope<unknown>) => void = () => undefined;
    const bridge = renderWith(() => new Promise((resolve) => (answer = resolve)));
    await screen.findByRole('heading', { level: 1, name: 'Journal' });
    await waitFor(() =>
      expect(bridge.invoke.mock.calls.some(([channel]) => channel === 'extensions.get')).toBe(true),
    );
    expect(menuLabels()).not.toContain('Model runs');
    answer(ok(offering('model-runs')));
    await waitFor(() => expect(menuLabels()).toContain('Model runs'));
  });

  it('derives the links a server shows from what it offers', () => {
    const labels = (offered: ServerExtension[] | null) =>
      shownNavLinks(offered).map((link) => link.label);
    expect(labels(null)).not.toContain('Model runs');
    expect(labels([])).toEqual(NAV_LINKS.filter((l) => !l.requires).map((l) => l.label));
    expect(labels(offering('model-runs'))).toEqual(NAV_LINKS.map((l) => l.label));
    expect(NAV_LINKS.find((l) => l.label === 'Model runs')).toEqual({
      to: '/model-runs',
      label: 'Model runs',
      requires: 'model-runs',
    });
  });
});
