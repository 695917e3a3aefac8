import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { keywordView } from '../../../src/renderer/features/keyword/keywordView';
import { forgetDrafts } from '../../../src/renderer/session/drafts';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import type { ServerExtension } from '../../../src/shared/insight';
import type { KeywordImpactView } from '../../../src/shared/responses/insight';
import { appInfo, fakeBridge, ok, signedIn } from './fakeBridge';
import { KEYWORD_IMPACT_LABEL } from '../../../src/renderer/domain/insight/keywordImpactText';

beforeEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
  // What one test typed into a modal is kept as a draft: not for the next test.
  forgetDrafts();
});
afterEach(() => setBridge(null));

const answerFor = (keyword: string): KeywordImpactView => ({
  keyword,
  services: [
    { service: 'tweets', total: keyword.length, kept: 1, eliminated: 2, reviewed: 3, recent: [] },
    { service: 'news', total: 0, kept: 0, eliminated: 0, reviewed: 0, recent: [] },
  ],
});

function renderKeywords(extensions: ServerExtension[]) {
  const bridge = fakeBridge({
    'app.info': () => ok({ ...appInfo, demo: false }),
    'session.get': () => ok(signedIn),
    'extensions.get': () => ok(extensions),
    'review.getKeywords': () =>
      ok([{ id: 4, keyword: 'airdrop', type: 'IMPORTANT', unwantedUsages: [] }]),
    'insight.keywordImpact': (payload) => ok(answerFor((payload as { keyword: string }).keyword)),
  });
  window.location.hash = '#/keyword/get-keywords';
  setBridge(bridge);
  render(<App />);
  const sent = () =>
    bridge.invoke.mock.calls
      .filter(([channel]) => channel === 'insight.keywordImpact')
      .map(([, payload]) => payload);
  return { sent };
}

const OFFERED: ServerExtension[] = [{ name: 'keyword-impact', version: 1 }];

describe('the keyword list’s modals and the keyword-impact preview', () => {
  it('Add Keyword shows what the keyword touches as it is typed', async () => {
    const { sent } = renderKeywords(OFFERED);
    await userEvent.click(await screen.findByRole('tab', { name: 'Add Keyword' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Keyword' });
    await userEvent.type(within(dialog).getByLabelText('Keyword'), 'solana');
    // The preview is drawn again after the box was empty: it is looked up each time.
    const preview = () => within(dialog).getByRole('region', { name: KEYWORD_IMPACT_LABEL });
    await waitFor(() =>
      expect(within(preview()).getByRole('status').textContent).toContain(
        'Tweets: 6 items (1 kept, 2 eliminated, 3 reviewed)',
      ),
    );
    expect(sent().at(-1)).toEqual({ keyword: 'solana' });
    await userEvent.clear(within(dialog).getByLabelText('Keyword'));
    await userEvent.type(within(dialog).getByLabelText('Keyword'), 'sol');
    await waitFor(() =>
      expect(within(preview()).getByRole('status').textContent).toContain('Tweets: 3 items'),
    );
    // The Add button stays where it was, usable.
    expect(within(dialog).getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('Update shows it for the keyword being edited, its own service first', async () => {
    // The modal alone, as the list opens it for a news keyword's row.
    const bridge = fakeBridge({
      'insight.keywordImpact': (payload) => ok(answerFor((payload as { keyword: string }).keyword)),
    });
    setBridge(bridge);
    const store = createStore();
    store.set(extensionsAtom, OFFERED);
    const update = keywordView.actions!.find((action) => action.label === 'Update')!;
    const row = {
      id: 4,
      keyword: 'airdrop',
      type: 'IMPORTANT',
      unwantedUsages: [],
      service: 'news',
    };
    render(
      <Provider store={store}>
        <AntApp>
          {update.open!(row as Parameters<NonNullable<typeof update.open>>[0], {
            close: () => undefined,
            reload: async () => undefined,
          })}
        </AntApp>
      </Provider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Keyword' });
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('region', { name: KEYWORD_IMPACT_LABEL }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['News: no items', 'Tweets: 7 items (1 kept, 2 eliminated, 3 reviewed)']),
    );
    expect(
      bridge.invoke.mock.calls.filter(([channel]) => channel === 'insight.keywordImpact'),
    ).toEqual([['insight.keywordImpact', { keyword: 'airdrop' }]]);
  });

  it('Add Keyword has no preview when the server does not offer it', async () => {
    const { sent } = renderKeywords([{ name: 'model-runs', version: 1 }]);
    // Core's answer has arrived: the menu lists what it offers.
    await screen.findByRole('link', { name: 'Model runs' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Add Keyword' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Keyword' });
    await userEvent.type(within(dialog).getByLabelText('Keyword'), 'solana');
    expect(within(dialog).getByLabelText('Keyword')).toHaveProperty('value', 'solana');
    expect(within(dialog).queryByRole('region', { name: KEYWORD_IMPACT_LABEL })).toBeNull();
    expect(sent()).toEqual([]);
  });
});
