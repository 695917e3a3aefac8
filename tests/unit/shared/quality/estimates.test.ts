/**
 * The Quality screen's figures from audit answers: re-weighted by the strata, none where no answer
 * bears on a rate (null, never NaN), nothing counted twice, and per group.
 */
import { describe, expect, it } from 'vitest';
import type { AuditAnswer, AuditSource } from '../../../../src/shared/quality/auditRecord';
import { estimateQuality, estimatesBy } from '../../../../src/shared/quality/estimates';
import { stratifiedShare, wilsonInterval } from '../../../../src/shared/quality/intervals';

let nextId = 1;
const answer = (
  source: AuditSource,
  classifierKept: boolean,
  answerKept: boolean,
  more: Partial<Omit<AuditAnswer, 'groups'>> & { groups?: Partial<AuditAnswer['groups']> } = {},
): AuditAnswer => ({
  itemId: more.itemId ?? nextId++,
  stratum: { source, classifierKept },
  answerKept,
  reviewer: more.reviewer ?? 'ana',
  answeredAt: more.answeredAt ?? '2026-11-30T10:00:00.000Z',
  groups: {
    keywords: [],
    origin: 'coindesk.com',
    day: '2026-11-30',
    modelRun: null,
    ...more.groups,
  },
});
/** `count` answers in a stratum, `yes` of them keep. */
const many = (source: AuditSource, classifierKept: boolean, count: number, keeps: number) =>
  Array.from({ length: count }, (_, i) => answer(source, classifierKept, i < keeps));

const SIZES = new Map([
  ['tweets:kept', 900],
  ['news:kept', 100],
  ['tweets:eliminated', 3000],
  ['news:eliminated', 1000],
]);

