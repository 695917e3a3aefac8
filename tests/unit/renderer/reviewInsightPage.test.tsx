import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { RATIO_ORDER_MESSAGE } from '../../../src/renderer/features/review/RatioBetween';
import {
  extensionsAtom,
  useExtensionsFeed,
} from '../../../src/renderer/domain/insight/extensionsState';
import { EXTENSIONS } from '../../../src/shared/insight';
import { ok } from './fakeBridge';
import { renderReview, type Answers } from './reviewHarness';

afterEach(() => setBridge(null));

const ALL = EXTENSIONS.map((name) => ({ name, version: 1 }));
const address = () => screen.getByLabelText('Location').textContent;
const cardsShown = () => screen.findByRole('region', { name: 'Item 101' });
const filterForm = () => screen.getByRole('form', { name: 'Review filter' });

/** The open dropdown of a Select (a closed one stays in the page, hidden). */
async function openDropdown(label: string): Promise<Element> {
  await userEvent.click(screen.getByLabelText(label));
  return waitFor(() => {
    const open = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!open) throw new Error('the dropdown is not open');
    return open;
  });
}

/** The options of an open dropdown. */
const optionsIn = (list: Element) =>
  [...list.querySelectorAll('.ant-select-item-option')].map(
    (option) => option.getAttribute('title') ?? '',
  );

/** Core's answer to extensions.get, read as the signed-in layout reads it. */
function Feed() {
  useExtensionsFeed();
  return null;
}

function renderWith(offered: 'feed-none' | 'all', url = '/filter', answers: Answers = {}) {
  const store = createStore();
  if (offered === 'all') store.set(extensionsAtom, ALL);
  const rendered = renderReview({
    url,
    store,
    answers: { 'extensions.get': () => ok([]), ...answers },
  });
  if (offered === 'feed-none')
    render(
      <Provider store={store}>
        <Feed />
      </Provider>,
    );
  return rendered;
}

describe('Review against a server without extensions (extensions.get answers [])', () => {
  it('shows no insight control, and a link asking for them shows the filter without them', async () => {
    const { sent, store } = renderWith(
      'feed-none',
      '/filter?isReviewed=false&sortBy=borderline&ratioFrom=0.2&ratioTo=0.4&modelRunId=3',
    );
    await cardsShown();
    await waitFor(() => expect(store.get(extensionsAtom)).toEqual([]));
    // The URL, and so the list, say the filter core can read on this server.
    await waitFor(() => expect(address()).toBe('/filter?isReviewed=false'));
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toEqual({
        filterType: 'tweets',
        filter: expect.not.objectContaining({ ratioFrom: expect.anything() }),
      }),
    );
    expect(sent('review.list').at(-1)).toMatchObject({ filter: { sortBy: 'desc' } });
    expect(sent('review.list').at(-1)).not.toHaveProperty('filter.modelRunId');

    expect(optionsIn(await openDropdown('Sort By Detect Time'))).toEqual([
      'New to Old',
      'Old to New',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(within(filterForm()).queryByText('Ratio between')).toBeNull();
    expect(screen.queryByLabelText('Ratio from')).toBeNull();
    expect(screen.queryByText(/Changed by model run/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Why\?/ })).toBeNull();
    // History is there, as before.
    expect(screen.getAllByRole('button', { name: /^History of tweet/ }).length).toBeGreaterThan(0);
  });

  it('Model fires as before: the accepted message, and no run is followed', async () => {
    const { sent } = renderWith('feed-none', '/filter', {
      'review.createModel': () => ok('started'),
    });
    await cardsShown();
    await userEvent.click(within(filterForm()).getByRole('button', { name: /Model/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes!' }));
    expect(
      await screen.findByText(
        'Model creation for tweets was accepted; scores update when it finishes.',
      ),
    ).toBeTruthy();
    expect(sent('review.createModel')).toEqual([{ filterType: 'tweets' }]);
    expect(sent('insight.modelRuns')).toEqual([]);
    expect(screen.queryByRole('status', { name: 'Model run' })).toBeNull();
  });
});

describe('Review against a server that offers the extensions', () => {
  it('offers Borderline first and Ratio between, and Filter sends them', async () => {
    const { sent } = renderWith('all');
    await cardsShown();
    const sorts = await openDropdown('Sort By Detect Time');
    expect(optionsIn(sorts)).toEqual(['New to Old', 'Old to New', 'Borderline first']);
    await userEvent.click(within(sorts as HTMLElement).getByTitle('Borderline first'));
    await userEvent.type(screen.getByLabelText('Ratio from'), '0.35');
    await userEvent.type(screen.getByLabelText('Ratio to'), '0.65');
    await userEvent.click(within(filterForm()).getByRole('button', { name: /Filter/ }));
    await waitFor(() =>
      expect(address()).toBe('/filter?sortBy=borderline&ratioFrom=0.35&ratioTo=0.65'),
    );
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({
        filter: { sortBy: 'borderline', ratioFrom: 0.35, ratioTo: 0.65, startIndex: 0 },
      }),
    );
    // Why? on every card with actions.
    expect(screen.getByRole('button', { name: 'Why? tweet 101' })).toBeTruthy();
  });

  it('refuses a ratio range upside down, with a clear message, and loads nothing', async () => {
    const { sent } = renderWith('all');
    await cardsShown();
    const loads = sent('review.list').length;
    await userEvent.type(screen.getByLabelText('Ratio from'), '0.7');
    await userEvent.type(screen.getByLabelText('Ratio to'), '0.2');
    await userEvent.click(within(filterForm()).getByRole('button', { name: /Filter/ }));
    expect(await screen.findByText(RATIO_ORDER_MESSAGE)).toBeTruthy();
    expect(address()).toBe('/filter');
    expect(sent('review.list')).toHaveLength(loads);
    // Either bound alone is fine.
    await userEvent.clear(screen.getByLabelText('Ratio to'));
    await userEvent.click(within(filterForm()).getByRole('button', { name: /Filter/ }));
    await waitFor(() => expect(address()).toBe('/filter?ratioFrom=0.7'));
    expect(screen.queryByText(RATIO_ORDER_MESSAGE)).toBeNull();
  });

  it("Review these: a model run's items show as a tag; closing it shows every item again", async () => {
    const { sent } = renderWith(
      'all',
      '/filter?startDate=&modelRunId=12&modelRunDirection=keptToEliminated&modelRunReviewed=false',
    );
    await cardsShown();
    expect(sent('review.list')[0]).toMatchObject({
      filter: {
        startDate: null,
        modelRunId: 12,
        modelRunDirection: 'keptToEliminated',
        modelRunReviewed: 'false',
      },
    });
    expect(
      screen.getByText('Changed by model run #12: kept → eliminated, not reviewed'),
    ).toBeTruthy();
    // Filter keeps the run's items (the form does not edit them).
    await userEvent.click(within(filterForm()).getByRole('button', { name: /Filter/ }));
    expect(address()).toContain('modelRunId=12');
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Stop showing only the items model run #12 changed',
      }),
    );
    await waitFor(() => expect(address()).toBe('/filter?startDate='));
    await waitFor(() => expect(sent('review.list').at(-1)).not.toHaveProperty('filter.modelRunId'));
    expect(screen.queryByText(/Changed by model run/)).toBeNull();
  });
});
