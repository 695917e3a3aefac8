/**
 * The audit answers as the estimators count them: one answer per item and reviewer, and one
 * verdict per item, so that nothing is counted twice. A reviewer may answer an item again (an
 * undone and changed decision, or the item drawn again on a later day); the item is still one item
 * of the population, and the reviewer still has one opinion of it.
 */
import type { AuditAnswer, AuditStratum } from './auditRecord';

const timeOf = (answer: AuditAnswer): number => {
  const time = Date.parse(answer.answeredAt);
  if (Number.isNaN(time))
    throw new RangeError(
      `The audit answer to item ${answer.itemId} by ${answer.reviewer} has no valid time: "${answer.answeredAt}".`,
    );
  return time;
};

/**
 * One answer per (item, reviewer): the later one stands, as a reviewer's changed answer replaces
 * the first. "Later" is by answeredAt; at the same time, the one given later in the list. The
 * result keeps the order of the answers that stand.
 */
export function latestAnswers(answers: readonly AuditAnswer[]): AuditAnswer[] {
  const standing = new Map<string, { answer: AuditAnswer; time: number; index: number }>();
  answers.forEach((answer, index) => {
    const key = JSON.stringify([answer.itemId, answer.reviewer]);
    const time = timeOf(answer);
    const held = standing.get(key);
    if (!held || time >= held.time) standing.set(key, { answer, time, index });
  });
  return [...standing.values()].sort((a, b) => a.index - b.index).map((held) => held.answer);
}

/** One audited item: what its reviewers decided, with its stratum and groups. */
export interface AuditedItem {
  itemId: number;
  stratum: AuditStratum;
  groups: AuditAnswer['groups'];
  /**
   * The reviewers' verdict as a share of "keep": 1 or 0 where they agree or a majority decides (a
   * third reviewer settling a disagreement is that majority), ½ while two of them disagree. Half
   * a count each way is the honest middle: neither reviewer's answer is invented away.
   */
  keepShare: 0 | 0.5 | 1;
  /** The reviewers whose answers stand, in the order they answered. */
  reviewers: string[];
}

/**
 * One verdict per item from the answers that stand (latestAnswers). The stratum and groups are
 * the item's at its latest answer: where it was drawn again after a new decision of the
 * classifier, that is the decision the reviewers last judged.
 */
export function auditedItems(answers: readonly AuditAnswer[]): AuditedItem[] {
  const byItem = new Map<number, AuditAnswer[]>();
  for (const answer of latestAnswers(answers)) {
    const list = byItem.get(answer.itemId);
    if (list) list.push(answer);
    else byItem.set(answer.itemId, [answer]);
  }
  return [...byItem.values()].map((list): AuditedItem => {
    const ordered = [...list].sort((a, b) => timeOf(a) - timeOf(b));
    const last = ordered[ordered.length - 1]!;
    const keeps = ordered.filter((a) => a.answerKept).length;
    const eliminations = ordered.length - keeps;
    return {
      itemId: last.itemId,
      stratum: last.stratum,
      groups: last.groups,
      keepShare: keeps > eliminations ? 1 : keeps < eliminations ? 0 : 0.5,
      reviewers: ordered.map((a) => a.reviewer),
    };
  });
}