describe('estimateQuality', () => {
  it('re-weights each rate by the sizes of its strata', () => {
    const answers = [
      ...many('tweets', true, 10, 8), // 2 of 10 kept should have been eliminated
      ...many('news', true, 10, 5), // 5 of 10
      ...many('tweets', false, 20, 2), // 2 of 20 eliminated should have been kept
      ...many('news', false, 20, 6), // 6 of 20
    ];
    const estimate = estimateQuality(answers, SIZES);
    // 0.9 · 0.2 + 0.1 · 0.5 = 0.23; 0.75 · 0.1 + 0.25 · 0.3 = 0.15.
    expect(estimate.keptShouldBeEliminated.value).toBeCloseTo(0.23, 12);
    expect(estimate.eliminatedShouldBeKept.value).toBeCloseTo(0.15, 12);
    // Accuracy: (900 · 0.8 + 100 · 0.5 + 3000 · 0.9 + 1000 · 0.7) / 5000 = 0.834.
    expect(estimate.accuracy.value).toBeCloseTo(0.834, 12);
    expect(estimate.accuracy.answers).toBe(60);
    expect(estimate.keptShouldBeEliminated.answers).toBe(20);
    expect(estimate.keptShouldBeEliminated.interval).toEqual(
      stratifiedShare([
        { size: 900, answers: 10, successes: 2 },
        { size: 100, answers: 10, successes: 5 },
      ])!.interval,
    );
    for (const rate of Object.values(estimate)) expect(rate.uncoveredStrata).toEqual([]);
  });

  it('gives none, not NaN, for empty answers, and names the strata nobody answered', () => {
    const estimate = estimateQuality([], SIZES);
    expect(estimate.keptShouldBeEliminated).toEqual({
      value: null,
      interval: null,
      answers: 0,
      uncoveredStrata: ['tweets:kept', 'news:kept'],
    });
    expect(estimate.accuracy.uncoveredStrata).toHaveLength(4);
    expect(JSON.stringify(estimate)).not.toContain('NaN');
    // No items at all: nothing is uncovered either.
    const none = estimateQuality([], new Map());
    expect(none.accuracy).toEqual({ value: null, interval: null, answers: 0, uncoveredStrata: [] });
  });

  it('estimates over the strata that have answers and says which are left out', () => {
    const answers = [...many('tweets', true, 10, 7), ...many('tweets', false, 10, 1)];
    const estimate = estimateQuality(answers, SIZES);
    // Only tweets answered: the kept rate is tweets' 3/10 alone, not diluted by news.
    expect(estimate.keptShouldBeEliminated.value).toBeCloseTo(0.3, 12);
    expect(estimate.keptShouldBeEliminated.interval).toEqual(wilsonInterval(0.3, 10));
    expect(estimate.keptShouldBeEliminated.uncoveredStrata).toEqual(['news:kept']);
    expect(estimate.accuracy.uncoveredStrata).toEqual(['news:kept', 'news:eliminated']);
    // (900 · 0.7 + 3000 · 0.9) / 3900
    expect(estimate.accuracy.value).toBeCloseTo((630 + 2700) / 3900, 12);
  });

  it('takes no figure from a stratum of size 0, nor from one missing from the counts', () => {
    const answers = [...many('news', true, 5, 0), ...many('tweets', true, 10, 9)];
    const sizes = new Map([
      ['tweets:kept', 900],
      ['news:kept', 0],
    ]);
    const estimate = estimateQuality(answers, sizes);
    expect(estimate.keptShouldBeEliminated.value).toBeCloseTo(0.1, 12);
    expect(estimate.keptShouldBeEliminated.answers).toBe(10);
    expect(estimate.keptShouldBeEliminated.uncoveredStrata).toEqual([]);
    const onlyEmpty = estimateQuality(many('news', true, 5, 0), new Map());
    expect(onlyEmpty.keptShouldBeEliminated.value).toBeNull();
    expect(onlyEmpty.keptShouldBeEliminated.answers).toBe(0);
  });

  it('refuses a population count that is not a whole number from 0', () => {
    for (const size of [-1, 2.5, Number.NaN])
      expect(() => estimateQuality([], new Map([['news:kept', size]]))).toThrow(
        `The population count of stratum news:kept must be a whole number from 0, not ${size}.`,
      );
  });

  it('counts an item answered twice by one reviewer once, with the later answer', () => {
    const first = answer('tweets', true, false, { itemId: 7, answeredAt: '2026-11-30T10:00:00Z' });
    const changed = answer('tweets', true, true, { itemId: 7, answeredAt: '2026-11-30T10:05:00Z' });
    // Given in either order, the answer at 10:05 stands.
    for (const answers of [
      [first, changed],
      [changed, first],
    ]) {
      const rate = estimateQuality(answers, SIZES).keptShouldBeEliminated;
      expect(rate.answers).toBe(1);
      expect(rate.value).toBe(0);
    }
    // At the same time, the one given later in the list stands.
    const same = { itemId: 8, answeredAt: '2026-11-30T10:00:00Z' };
    const twice = [answer('news', true, true, same), answer('news', true, false, same)];
    expect(estimateQuality(twice, SIZES).keptShouldBeEliminated).toMatchObject({
      answers: 1,
      value: 1,
    });
  });

  it("counts an item two reviewers answered once: half each way while they disagree, the majority's once settled", () => {
    const item = { itemId: 9 };
    const ana = answer('news', false, true, { ...item, reviewer: 'ana' });
    const ben = answer('news', false, false, {
      ...item,
      reviewer: 'ben',
      answeredAt: '2026-11-30T11:00:00Z',
    });
    const disagreeing = estimateQuality([ana, ben], SIZES).eliminatedShouldBeKept;
    expect(disagreeing).toMatchObject({ answers: 1, value: 0.5 });
    const cleo = answer('news', false, true, {
      ...item,
      reviewer: 'cleo',
      answeredAt: '2026-11-30T12:00:00Z',
    });
    expect(estimateQuality([ana, ben, cleo], SIZES).eliminatedShouldBeKept).toMatchObject({
      answers: 1,
      value: 1,
    });
  });

  it('refuses an answer without a valid time, naming it', () => {
    expect(() =>
      estimateQuality([answer('news', true, true, { itemId: 3, answeredAt: 'yesterday' })], SIZES),
    ).toThrow('The audit answer to item 3 by ana has no valid time: "yesterday".');
  });
});

