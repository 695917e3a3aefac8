/**
 * docs/performance.md, Review and the lists: a click that changes Review's filter or page sends the
 * list's call at once (sendListEarly), and the list's load takes that call instead of sending its
 * own once React has drawn the new URL. One call per click, never an old answer.
 */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import {
  EARLY_CALL_KEPT_MS,
  sendListEarly,
  useReviewList,
} from '../../../src/renderer/features/review/useReviewList';
import { DEFAULT_FILTER } from '../../../src/renderer/domain/reviewFilter/reviewFilter';
import type { Envelope } from '../../../src/shared/bridge';
import { fail, fakeBridge, ok } from './fakeBridge';
import { ITEMS, renderReview } from './reviewHarness';

afterEach(() => {
  vi.restoreAllMocks();
  setBridge(null);
});

/** A bridge whose list answers name the page asked for; `pages()` lists the pages asked. */
function listBridge(answer?: (page: number) => Envelope<unknown>) {
  const pages: number[] = [];
  const bridge = fakeBridge({
    'review.list': (payload) => {
      const page = (payload as { filter: { startIndex: number } }).filter.startIndex;
      pages.push(page);
      return (
        answer?.(page) ?? ok({ items: [{ ...ITEMS[0]!, id: 1000 + page }], total: 45, reviewed: 0 })
      );
    },
  });
  setBridge(bridge);
  return { pages: () => pages };
}

const shownId = (state: ReturnType<typeof useReviewList>['state']) =>
  state.status === 'ok' ? state.items[0]?.id : state.status;

describe('a list call sent early', () => {
  it('is the one the load takes when it asks the same page', async () => {
    const list = listBridge();
    sendListEarly(DEFAULT_FILTER, 1);
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 1));
    await waitFor(() => expect(shownId(result.current.state)).toBe(1001));
    expect(list.pages()).toEqual([1]);
  });

  it('is sent once for two presses that ask the same before the page is drawn', async () => {
    const list = listBridge();
    sendListEarly(DEFAULT_FILTER, 1);
    sendListEarly(DEFAULT_FILTER, 1);
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 1));
    await waitFor(() => expect(shownId(result.current.state)).toBe(1001));
    expect(list.pages()).toEqual([1]);
  });

  it('is dropped by a load that asks another page, whose own answer is shown', async () => {
    const list = listBridge();
    sendListEarly(DEFAULT_FILTER, 1);
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 2));
    await waitFor(() => expect(shownId(result.current.state)).toBe(1002));
    expect(list.pages()).toEqual([1, 2]);
    // Dropped, not kept for later: a load of its page now sends its own call.
    const again = renderHook(() => useReviewList(DEFAULT_FILTER, 1));
    await waitFor(() => expect(shownId(again.result.current.state)).toBe(1001));
    expect(list.pages()).toEqual([1, 2, 1]);
  });

  it('is not taken by a reload, which asks the server again', async () => {
    const list = listBridge();
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 0));
    await waitFor(() => expect(shownId(result.current.state)).toBe(1000));
    sendListEarly(DEFAULT_FILTER, 0);
    act(() => result.current.reload());
    await waitFor(() => expect(list.pages()).toEqual([0, 0, 0]));
  });

  it(`is not taken after ${EARLY_CALL_KEPT_MS} ms: its answer may be old`, async () => {
    const list = listBridge();
    const now = vi.spyOn(performance, 'now').mockReturnValue(10_000);
    sendListEarly(DEFAULT_FILTER, 1);
    now.mockReturnValue(10_000 + EARLY_CALL_KEPT_MS + 1);
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 1));
    await waitFor(() => expect(shownId(result.current.state)).toBe(1001));
    expect(list.pages()).toEqual([1, 1]);
  });

  it('that fails shows its failure in the load that takes it', async () => {
    listBridge(() => fail(503, 'UNAVAILABLE', 'The server is busy'));
    sendListEarly(DEFAULT_FILTER, 1);
    const { result } = renderHook(() => useReviewList(DEFAULT_FILTER, 1));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'failed' }));
  });

  it('that fails with no load to take it raises nothing', async () => {
    const list = listBridge(() => fail(503, 'UNAVAILABLE', 'The server is busy'));
    sendListEarly(DEFAULT_FILTER, 3);
    await waitFor(() => expect(list.pages()).toEqual([3]));
    // A rejection nobody handles is reported once the tasks after it have run, and vitest then
    // fails the run (an unhandled error): give it those turns while this file runs.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A load of another page empties the slot for the next test.
    const other = renderHook(() => useReviewList(DEFAULT_FILTER, 0));
    await waitFor(() => expect(other.result.current.state.status).not.toBe('loading'));
  });
});

describe('the Review page sends its list call from the click', () => {
  /** The address the page showed when each list call was sent, and the page it asked. */
  function watchCalls() {
    const calls: { shown: string | null; page: number }[] = [];
    const { sent } = renderReview({
      answers: {
        'review.list': (payload) => {
          calls.push({
            shown: screen.getByLabelText('Location').textContent,
            page: (payload as { filter: { startIndex: number } }).filter.startIndex,
          });
          return ok({ items: ITEMS, total: 45, reviewed: 0 });
        },
      },
    });
    return { calls, sent };
  }

  it('a page turn: one call, sent before the new address is drawn', async () => {
    const { calls } = watchCalls();
    await screen.findByRole('region', { name: 'Item 101' });
    await userEvent.keyboard('n');
    await waitFor(() =>
      expect(screen.getByLabelText('Location').textContent).toBe('/filter?page=2'),
    );
    await act(async () => undefined);
    expect(calls).toEqual([
      { shown: '/filter', page: 0 },
      { shown: '/filter', page: 1 },
    ]);
  });

  it('Filter with a new filter: one call with it, sent before the new address is drawn', async () => {
    const { calls, sent } = watchCalls();
    await screen.findByRole('region', { name: 'Item 101' });
    await userEvent.click(screen.getByLabelText('Is Reviewed'));
    await userEvent.click(await screen.findByTitle('No'));
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location').textContent).toBe('/filter?isReviewed=false'),
    );
    await act(async () => undefined);
    expect(calls.map((call) => call.shown)).toEqual(['/filter', '/filter']);
    expect(sent('review.list').at(-1)).toMatchObject({ filter: { isReviewed: 'false' } });
  });
});
