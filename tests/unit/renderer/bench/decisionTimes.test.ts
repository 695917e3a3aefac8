import { describe, expect, it } from 'vitest';
import { DecisionTimes } from '../../../bench/browser/decisionTimes';
import type { DecisionSplit } from '../../../bench/browser/reviewActions';

const split = (shown: number): DecisionSplit => ({
  sent: 5,
  answered: 30,
  toast: 40,
  reloadSent: 190,
  reloadAnswered: shown - 20,
  shown,
});

describe('DecisionTimes (the long shift record)', () => {
  it('judges only the decisions that succeeded, and forgets the warm-up', () => {
    const times = new DecisionTimes(250);
    times.add({
      n: 0,
      kind: 'decide',
      atSeconds: 0,
      tookMs: 900,
      result: { ok: true, split: split(900) },
    });
    times.clear();
    times.add({
      n: 100,
      kind: 'decide',
      atSeconds: 1,
      tookMs: 220,
      result: { ok: true, split: split(210) },
    });
    times.add({
      n: 101,
      kind: 'review',
      atSeconds: 2,
      tookMs: 400,
      result: { ok: true, split: split(300) },
    });
    times.add({
      n: 102,
      kind: 'decide',
      atSeconds: 3,
      tookMs: 10_000,
      result: { ok: false, reason: 'x' },
    });
    // A page switch is timed by kind but is no decision.
    times.add({ n: 103, kind: 'page', atSeconds: 4, tookMs: 120, result: { ok: true } });
    expect(times.shown()).toEqual([210, 300]);
    expect(times.kindNote()).toContain('page 120 / 120 ms (1)');
    expect(times.kindNote()).toContain('decide 220 / 10000 ms (2)');
  });

  it('lists each slow decision with when it happened and its split', () => {
    const times = new DecisionTimes(250);
    times.add({
      n: 7,
      kind: 'decide',
      atSeconds: 12.34,
      tookMs: 220,
      result: { ok: true, split: split(210) },
    });
    times.add({
      n: 8,
      kind: 'review',
      atSeconds: 13.5,
      tookMs: 700,
      result: { ok: true, split: split(640) },
    });
    const summary = times.summary();
    expect(summary).toContain(
      '#8 review at 13.5 s: sent 5, answered 30, toast 40, reloadSent 190, reloadAnswered 620, shown 640',
    );
    expect(summary).not.toContain('#7');
    expect(times.splitNote()).toContain('1 over 250 ms');
  });
});
