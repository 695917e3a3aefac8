import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  conflictCheckText,
  EXTENSIONS_LIST_LABEL,
  EXTENSIONS_TITLE,
  NO_EXTENSIONS_TEXT,
  UNKNOWN_EXTENSION_NOTE,
} from '../../../src/renderer/features/about/extensionTexts';
import type { Envelope } from '../../../src/shared/bridge';
import { EXTENSION_LABELS, type ServerExtension } from '../../../src/shared/insight';
import { appInfo, fakeBridge, ok, signedIn } from './fakeBridge';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
});
afterEach(() => setBridge(null));

function renderAbout(extensions: () => Promise<Envelope<unknown>>) {
  const bridge = fakeBridge({
    'app.info': () => ok(appInfo),
    'session.get': () => ok(signedIn),
    'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
  });
  // The scripted answers, and extensions.get as the test says (possibly never).
  const answer = bridge.invoke.getMockImplementation() as (
    channel: string,
    payload: unknown,
  ) => Promise<Envelope<unknown>>;
  bridge.invoke.mockImplementation((channel: string, payload: unknown) =>
    channel === 'extensions.get' ? extensions() : answer(channel, payload),
  );
  window.location.hash = '#/about';
  setBridge(bridge);
  render(<App />);
}

const section = () => screen.findByRole('region', { name: EXTENSIONS_TITLE });

describe('About & Settings: what the server offers', () => {
  it('lists each extension by its label and version, and an unknown one by its name', async () => {
    const offered: ServerExtension[] = [
      { name: 'borderline', version: 1 },
      { name: 'model-runs', version: 2 },
      { name: 'keyword-impact', version: 1 },
      { name: 'item-history', version: 1 },
      { name: 'sentiment', version: 3 },
    ];
    renderAbout(async () => ok(offered));
    const list = await within(await section()).findByRole('list', { name: EXTENSIONS_LIST_LABEL });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `${EXTENSION_LABELS.borderline} (borderline, version 1)`,
      `${EXTENSION_LABELS['model-runs']} (model-runs, version 2)`,
      `${EXTENSION_LABELS['keyword-impact']} (keyword-impact, version 1)`,
      `${EXTENSION_LABELS['item-history']} (item-history, version 1)`,
      `sentiment (sentiment, version 3, ${UNKNOWN_EXTENSION_NOTE})`,
    ]);
    expect((await section()).textContent).not.toContain(NO_EXTENSIONS_TEXT);
    expect((await section()).textContent).toContain(conflictCheckText([]));
  });

  it('says that conflicts are checked in one conditional write where the server offers it', async () => {
    renderAbout(async () => ok([{ name: 'conditional-writes', version: 1 }]));
    const region = await section();
    const text = conflictCheckText([{ name: 'conditional-writes', version: 1 }]);
    expect(text).toMatch(/^Conflict check: this server offers conditional writes/);
    expect(await within(region).findByText(text)).toBeTruthy();
    expect(region.textContent).not.toContain(conflictCheckText([]));
  });

  it('says in a sentence that the server offers none beyond the standard API', async () => {
    renderAbout(async () => ok([]));
    const region = await section();
    expect(await within(region).findByText(NO_EXTENSIONS_TEXT)).toBeTruthy();
    expect(NO_EXTENSIONS_TEXT).toMatch(/^This server offers no extensions beyond the standard API/);
    expect(within(region).queryByRole('list')).toBeNull();
    // Conflicts are still checked, by reading the item again.
    expect(conflictCheckText([])).toMatch(
      /^Conflict check: this server offers no conditional writes/,
    );
    expect(within(region).getByText(conflictCheckText([]))).toBeTruthy();
  });

  it('says nothing either way until core has answered', async () => {
    renderAbout(() => new Promise<never>(() => undefined));
    const region = await section();
    expect(within(region).queryByRole('list')).toBeNull();
    expect(region.textContent).not.toContain(NO_EXTENSIONS_TEXT);
    expect(within(region).getByLabelText('Asking the server what it offers')).toBeTruthy();
  });
});
