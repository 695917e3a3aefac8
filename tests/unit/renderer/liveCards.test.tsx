/**
 * Cards that stay true while others work (DESIGN.md, Several people at once), on the Review page:
 * it tells core what it shows and whether its window is in use; a change core reports is applied
 * to its card in place, which keeps its place and its typed keyword, is marked with who and when,
 * and is announced politely.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import type { ItemChange, LiveWatchPayload } from '../../../src/shared/liveItems';
import { ok } from './fakeBridge';
import { reachCard } from './testProviders';
import { IDS, renderReview } from './reviewHarness';

beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
});
afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

/** reviewer2 eliminated and reviewed 102 (kept until then) at 10:42, the reader's time. */
const ELIMINATED_BY_REVIEWER2: ItemChange = {
  id: 102,
  fields: {
    selected: false,
    manuallyChanged: true,
    reviewedBy: 'reviewer2',
    eliminatedKeyword: null,
  },
  by: 'reviewer2',
  at: '2024-01-01T10:42:00',
  mine: false,
};

const card = (id: number) => screen.getByRole('region', { name: `Item ${id}` });
const cardOrder = () =>
  [...document.querySelectorAll('[data-item-id]')].map((node) => node.getAttribute('data-item-id'));

function renderWatched() {
  const rendered = renderReview({ answers: { 'live.watch': () => ok(null) } });
  const push = (changes: ItemChange[]) =>
    act(() => rendered.bridge.push({ type: 'review.itemsChanged', filterType: 'tweets', changes }));
  const watches = () => rendered.sent('live.watch') as LiveWatchPayload[];
  return { ...rendered, push, watches };
}

describe('the Review page follows changes made elsewhere', () => {
  it('tells core the cards it shows, as shown, and whether the window is in use', async () => {
    const { watches } = renderWatched();
    await screen.findByRole('region', { name: 'Item 101' });
    await waitFor(() =>
      expect(
        watches()
          .at(-1)
          ?.items.map((item) => item.id),
      ).toEqual(IDS),
    );
    expect(watches().at(-1)).toMatchObject({
      filterType: 'tweets',
      filter: { startIndex: 0 },
      inUse: true,
      items: expect.arrayContaining([
        {
          id: 102,
          selected: true,
          manuallyChanged: null,
          reviewedBy: null,
          eliminatedKeyword: null,
        },
      ]),
    });
    // The window loses the focus: core is told, and stops asking the provider.
    act(() => {
      vi.mocked(document.hasFocus).mockReturnValue(false);
      window.dispatchEvent(new Event('blur'));
    });
    await waitFor(() => expect(watches().at(-1)?.inUse).toBe(false));
    // Leaving the screen: core follows nothing.
    cleanup();
    expect(watches().at(-1)?.items).toEqual([]);
  });

  it('updates the card in place, marks it with who and when, announces it politely, and keeps its typed keyword', async () => {
    const { push } = renderWatched();
    await screen.findByRole('region', { name: 'Item 102' });
    const order = cardOrder();
    expect(within(card(102)).getByText('Selected')).toBeTruthy();
    // The reviewer is typing a keyword on that card when the change comes.
    reachCard(card(102));
    const keyword = within(card(102)).getByLabelText('Keyword');
    await userEvent.click(keyword);
    await userEvent.type(keyword, 'halving');

    push([ELIMINATED_BY_REVIEWER2]);

    expect(within(card(102)).getByText('Eliminated')).toBeTruthy();
    expect(within(card(102)).getByText('Reviewed by reviewer2')).toBeTruthy();
    expect(within(card(102)).getByText('Changed by reviewer2, 10:42')).toBeTruthy();
    // Where it was: no card moved or left, though it no longer is what it was when listed.
    expect(cardOrder()).toEqual(order);
    const announcer = screen.getByRole('status', { name: 'Changes by others' });
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('Item 102: changed by reviewer2.');
    // The form is as typed, and the focus still in it.
    const after = within(card(102)).getByLabelText('Keyword') as HTMLInputElement;
    expect(after.value).toBe('halving');
    expect(document.activeElement).toBe(after);
    // Other cards are as they were.
    expect(within(card(104)).queryByText(/^Changed /)).toBeNull();
  });

  it("applies one's own change from elsewhere without a mark; a change without a name says elsewhere", async () => {
    const { push } = renderWatched();
    await screen.findByRole('region', { name: 'Item 104' });
    push([
      { ...ELIMINATED_BY_REVIEWER2, id: 104, by: 'reviewer1', mine: true },
      {
        id: 105,
        fields: { selected: true, reviewedBy: null, eliminatedKeyword: null },
        by: null,
        at: '2024-01-01T10:43:00',
        mine: false,
      },
    ]);
    expect(within(card(104)).getByText('Reviewed by reviewer2')).toBeTruthy();
    expect(within(card(104)).queryByText(/^Changed /)).toBeNull();
    expect(within(card(105)).getByText('Selected')).toBeTruthy();
    expect(within(card(105)).getByText('Changed elsewhere, 10:43')).toBeTruthy();
  });
});
