import { describe, expect, it } from 'vitest';
import {
  indicatorText,
  interruptedText,
  leftOutText,
  runCountsText,
  runProgressText,
} from '../../../src/renderer/domain/runs/runsText';
import type { RunView } from '../../../src/shared/runs';

function run(over: Partial<RunView> = {}): RunView {
  return {
    id: 'run-00000001',
    kind: 'bulk',
    action: 'eliminate',
    filterType: 'tweets',
    label: 'Eliminating',
    status: 'running',
    matched: 1300,
    read: 1300,
    total: 1234,
    leftOut: 66,
    done: 452,
    skipped: 3,
    heldByOthers: 0,
    failed: 1,
    inFlight: 4,
    concurrency: 4,
    etaSeconds: 95,
    createdAt: '2024-05-01T10:00:00.000Z',
    startedAt: '2024-05-01T10:00:05.000Z',
    finishedAt: null,
    problems: [],
    undoneBy: null,
    undoOf: null,
    canUndo: false,
    error: null,
    ...over,
  };
}

describe('the runs’ progress in words', () => {
  it('counts done, skipped and failed of the total, with thousands separators and the time left', () => {
    expect(runProgressText(run())).toBe(
      'Eliminating: 456 of 1,234, 3 skipped, 1 failed, about 2 min left',
    );
  });

  it('says skipped and failed only when there are some', () => {
    expect(runProgressText(run({ done: 456, skipped: 0, failed: 0, etaSeconds: null }))).toBe(
      'Eliminating: 456 of 1,234',
    );
    expect(runProgressText(run({ done: 455, skipped: 0, failed: 1, etaSeconds: null }))).toBe(
      'Eliminating: 456 of 1,234, 1 failed',
    );
    expect(runProgressText(run({ done: 453, skipped: 3, failed: 0, etaSeconds: null }))).toBe(
      'Eliminating: 456 of 1,234, 3 skipped',
    );
  });

  it.each([
    [60, ', about 1 min left'],
    [61, ', about 2 min left'],
    [3600, ', about 60 min left'],
    [59, ', less than a minute left'],
    [1, ', less than a minute left'],
    [0, ''],
    [null, ''],
  ])('rounds the time left up to minutes: %s s', (etaSeconds, said) => {
    expect(runProgressText(run({ skipped: 0, failed: 0, done: 456, etaSeconds }))).toBe(
      `Eliminating: 456 of 1,234${said}`,
    );
  });

  it('says a paused run, a run waiting for sign-in and an interrupted one', () => {
    expect(runProgressText(run({ status: 'paused' }))).toBe(
      'Eliminating paused: 456 of 1,234, 3 skipped, 1 failed',
    );
    expect(runProgressText(run({ status: 'waitingForSession' }))).toBe(
      'Eliminating: 456 of 1,234, waiting for sign-in',
    );
    expect(runProgressText(run({ status: 'interrupted' }))).toBe(
      'Run interrupted: 456 of 1,234 done',
    );
  });

  it('names the newest active run, and how many more there are; nothing without one', () => {
    const newest = run({ label: 'Selecting', skipped: 0, failed: 0, etaSeconds: 30 });
    expect(indicatorText([newest])).toBe('Selecting: 452 of 1,234, less than a minute left');
    expect(indicatorText([newest, run(), run({ status: 'paused' })])).toBe(
      'Selecting: 452 of 1,234, less than a minute left (+2 more)',
    );
    expect(indicatorText([])).toBeNull();
  });

  it('says an interrupted run in its banner', () => {
    expect(interruptedText(run({ status: 'interrupted', done: 10_000, total: 12_345 }))).toBe(
      'A run was interrupted: 10,004 of 12,345 done',
    );
  });

  it('gives the drawer’s counts and the items left out', () => {
    expect(runCountsText(run({ done: 1452 }))).toBe('1,452 done, 3 skipped, 1 failed of 1,234');
    expect(leftOutText(1066)).toBe(
      '1,066 left out: eliminated by similarity or by quoted post, never acted on',
    );
  });
});
