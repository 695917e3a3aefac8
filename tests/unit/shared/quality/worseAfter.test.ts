/**
 * The worse-after-a-model-run verdict: named only when a rate moved the bad way and its intervals
 * no longer overlap; the last two model runs first, then the current sample against the one before.
 */
import { describe, expect, it } from 'vitest';
import type { AuditAnswer } from '../../../../src/shared/quality/auditRecord';
import { estimateQuality } from '../../../../src/shared/quality/estimates';
import type { GroupRow, SampleRow } from '../../../../src/shared/quality/estimatesChannel';
import { worseAfterModelRun } from '../../../../src/shared/quality/worseAfter';

const SIZES = new Map([
  ['tweets:kept', 1000],
  ['tweets:eliminated', 1000],
]);
const NO_ITEMS = { tweets: [], news: [] };
const itemsBehind = {
  keptShouldBeEliminated: NO_ITEMS,
  eliminatedShouldBeKept: NO_ITEMS,
  accuracy: NO_ITEMS,
};

let nextId = 1;
/** 20 kept and 20 eliminated tweets; `wrongKept` of the kept ones answered Eliminate. */
function answers(wrongKept: number): AuditAnswer[] {
  return [true, false].flatMap((classifierKept) =>
    Array.from({ length: 20 }, (_, i) => ({
      itemId: nextId++,
      stratum: { source: 'tweets' as const, classifierKept },
      answerKept: classifierKept ? i >= wrongKept : false,
      reviewer: 'ana',
      answeredAt: '2026-11-30T10:00:00.000Z',
      groups: { keywords: [], origin: 'a', day: '2026-11-30', modelRun: null },
    })),
  );
}
const run = (group: string | null, wrongKept: number): GroupRow => ({
  group,
  estimate: estimateQuality(answers(wrongKept), SIZES),
  itemsBehind,
});
const sample = (current: boolean, wrongKept: number): SampleRow => ({
  sampleId: current ? 'now' : 'before',
  window: { from: '2026-11-01T00:00', to: '2026-11-08T00:00' },
  drawnAt: current ? '2026-11-30T09:00:00.000Z' : '2026-11-20T09:00:00.000Z',
  current,
  estimate: estimateQuality(answers(wrongKept), SIZES),
  itemsBehind,
});

describe('worseAfterModelRun', () => {
  it('names the rates of the last model run that are worse beyond the intervals', () => {
    const warning = worseAfterModelRun(
      [run('3', 10), run('11', 1), run('12', 12), run(null, 20)],
      [sample(true, 5)],
    );
    expect(warning).toMatchObject({
      basis: 'modelRun',
      before: 'model run 11',
      after: 'model run 12',
      worse: [
        { rate: 'keptShouldBeEliminated', before: { value: 0.05 }, after: { value: 0.6 } },
        { rate: 'accuracy', before: { value: 0.975 }, after: { value: 0.7 } },
      ],
    });
  });

  it('says nothing where the intervals overlap, or where it got better', () => {
    expect(
      worseAfterModelRun([run('1', 2), run('2', 4)], [sample(false, 2), sample(true, 4)]),
    ).toBe(null);
    expect(
      worseAfterModelRun([run('1', 12), run('2', 1)], [sample(false, 12), sample(true, 1)]),
    ).toBe(null);
  });

  it('compares the current sample with the one before when no model run shows it', () => {
    expect(worseAfterModelRun([run(null, 12)], [sample(false, 1), sample(true, 12)])).toMatchObject(
      {
        basis: 'sample',
        before: 'the audit drawn 2026-11-20',
        after: 'the current audit (drawn 2026-11-30)',
        worse: [{ rate: 'keptShouldBeEliminated' }, { rate: 'accuracy' }],
      },
    );
    // An earlier sample is never "after": a current sample without answers compares nothing.
    expect(worseAfterModelRun([], [sample(false, 1), sample(false, 12)])).toBeNull();
  });
});
