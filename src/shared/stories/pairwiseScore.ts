/**
 * Pairwise precision and recall of a grouping against labels: of the pairs of items put in one
 * story, how many share a label (precision); of the pairs that share a label, how many were put in
 * one story (recall). Each is 1 when there is no pair to count.
 */
export interface PairwiseScore {
  precision: number;
  recall: number;
  /** Pairs grouped together, pairs labelled together, pairs both. */
  groupedPairs: number;
  labelledPairs: number;
  bothPairs: number;
}

export function pairwiseScore(items: readonly { label: string; group: string }[]): PairwiseScore {
  const pairs = (n: number): number => (n * (n - 1)) / 2;
  const count = (key: (i: { label: string; group: string }) => string): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return counts;
  };
  const sum = (counts: Map<string, number>): number =>
    [...counts.values()].reduce((total, n) => total + pairs(n), 0);
  const groupedPairs = sum(count((i) => i.group));
  const labelledPairs = sum(count((i) => i.label));
  // JSON of the two keys: no separator that a label or a story id could contain.
  const bothPairs = sum(count((i) => JSON.stringify([i.group, i.label])));
  return {
    precision: groupedPairs === 0 ? 1 : bothPairs / groupedPairs,
    recall: labelledPairs === 0 ? 1 : bothPairs / labelledPairs,
    groupedPairs,
    labelledPairs,
    bothPairs,
  };
}
