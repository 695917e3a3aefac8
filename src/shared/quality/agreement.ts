/**
 * Agreement between reviewers on the items two of them answered: the share of items they answered
 * alike, and Cohen's kappa (that agreement beyond what their own keep rates give by chance) with
 * a 95% interval, per pair of reviewers and pooled over all pairs.
 */
import type { AuditAnswer } from './auditRecord';
import { latestAnswers } from './auditItems';
import type { AgreementEstimate, Interval } from './estimateTypes';
import { wilsonInterval, Z95 } from './intervals';

/** Items two reviewers answered, by their two answers (first and second reviewer). */
export interface AgreementTable {
  bothKeep: number;
  firstKeepsOnly: number;
  secondKeepsOnly: number;
  bothEliminate: number;
}

const clampKappa = (k: number) => Math.min(1, Math.max(-1, k));

/**
 * Cohen's kappa of a table, with a 95% interval that is the hull of two:
 * - the large-sample (Wald) interval with the standard error of Fleiss, Cohen & Everitt (1969),
 *   which accounts for the uncertainty of both reviewers' keep rates, but is a large-sample
 *   figure: it collapses to a point when the two agree on every item (its error is then 0);
 * - the Wilson interval of the observed agreement, carried through κ = (p_o − p_e) / (1 − p_e)
 *   with the chance agreement p_e held as observed, which keeps an honest width at small counts
 *   and at perfect agreement.
 * The hull covers at least as often as either; both are clamped to [−1, 1]. Kappa is undefined
 * (null) with no items, or when chance agreement is 1 (both reviewers gave one same answer to
 * every item): the agreement share is still given then.
 */
export function cohensKappa(table: AgreementTable): AgreementEstimate {
  const { bothKeep, firstKeepsOnly, secondKeepsOnly, bothEliminate } = table;
  const n = bothKeep + firstKeepsOnly + secondKeepsOnly + bothEliminate;
  if (n === 0) return { items: 0, agreement: null, kappa: null, kappaInterval: null };
  const p11 = bothKeep / n;
  const p12 = firstKeepsOnly / n;
  const p21 = secondKeepsOnly / n;
  const p22 = bothEliminate / n;
  const observed = p11 + p22;
  const firstKeeps = p11 + p12;
  const secondKeeps = p11 + p21;
  const chance = firstKeeps * secondKeeps + (1 - firstKeeps) * (1 - secondKeeps);
  if (1 - chance < 1e-12)
    return { items: n, agreement: observed, kappa: null, kappaInterval: null };
  const kappa = (observed - chance) / (1 - chance);
  const rest = 1 - kappa;
  // Fleiss, Cohen & Everitt (1969), eq. for Var(κ̂) at κ ≠ 0, rows the first reviewer.
  const onDiagonal =
    p11 * (1 - (secondKeeps + firstKeeps) * rest) ** 2 +
    p22 * (1 - (1 - secondKeeps + (1 - firstKeeps)) * rest) ** 2;
  const offDiagonal =
    rest ** 2 *
    (p12 * (secondKeeps + (1 - firstKeeps)) ** 2 + p21 * (1 - secondKeeps + firstKeeps) ** 2);
  const variance =
    Math.max(0, onDiagonal + offDiagonal - (kappa - chance * rest) ** 2) / (n * (1 - chance) ** 2);
  const wald = Z95 * Math.sqrt(variance);
  const agreementInterval = wilsonInterval(observed, n)!;
  const toKappa = (p: number) => (p - chance) / (1 - chance);
  const interval: Interval = {
    low: clampKappa(Math.min(kappa - wald, toKappa(agreementInterval.low))),
    high: clampKappa(Math.max(kappa + wald, toKappa(agreementInterval.high))),
  };
  return { items: n, agreement: observed, kappa, kappaInterval: interval };
}

export interface PairAgreement extends AgreementEstimate {
  /** The pair in code-unit order of their names (the first is the table's first reviewer). */
  reviewers: readonly [string, string];
}

export interface AgreementReport {
  /** Pairs sorted by their reviewers' names. */
  pairs: PairAgreement[];
  /**
   * All pairs pooled. Reviewers differ from pair to pair, so no one is "the first reviewer" whose
   * keep rate Cohen's chance term could use: each item counts half in each orientation, which
   * gives Fleiss' kappa for two answers per item (Scott's pi), equal to the pair's Cohen's kappa
   * when the two keep at the same rate.
   */
  overall: AgreementEstimate;
}

const emptyTable = (): AgreementTable => ({
  bothKeep: 0,
  firstKeepsOnly: 0,
  secondKeepsOnly: 0,
  bothEliminate: 0,
});

/**
 * Agreement on the items answered by two reviewers (one answer each: the later stands, as in
 * auditItems.ts). Where a third reviewer answered too, that answer settles a disagreement and is
 * not a rating of the pair: the pair is the first two to answer, so that a settled disagreement
 * still counts as one. Items one reviewer answered take no part.
 */
export function agreementByPair(answers: readonly AuditAnswer[]): AgreementReport {
  const byItem = new Map<number, AuditAnswer[]>();
  for (const answer of latestAnswers(answers)) {
    const list = byItem.get(answer.itemId);
    if (list) list.push(answer);
    else byItem.set(answer.itemId, [answer]);
  }
  const tables = new Map<string, { reviewers: [string, string]; table: AgreementTable }>();
  const pooled = emptyTable();
  for (const list of byItem.values()) {
    if (list.length < 2) continue;
    const [one, other] = [...list]
      .sort((a, b) => Date.parse(a.answeredAt) - Date.parse(b.answeredAt))
      .slice(0, 2) as [AuditAnswer, AuditAnswer];
    const [first, second] = one.reviewer < other.reviewer ? [one, other] : [other, one];
    const key = JSON.stringify([first.reviewer, second.reviewer]);
    const entry = tables.get(key) ?? {
      reviewers: [first.reviewer, second.reviewer],
      table: emptyTable(),
    };
    tables.set(key, entry);
    const cell: keyof AgreementTable =
      first.answerKept && second.answerKept
        ? 'bothKeep'
        : first.answerKept
          ? 'firstKeepsOnly'
          : second.answerKept
            ? 'secondKeepsOnly'
            : 'bothEliminate';
    entry.table[cell] += 1;
    // Pooled both ways round: an agreement counts whole, a disagreement half in each cell.
    if (cell === 'firstKeepsOnly' || cell === 'secondKeepsOnly') {
      pooled.firstKeepsOnly += 0.5;
      pooled.secondKeepsOnly += 0.5;
    } else pooled[cell] += 1;
  }
  const pairs = [...tables]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, entry]) => entry)
    .map(({ reviewers, table }) => ({ reviewers, ...cohensKappa(table) }));
  return { pairs, overall: cohensKappa(pooled) };
}
