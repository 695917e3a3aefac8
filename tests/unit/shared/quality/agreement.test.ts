/**
 * Agreement between two reviewers: Cohen's kappa with an interval that keeps a width at small
 * counts, null where kappa is undefined (never NaN), per pair and pooled, each item counted once.
 */
import { describe, expect, it } from 'vitest';
import { agreementByPair, cohensKappa } from '../../../../src/shared/quality/agreement';
import type { AuditAnswer } from '../../../../src/shared/quality/auditRecord';

describe('cohensKappa', () => {
  it('gives kappa and the hull of the Fleiss-Cohen-Everitt and the carried Wilson intervals', () => {
    // 50 items: both keep 20, first only 5, second only 10, both eliminate 15.
    // p_o = 0.7; first keeps 0.5, second 0.6; p_e = 0.5 · 0.6 + 0.5 · 0.4 = 0.5; κ = 0.4.
    // FCE: Σ_diag = 0.4 · (1 − 1.1 · 0.6)² + 0.3 · (1 − 0.9 · 0.6)² = 0.04624 + 0.06348
    //      Σ_off  = 0.6² · (0.1 · 1.1² + 0.2 · 0.9²) = 0.10188;  (κ − p_e(1 − κ))² = 0.1² = 0.01
    //      Var = (0.10972 + 0.10188 − 0.01) / (50 · 0.5²) = 0.016128, SE = 0.12700,
    //      Wald: 0.4 ± 1.95996 · 0.12700 = [0.1511, 0.6489].
    // Wilson of 35/50 = [0.56250, 0.80896], through (p − 0.5) / 0.5: [0.1250, 0.6179].
    // The hull: [0.1250, 0.6489].
    const estimate = cohensKappa({
      bothKeep: 20,
      firstKeepsOnly: 5,
      secondKeepsOnly: 10,
      bothEliminate: 15,
    });
    expect(estimate.items).toBe(50);
    expect(estimate.agreement).toBeCloseTo(0.7, 12);
    expect(estimate.kappa).toBeCloseTo(0.4, 12);
    expect(estimate.kappaInterval!.low).toBeCloseTo(0.125, 4);
    expect(estimate.kappaInterval!.high).toBeCloseTo(0.6489, 4);
  });

  it('keeps a width when two reviewers agree on all of a few items', () => {
    // FCE's error is 0 here; Wilson of 6/6 = [0.6097, 1], p_e = 0.5: κ from 0.2193.
    const estimate = cohensKappa({
      bothKeep: 3,
      firstKeepsOnly: 0,
      secondKeepsOnly: 0,
      bothEliminate: 3,
    });
    expect(estimate.kappa).toBe(1);
    expect(estimate.kappaInterval!.high).toBe(1);
    expect(estimate.kappaInterval!.low).toBeCloseTo(0.2193, 4);
  });

  it('stays within [−1, 1] when two reviewers disagree on every item', () => {
    const estimate = cohensKappa({
      bothKeep: 0,
      firstKeepsOnly: 4,
      secondKeepsOnly: 4,
      bothEliminate: 0,
    });
    expect(estimate.kappa).toBe(-1);
    expect(estimate.kappaInterval!.low).toBe(-1);
    expect(estimate.kappaInterval!.high).toBeLessThan(0);
  });

  it('gives null, never NaN, without items or when chance agreement is 1', () => {
    expect(
      cohensKappa({ bothKeep: 0, firstKeepsOnly: 0, secondKeepsOnly: 0, bothEliminate: 0 }),
    ).toEqual({ items: 0, agreement: null, kappa: null, kappaInterval: null });
    // Both kept every item: they agree, but kappa has nothing to measure beyond chance.
    expect(
      cohensKappa({ bothKeep: 12, firstKeepsOnly: 0, secondKeepsOnly: 0, bothEliminate: 0 }),
    ).toEqual({ items: 12, agreement: 1, kappa: null, kappaInterval: null });
  });
});

const answer = (
  itemId: number,
  reviewer: string,
  answerKept: boolean,
  answeredAt = '2026-11-30T10:00:00.000Z',
): AuditAnswer => ({
  itemId,
  stratum: { source: 'news', classifierKept: true },
  answerKept,
  reviewer,
  answeredAt,
  groups: { keywords: [], origin: 'coindesk.com', day: '2026-11-30', modelRun: null },
});

describe('agreementByPair', () => {
  it('tables each pair on the items both answered, and leaves out items one answered', () => {
    const answers = [
      answer(1, 'ben', true),
      answer(1, 'ana', true),
      answer(2, 'ana', false),
      answer(2, 'ben', true),
      answer(3, 'ana', false),
      answer(3, 'ben', false),
      answer(4, 'cleo', true),
      answer(4, 'ana', false),
      answer(5, 'ana', true), // one reviewer only
    ];
    const { pairs, overall } = agreementByPair(answers);
    expect(pairs.map((p) => [p.reviewers, p.items, p.agreement])).toEqual([
      [['ana', 'ben'], 3, 2 / 3],
      [['ana', 'cleo'], 1, 0],
    ]);
    expect(pairs[0]).toEqual({
      reviewers: ['ana', 'ben'],
      ...cohensKappa({ bothKeep: 1, firstKeepsOnly: 0, secondKeepsOnly: 1, bothEliminate: 1 }),
    });
    expect(overall.items).toBe(4);
    expect(overall.agreement).toBeCloseTo(0.5, 12);
  });

  it("pools every item both ways round: Fleiss' kappa, equal to the pair's when they keep alike", () => {
    // ana and ben keep 3 of 6 each and agree on 4: κ = (4/6 − 0.5) / 0.5 = 1/3 both ways.
    const alike = [
      [true, true],
      [true, true],
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ].flatMap(([ana, ben], itemId) => [answer(itemId, 'ana', ana!), answer(itemId, 'ben', ben!)]);
    const report = agreementByPair(alike);
    expect(report.pairs[0]!.kappa).toBeCloseTo(1 / 3, 12);
    expect(report.overall).toEqual({ ...report.pairs[0], reviewers: undefined });
    // Pairs in either order give the same pooled table.
    const swapped = alike.map((a) => ({
      ...a,
      reviewer: a.reviewer === 'ana' ? 'zed' : a.reviewer,
    }));
    expect(agreementByPair(swapped).overall).toEqual(report.overall);
  });

  it('counts a reviewer who answered an item twice once, with the later answer', () => {
    const answers = [
      answer(1, 'ana', false, '2026-11-30T10:00:00Z'),
      answer(1, 'ben', true, '2026-11-30T10:02:00Z'),
      answer(1, 'ana', true, '2026-11-30T10:05:00Z'),
    ];
    const [pair] = agreementByPair(answers).pairs;
    expect(pair).toMatchObject({ reviewers: ['ana', 'ben'], items: 1, agreement: 1 });
  });

  it("keeps a settled disagreement in the pair's table: the third answer settles, it is not rated", () => {
    const answers = [
      answer(1, 'ana', true, '2026-11-30T10:00:00Z'),
      answer(1, 'ben', false, '2026-11-30T10:01:00Z'),
      answer(1, 'cleo', true, '2026-11-30T11:00:00Z'),
    ];
    const { pairs, overall } = agreementByPair(answers);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ reviewers: ['ana', 'ben'], items: 1, agreement: 0 });
    expect(overall.items).toBe(1);
  });

  it('gives an empty report, with null and not NaN, for no answers', () => {
    expect(agreementByPair([])).toEqual({
      pairs: [],
      overall: { items: 0, agreement: null, kappa: null, kappaInterval: null },
    });
  });
});
