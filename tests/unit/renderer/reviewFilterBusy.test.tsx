/**
 * docs/performance.md, Review and the lists: the Filter button shows its spinner only when the list
 * takes more than 300 ms (spinnerDelay.ts), as a card's decision does; a quicker answer draws no
 * spinner at all.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { keepDraft, readDraft } from '../../../src/renderer/session/drafts';
import type { Envelope } from '../../../src/shared/bridge';
import { ITEMS, renderReview } from './reviewHarness';
import { ok } from './fakeBridge';

afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

const filterButton = () => screen.getByRole('button', { name: /Filter/ });
const first = { items: ITEMS, total: 45, reviewed: 0 };

/**
 * The Review page with its first list shown; every later load waits until `answer` is called.
 * `calls()` counts the list's calls.
 */
async function reviewWithSecondLoadPending() {
  let pending: (envelope: Envelope<unknown>) => void = () => undefined;
  let calls = 0;
  renderReview({
    answers: {
      'review.list': () =>
        (++calls === 1
          ? ok(first)
          : new Promise((resolve) => (pending = resolve))) as Envelope<unknown>,
    },
  });
  await screen.findByRole('region', { name: 'Item 101' });
  return { calls: () => calls, answer: (envelope: Envelope<unknown>) => pending(envelope) };
}

describe('the Filter button while the list loads', () => {
  it('shows a spinner only after 300 ms, and none once answered', async () => {
    const list = await reviewWithSecondLoadPending();
    vi.useFakeTimers();
    fireEvent.click(filterButton());
    // The form checks its fields before it filters: step until the list's call is sent.
    for (let step = 0; step < 100 && list.calls() < 2; step++)
      await act(async () => vi.advanceTimersByTimeAsync(5));
    expect(list.calls()).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(280));
    expect(filterButton().className).not.toContain('ant-btn-loading');
    await act(async () => vi.advanceTimersByTimeAsync(25));
    expect(filterButton().className).toContain('ant-btn-loading');
    await act(async () => list.answer(ok(first)));
    expect(filterButton().className).not.toContain('ant-btn-loading');
  });

  it('a second press while the same filter loads sends nothing more', async () => {
    const list = await reviewWithSecondLoadPending();
    fireEvent.click(filterButton());
    await waitFor(() => expect(list.calls()).toBe(2));
    // The form drops its kept draft as it filters: a draft gone says the second press was handled.
    keepDraft('filter:review', { keyword: '' });
    fireEvent.click(filterButton());
    await waitFor(() => expect(readDraft('filter:review')).toBeUndefined());
    // Whatever that press set in motion is drawn, and its call (if any) sent.
    await act(async () => undefined);
    expect(list.calls()).toBe(2);
    await act(async () => list.answer(ok(first)));
    // Once answered, Filter loads the list again.
    fireEvent.click(filterButton());
    await waitFor(() => expect(list.calls()).toBe(3));
  });
});
