import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { extensionsAtom } from '../../../src/renderer/domain/insight/extensionsState';
import { usePoll } from '../../../src/renderer/ui/usePoll';
import type { ModelRunView } from '../../../src/shared/responses/insight';
import { fail, ok } from './fakeBridge';
import { renderReview } from './reviewHarness';

afterEach(() => {
  setBridge(null);
  vi.useRealTimers();
});

function run(over: Partial<ModelRunView>): ModelRunView {
  return {
    id: 12,
    service: 'tweets',
    startedBy: 'reviewer1',
    startedAt: '2024-03-01T10:00:00Z',
    finishedAt: null,
    status: 'running',
    phase: 'training',
    scored: 0,
    total: 0,
    trainedOn: 0,
    heldOut: 0,
    accuracy: null,
    previousAccuracy: null,
    changed: 0,
    keptToEliminated: 0,
    eliminatedToKept: 0,
    error: null,
    ...over,
  };
}

const OLD = run({ id: 11, status: 'finished', phase: 'done', finishedAt: '2024-02-01T00:00:00Z' });
const FINISHED = run({
  status: 'finished',
  phase: 'done',
  finishedAt: '2024-03-01T10:02:00Z',
  scored: 52_000,
  total: 52_000,
  trainedOn: 4210,
  heldOut: 468,
  accuracy: 0.912,
  previousAccuracy: 0.898,
  changed: 312,
  keptToEliminated: 140,
  eliminatedToKept: 172,
});

/** The server's newest-first lists, one per call: the last one repeats. */
function runsInTurn(pages: ModelRunView[][]) {
  let call = 0;
  return () => {
    const runs = pages[Math.min(call, pages.length - 1)]!;
    call += 1;
    return ok({ total: runs.length, runs });
  };
}

function renderWithModelRuns(
  modelRuns: () => ReturnType<typeof ok>,
  started: 'started' | 'running' = 'started',
) {
  const store = createStore();
  store.set(extensionsAtom, [{ name: 'model-runs', version: 1 }]);
  return renderReview({
    store,
    answers: {
      'review.createModel': () => ok(started),
      'insight.modelRuns': modelRuns,
    },
  });
}

async function pressModel() {
  await screen.findByRole('region', { name: 'Item 101' });
  const form = screen.getByRole('form', { name: 'Review filter' });
  await userEvent.click(within(form).getByRole('button', { name: /Model/ }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes!' }));
}

const status = () => screen.findByRole('status', { name: 'Model run' });

describe('the Model button with model-runs', () => {
  it('follows its run: waits for it, shows its progress, then its result and a link', async () => {
    const { sent } = renderWithModelRuns(
      runsInTurn([
        // Before the press: run 11 is the newest.
        [OLD],
        // The new run is not listed yet: run 11 is not taken for it.
        [OLD],
        [run({}), OLD],
        [run({ phase: 'scoring', scored: 1200, total: 52_000 }), OLD],
        [FINISHED, OLD],
      ]),
    );
    await pressModel();
    // The toast points to the status rather than saying scores update later.
    expect(
      await screen.findByText(
        'Model creation for tweets was accepted: its progress shows under the filter.',
      ),
    ).toBeTruthy();
    expect(
      await within(await status()).findByText('Tweets model: waiting for the run to start…'),
    ).toBeTruthy();
    expect(await screen.findByText('Tweets model run #12: Training…')).toBeTruthy();
    expect(await screen.findByText('Tweets model run #12: Scoring 1,200 of 52,000…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Tweets model run #12 progress' })).toBeTruthy();
    const loadsBefore = sent('review.list').length;
    expect(await screen.findByText('Tweets model run #12 finished')).toBeTruthy();
    expect(
      screen.getByText(
        'Trained on 4,210; accuracy 91.2% (was 89.8%); 312 items changed: 140 kept → eliminated, 172 eliminated → kept',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the changes' }).getAttribute('href')).toBe(
      '/model-runs?run=12',
    );
    // The ratios changed: the list is read again.
    await waitFor(() => expect(sent('review.list').length).toBeGreaterThan(loadsBefore));
    expect(sent('insight.modelRuns')).toContainEqual({ service: 'tweets', page: 0 });
    expect(sent('insight.modelRuns')).toHaveLength(5);
    // Run 11, the newest before the press, was never taken for this one.
    expect(screen.queryByText(/#11/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Close the model run status' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Model run' })).toBeNull());
  });

  it('joins a run already under way, and says when it failed', async () => {
    renderWithModelRuns(
      runsInTurn([
        [run({ id: 9 })],
        [run({ id: 9 })],
        [run({ id: 9, status: 'failed', phase: 'done', error: 'no decisions to train on' })],
      ]),
      'running',
    );
    await pressModel();
    expect(await screen.findByText('Tweets model run #9: Training…')).toBeTruthy();
    expect(await screen.findByText('Tweets model run #9 failed')).toBeTruthy();
    expect(screen.getByText('The model run failed: no decisions to train on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the run' }).getAttribute('href')).toBe(
      '/model-runs?run=9',
    );
  });

  it('says when the run cannot be read, and stops asking', async () => {
    let calls = 0;
    const { sent } = renderWithModelRuns(() => {
      calls += 1;
      return calls === 1 ? ok({ total: 1, runs: [OLD] }) : fail(502, 'BAD_GATEWAY', 'no answer');
    });
    await pressModel();
    expect(
      await screen.findByText('Tweets model: its progress could not be read (no answer).'),
    ).toBeTruthy();
    expect(sent('insight.modelRuns')).toHaveLength(2);
  });
});

describe('usePoll', () => {
  it('asks again a delay after each answer, until told to stop', async () => {
    vi.useFakeTimers();
    let left = 3;
    const tick = vi.fn(async () => (left -= 1) > 0);
    renderHook(() => usePoll(tick, 1000, true));
    await act(async () => {});
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(tick).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('waits for a slow answer before the next call, and stops when the screen goes', async () => {
    vi.useFakeTimers();
    let answer: (again: boolean) => void = () => undefined;
    const tick = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { unmount } = renderHook(() => usePoll(tick, 1000, true));
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => answer(true));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(tick).toHaveBeenCalledTimes(2);
    unmount();
    await act(async () => answer(true));
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('does nothing while inactive', async () => {
    vi.useFakeTimers();
    const tick = vi.fn(async () => true);
    renderHook(() => usePoll(tick, 1000, false));
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(tick).not.toHaveBeenCalled();
  });
});
