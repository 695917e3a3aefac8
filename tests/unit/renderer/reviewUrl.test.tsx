import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { appliedFilterAtom } from '../../../src/renderer/features/review/reviewAtoms';
import { lastReviewQueryAtom } from '../../../src/renderer/domain/reviewFilter/lastReviewQuery';
import { DEFAULT_FILTER } from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import type { Envelope } from '../../../src/shared/bridge';
import { ok } from './fakeBridge';
import { ITEMS, renderReview, where, type Answers } from './reviewHarness';

afterEach(() => setBridge(null));

const address = () => screen.getByLabelText('Location').textContent;
const cardsShown = () => screen.findByRole('region', { name: 'Item 101' });
/** What a Select of the filter form shows. */
const selectShows = (label: string) =>
  screen.getByLabelText(label).closest('.ant-select')?.textContent ?? '';

describe('the Review page and its URL', () => {
  it('opening /filter with a query applies that filter and page, and the form shows it', async () => {
    const { sent, store } = renderReview({
      url: '/filter?filterType=news&isReviewed=false&keyword=etf&page=3',
    });
    await cardsShown();
    // One load, with the URL's filter: never the kept one first.
    expect(sent('review.list')).toEqual([
      {
        filterType: 'news',
        filter: expect.objectContaining({ isReviewed: 'false', keyword: 'etf', startIndex: 2 }),
      },
    ]);
    expect(selectShows('Filter Type')).toContain('News');
    expect(selectShows('Is Reviewed')).toContain('No');
    expect((screen.getByLabelText('Filter with Keyword') as HTMLInputElement).value).toBe('etf');
    expect(store.get(lastReviewQueryAtom)).toBe(
      'filterType=news&keyword=etf&isReviewed=false&page=3',
    );
    // The URL is written the one way the codec writes it.
    await waitFor(() =>
      expect(address()).toBe('/filter?filterType=news&keyword=etf&isReviewed=false&page=3'),
    );
  });

  it('a value it cannot read falls back to the default for that field', async () => {
    const { sent } = renderReview({ url: '/filter?isEliminated=perhaps&sortBy=asc' });
    await cardsShown();
    expect(sent('review.list')).toEqual([
      {
        filterType: 'tweets',
        filter: expect.objectContaining({ isEliminated: 'null', sortBy: 'asc', startIndex: 0 }),
      },
    ]);
    await waitFor(() => expect(address()).toBe('/filter?sortBy=asc'));
  });

  it('paging and Filter replace the URL query; the list follows', async () => {
    const { sent } = renderReview();
    await cardsShown();
    expect(address()).toBe('/filter');
    await userEvent.keyboard('n');
    await waitFor(() => expect(address()).toBe('/filter?page=2'));
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({ filter: { startIndex: 1 } }),
    );
    // Filter with Is Reviewed = No: the first page of the new filter.
    await userEvent.click(screen.getByLabelText('Is Reviewed'));
    await userEvent.click(await screen.findByTitle('No'));
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await waitFor(() => expect(address()).toBe('/filter?isReviewed=false'));
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({
        filter: { isReviewed: 'false', startIndex: 0 },
      }),
    );
    // Back to the default filter: its URL has no query, and it stays the default.
    await userEvent.click(screen.getByLabelText('Is Reviewed'));
    await userEvent.click(
      await waitFor(() => {
        const option = document.querySelector<HTMLElement>(
          '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="All"]',
        );
        if (!option) throw new Error('the dropdown is not open yet');
        return option;
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({
        filter: { isReviewed: 'null', startIndex: 0 },
      }),
    );
    await waitFor(() => expect(address()).toBe('/filter'));
  });

  it("a page switch shows the new page's cards first and writes the URL once they are drawn", async () => {
    const page = ok({ items: ITEMS, total: 45, reviewed: 0 });
    let release: (answer: Envelope<unknown>) => void = () => undefined;
    let hold = false;
    // A list answer held until the test releases it (the fake bridge awaits what it is given).
    const list = (() =>
      hold ? new Promise<Envelope<unknown>>((done) => (release = done)) : page) as unknown;
    const { sent } = renderReview({ answers: { 'review.list': list as Answers[string] } });
    await cardsShown();
    expect(address()).toBe('/filter');
    hold = true;
    await userEvent.keyboard('n');
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({ filter: { startIndex: 1 } }),
    );
    // The call is under way: the URL still says the cards on screen.
    await act(async () => new Promise((done) => setTimeout(done, 150)));
    expect(address()).toBe('/filter');
    release(page);
    await waitFor(() => expect(address()).toBe('/filter?page=2'));
    expect(sent('review.list')).toHaveLength(2);
  });

  it('pages turned in a row end on the last one: a URL written for the one before does not undo it', async () => {
    const { sent } = renderReview();
    await cardsShown();
    await userEvent.keyboard('n');
    await userEvent.keyboard('n');
    await waitFor(() => expect(address()).toBe('/filter?page=3'));
    await act(async () => new Promise((done) => setTimeout(done, 150)));
    expect(address()).toBe('/filter?page=3');
    expect(sent('review.list').at(-1)).toMatchObject({ filter: { startIndex: 2 } });
  });

  it('opening /filter without a query shows the kept filter and writes it into the URL', async () => {
    const store = createStore();
    store.set(appliedFilterAtom, { ...DEFAULT_FILTER, filterType: 'news', sortBy: 'asc' });
    const { sent } = renderReview({ store });
    await cardsShown();
    expect(sent('review.list')).toEqual([
      { filterType: 'news', filter: expect.objectContaining({ sortBy: 'asc' }) },
    ]);
    await waitFor(() => expect(address()).toBe('/filter?filterType=news&sortBy=asc'));
    expect(selectShows('Filter Type')).toContain('News');
  });

  it('a new query from outside (a saved view) shows its filter in the form and loads it', async () => {
    const { sent } = renderReview();
    await cardsShown();
    expect(selectShows('Sort By Detect Time')).toContain('New to Old');
    act(() => void where.navigate!('/filter?sortBy=asc&isEliminated=true'));
    await waitFor(() => expect(selectShows('Sort By Detect Time')).toContain('Old to New'));
    expect(selectShows('Is Eliminated')).toContain('Yes');
    await waitFor(() =>
      expect(sent('review.list').at(-1)).toMatchObject({
        filter: { sortBy: 'asc', isEliminated: 'true' },
      }),
    );
  });
});
