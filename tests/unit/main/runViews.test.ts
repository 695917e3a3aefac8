import { afterEach, describe, expect, it, vi } from 'vitest';
import { canUndo, RunEvents, runView } from '../../../src/main/core/runs/runViews';
import type { BridgeEvent } from '../../../src/shared/bridge';
import { runOf, T0, tweet } from '../../support/runPieces';

afterEach(() => vi.useRealTimers());

describe('what the renderer sees of a run', () => {
  it('counts, lists the problems and names the action', () => {
    const run = runOf([tweet(1), tweet(2), tweet(3)]);
    run.results.set(1, {
      outcome: 'ok',
      reason: null,
      before: { selected: true, reviewedBy: null },
    });
    run.results.set(2, { outcome: 'skipped', reason: 'changed since the snapshot', before: null });
    run.results.set(3, { outcome: 'failed', reason: null, before: null });
    // A chosen item that could not be read at the snapshot counts in the total.
    run.results.set(99, { outcome: 'skipped', reason: 'could not be read: gone', before: null });
    expect(runView(run, 4)).toMatchObject({
      label: 'Eliminating',
      status: 'running',
      total: 4,
      done: 1,
      skipped: 2,
      failed: 1,
      concurrency: 4,
      problems: [
        { id: 2, outcome: 'skipped', reason: 'changed since the snapshot' },
        { id: 3, outcome: 'failed', reason: '' },
        { id: 99, outcome: 'skipped', reason: 'could not be read: gone' },
      ],
      canUndo: false,
    });
  });

  it('offers undo for an ended select or eliminate run that flipped an item, once', () => {
    const run = runOf([tweet(1)], 'done');
    expect(canUndo(run)).toBe(false);
    run.results.set(1, {
      outcome: 'ok',
      reason: null,
      before: { selected: true, reviewedBy: null },
    });
    expect(canUndo(run)).toBe(true);
    expect(runView({ ...run, kind: 'undo' }, 1)).toMatchObject({
      label: 'Undoing Eliminate',
      canUndo: false,
    });
    run.undoneBy = 'undo-run-1';
    expect(canUndo(run)).toBe(false);
  });

  it('tells a change of status at once and progress at most every 250 ms', () => {
    vi.useFakeTimers({ now: T0 });
    const told: BridgeEvent[] = [];
    const events = new RunEvents((event) => told.push(event), 2);
    const run = runOf([tweet(1)]);
    events.changed(run, false);
    events.changed(run, false);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(told).toHaveLength(1);
    events.changed(run, false);
    events.changed(run, true);
    expect(told).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(told).toHaveLength(2);
    expect(told[1]).toMatchObject({ type: 'runs.changed', run: { id: run.id } });
  });
});
