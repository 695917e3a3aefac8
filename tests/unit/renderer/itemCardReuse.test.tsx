import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { DecisionNoticeHost } from '../../../src/renderer/features/review/DecisionNoticeHost';
import { dropDraft, keepDraft } from '../../../src/renderer/session/drafts';
import { appInfoAtom } from '../../../src/renderer/session/sessionAtoms';
import { tweetItemRecord, type ReviewItem } from '../../../src/shared/api/records';
import type { Envelope } from '../../../src/shared/bridge';
import { appInfo, fakeBridge } from './fakeBridge';
import { LoneCard, reachCard, TestProviders } from './testProviders';

afterEach(() => setBridge(null));

const tweet = (id: number, fields: Record<string, unknown> = {}) =>
  tweetItemRecord.parse({
    id,
    tweetId: `t-${id}`,
    twitterUserName: `user${id}`,
    detectTime: '2024-01-01T08:05:59',
    selected: true,
    ...fields,
  });

/**
 * One card instance given another item, as the Review page does with its card keys (slotKeys.ts):
 * whatever belonged to the item shown before must not stay with the next one.
 */
function renderReused(first: ReviewItem, answers: Parameters<typeof fakeBridge>[0] = {}) {
  setBridge(fakeBridge(answers));
  const store = createStore();
  store.set(appInfoAtom, appInfo);
  const ui = (item: ReviewItem) => (
    <TestProviders store={store}>
      <LoneCard key="slot-1" item={item} />
      <DecisionNoticeHost />
    </TestProviders>
  );
  const view = render(ui(first));
  // The pointer is on the card, as before any click on it, and stays there (useLateKeywordForm.ts).
  reachCard(screen.getByRole('region', { name: `Item ${first.id}` }));
  return { show: (item: ReviewItem) => view.rerender(ui(item)) };
}

const keywordBox = (id: number) =>
  within(screen.getByRole('region', { name: `Item ${id}` })).getByLabelText<HTMLInputElement>(
    'Keyword',
  );

describe('a card instance that shows another item (cards kept, data changed)', () => {
  it('drops the keyword typed for the item before, and its message', async () => {
    const { show } = renderReused(tweet(1));
    await userEvent.type(keywordBox(1), 'hodl');
    expect(keywordBox(1).value).toBe('hodl');
    show(tweet(2));
    expect(keywordBox(2).value).toBe('');
    expect(screen.queryByText('hodl')).toBeNull();
  });

  it('brings back the draft kept for the new item', () => {
    keepDraft('review-card:tweets:4', { keyword: 'staking', type: 'NO_FILTER' });
    try {
      const { show } = renderReused(tweet(3));
      show(tweet(4));
      expect(keywordBox(4).value).toBe('staking');
    } finally {
      dropDraft('review-card:tweets:4');
    }
  });

  it('shows no decision under way for the new item while the old one is being saved', async () => {
    let answer: (envelope: Envelope<unknown>) => void = () => undefined;
    const { show } = renderReused(tweet(5), {
      'review.manualChange': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    // The spinner comes after a moment (useItemDecisions.ts).
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /Select/ }).className).toContain(
          'ant-btn-loading',
        ),
      { timeout: 5000 },
    );
    show(tweet(6));
    expect(screen.getByRole('button', { name: /Select/ }).className).not.toContain(
      'ant-btn-loading',
    );
    // The old item's change, saved later, leaves what is typed for the new item alone.
    await userEvent.type(keywordBox(6), 'mine');
    await act(async () => answer({ ok: true, data: { undoId: null, cannotUndo: null } }));
    await screen.findByText('Select: saved');
    expect(keywordBox(6).value).toBe('mine');
  });

  it('decides for the item it shows now: the buttons kept from the item before act on the new one', async () => {
    const decided: unknown[] = [];
    const { show } = renderReused(tweet(11), {
      'review.manualChange': (payload) => {
        decided.push(payload);
        return { ok: true, data: { undoId: null, cannotUndo: null } };
      },
    });
    show(tweet(12, { selected: false }));
    // Select is the primary action of a kept item only: it follows the new item's state.
    expect(screen.getByRole('button', { name: 'Select' }).className).not.toContain(
      'ant-btn-primary',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    await screen.findByText('Select: saved');
    expect(decided).toEqual([
      expect.objectContaining({ shown: expect.objectContaining({ id: 12 }) }),
    ]);
  });

  it('hides the keyword form and buttons for an item that cannot be decided, and shows them for the next', async () => {
    const { show } = renderReused(tweet(13));
    show(tweet(14, { eliminatedBySimilarity: true }));
    expect(screen.getByText('This Data Eliminated By Similarity')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Keyword form 14' })).toBeNull();
    show(tweet(15));
    expect(screen.queryByText('This Data Eliminated By Similarity')).toBeNull();
    await userEvent.type(keywordBox(15), 'fresh');
    expect(keywordBox(15).value).toBe('fresh');
    expect(screen.getByRole('form', { name: 'Keyword form 15' })).toBeTruthy();
  });

  it("closes a History dialog opened for the item before: it is not the new item's history", async () => {
    const { show } = renderReused(tweet(16), {
      'journal.list': () => ({
        ok: true,
        data: { entries: [], total: 0, folder: null, retentionDays: 90 },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 16' }));
    await screen.findByRole('dialog', { name: 'History of tweet 16' });
    show(tweet(17));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'History of tweet 16' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: 'History of tweet 17' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'History of tweet 17' }));
    await screen.findByRole('dialog', { name: 'History of tweet 17' });
  });

  it('moves the focus off a button to the card when the card is given another item', async () => {
    const { show } = renderReused(tweet(7));
    const eliminate = within(screen.getByRole('region', { name: 'Item 7' })).getByRole('button', {
      name: 'Eliminate',
    });
    act(() => eliminate.focus());
    expect(document.activeElement).toBe(eliminate);
    act(() => show(tweet(8)));
    const card = screen.getByRole('region', { name: 'Item 8' });
    // The same card element, now item 8: the focus is on it, not on its Eliminate button.
    expect(document.activeElement).toBe(card);
    // The same item again (a reload that kept it) leaves the focus where it is.
    const select = within(card).getByRole('button', { name: 'Select' });
    act(() => select.focus());
    act(() => show(tweet(8, { accountName: 'Renamed' })));
    expect(document.activeElement).toBe(select);
  });
});

vi.setConfig({ testTimeout: 20_000 });