describe('estimatesBy', () => {
  it('counts an item under each of its keywords, and one without under none (last)', () => {
    const answers = [
      answer('tweets', true, true, { groups: { keywords: ['bitcoin', 'etf'] } }),
      answer('tweets', true, false, { groups: { keywords: ['bitcoin'] } }),
      answer('tweets', true, true, { groups: { keywords: [] } }),
    ];
    const groups = estimatesBy(answers, SIZES, 'keyword');
    expect(groups.map((g) => g.group)).toEqual(['bitcoin', 'etf', null]);
    expect(groups.map((g) => g.estimate.keptShouldBeEliminated.answers)).toEqual([2, 1, 1]);
    expect(groups[0]!.estimate.keptShouldBeEliminated.value).toBeCloseTo(0.5, 12);
    expect(groups[1]!.estimate.keptShouldBeEliminated.value).toBe(0);
  });

  it("weights a group's strata by the stratum size times the group's share of its answers", () => {
    // coindesk holds 2 of the 4 tweets:kept answers (estimated 450 items) and 1 of the 2
    // news:kept (50 items): 0.9 · 1/2 + 0.1 · 1/1 = 0.55 of its kept items are wrongly kept.
    const desk = { groups: { origin: 'coindesk.com' } };
    const block = { groups: { origin: 'theblock.co' } };
    const answers = [
      answer('tweets', true, false, desk),
      answer('tweets', true, true, desk),
      answer('tweets', true, true, block),
      answer('tweets', true, true, block),
      answer('news', true, false, desk),
      answer('news', true, true, block),
    ];
    const [coindesk, theblock] = estimatesBy(answers, SIZES, 'origin');
    expect(coindesk!.group).toBe('coindesk.com');
    expect(coindesk!.estimate.keptShouldBeEliminated.value).toBeCloseTo(0.55, 12);
    expect(theblock!.estimate.keptShouldBeEliminated.value).toBe(0);
    // No eliminated strata answered at all: uncovered for every group.
    expect(coindesk!.estimate.eliminatedShouldBeKept).toMatchObject({
      value: null,
      uncoveredStrata: ['tweets:eliminated', 'news:eliminated'],
    });
  });

  it('gives a source the estimate of its own strata alone', () => {
    const answers = [...many('tweets', true, 10, 7), ...many('news', true, 10, 2)];
    const bySource = estimatesBy(answers, SIZES, 'source');
    expect(bySource.map((g) => g.group)).toEqual(['news', 'tweets']);
    const {
      value,
      interval,
      answers: count,
    } = estimateQuality(many('tweets', true, 10, 7), SIZES).keptShouldBeEliminated;
    expect(bySource[1]!.estimate.keptShouldBeEliminated).toMatchObject({
      value,
      interval,
      answers: count,
      // news:kept has answers (the news group's): tweets merely hold none of them.
      uncoveredStrata: [],
    });
  });

  it('sorts model runs by number with the unknown run last, and days in order', () => {
    const runs = [10, 9, null, 2].map((modelRun) =>
      answer('news', false, false, { groups: { modelRun } }),
    );
    expect(estimatesBy(runs, SIZES, 'modelRun').map((g) => g.group)).toEqual([
      '2',
      '9',
      '10',
      null,
    ]);
    const days = ['2026-11-30', '2026-11-02'].map((day) =>
      answer('news', false, false, { groups: { day } }),
    );
    expect(estimatesBy(days, SIZES, 'day').map((g) => g.group)).toEqual([
      '2026-11-02',
      '2026-11-30',
    ]);
  });

  it('gives no group for no answers, and counts an item answered twice once in its group', () => {
    expect(estimatesBy([], SIZES, 'keyword')).toEqual([]);
    const twice = [
      answer('news', true, true, { itemId: 50, groups: { keywords: ['sec'] } }),
      answer('news', true, false, {
        itemId: 50,
        answeredAt: '2026-11-30T10:01:00Z',
        groups: { keywords: ['sec'] },
      }),
    ];
    const [sec] = estimatesBy(twice, SIZES, 'keyword');
    expect(sec!.estimate.keptShouldBeEliminated).toMatchObject({ answers: 1, value: 1 });
  });
});
